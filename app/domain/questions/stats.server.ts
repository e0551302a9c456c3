import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { categories, questions } from "~/db/schema";

export type LibraryStats = {
  questions: { total: number; bySource: Record<string, number>; byType: Record<string, number> };
  categories: { slug: string; name: string; questionCount: number }[];
};

/** Live counts of published questions, for pages that want real figures (PRODUCT.md "Honesty"). */
export async function libraryStats(db: Database): Promise<LibraryStats> {
  const published = eq(questions.status, "published");
  const count = sql<number>`count(*)::int`;
  const [bySourceRows, byTypeRows, categoryRows] = await Promise.all([
    db.select({ key: questions.source, n: count }).from(questions).where(published).groupBy(questions.source),
    db.select({ key: questions.type, n: count }).from(questions).where(published).groupBy(questions.type),
    db
      .select({
        slug: categories.slug,
        name: categories.name,
        questionCount: sql<number>`count(${questions.id})::int`,
      })
      .from(categories)
      .leftJoin(questions, sql`${questions.categoryId} = ${categories.id} and ${published}`)
      .groupBy(categories.id)
      .orderBy(categories.sortOrder),
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
