import { Link } from "react-router";

/**
 * "Newer · Page 2 of 5 · Older" under a list kept newest first. `hrefFor`
 * writes the link of a page; `keepScroll` keeps the reader where they are
 * (a list inside a longer page, its hash naming the list).
 */
export function NewerOlderPager({
  page,
  pageCount,
  hrefFor,
  label,
  keepScroll = false,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
  keepScroll?: boolean;
}) {
  const link = (to: number, text: string) => (
    <Link to={hrefFor(to)} preventScrollReset={keepScroll} className="font-semibold text-brand-800 underline">
      {text}
    </Link>
  );
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm">
      {page > 1 ? link(page - 1, "Newer") : <span />}
      <span className="text-ink-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? link(page + 1, "Older") : <span />}
    </nav>
  );
}
