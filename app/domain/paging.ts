/**
 * The page to show of `total` rows, `pageSize` a page: the one asked for,
 * kept between the first and the last (a list that shrank, or a hand-typed
 * number, still shows rows), and how many pages there are.
 */
export function pageWithin(requested: number, total: number, pageSize: number): { page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount), pageCount };
}
