import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { categories, publishedQuestionCounts, questions } from "~/db/schema";

export type CategoryCount = { slug: string; name: string; questionCount: number };

export type LibraryStats = {
  questions: { total: number; bySource: Record<string, number>; byType: Record<string, number> };
  categories: CategoryCount[];
};

/**
 * Published questions per category, in the categories' order, from the
 * trigger-kept counts (migration 0004): no scan of the questions table, so
 * the home page can show live figures on every request.
 */
export function categoryCounts(db: Database): Promise<CategoryCount[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      questionCount: sql<number>`coalesce(${publishedQuestionCounts.total}, 0)::int`,
    })
    .from(categories)
    .leftJoin(publishedQuestionCounts, sql`${publishedQuestionCounts.categoryKey} = ${categories.id}::text`)
    .orderBy(categories.sortOrder);
}

/** Live counts of published questions, so pages show real figures, never made-up ones. */
export async function libraryStats(db: Database): Promise<LibraryStats> {
  const published = eq(questions.status, "published");
  const count = sql<number>`count(*)::int`;
  const [bySourceRows, byTypeRows, categoryRows] = await Promise.all([
    db.select({ key: questions.source, n: count }).from(questions).where(published).groupBy(questions.source),
    db.select({ key: questions.type, n: count }).from(questions).where(published).groupBy(questions.type),
    categoryCounts(db),
  ]);
  const toRecord = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.n]));
  const bySource = toRecord(bySourceRows);
  return {
    questions: {
      total: Object.values(bySource).reduce((a, b) => a + b, 0),
      bySource,
      byType: toRecord(byTypeRows),
    },
    categories: categoryRows,
  };
}
