import { asc } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { categories } from "~/db/schema";

export type CategorySummary = { slug: string; name: string; description: string };

/** Categories in their display order, as stored (seeded from shared/categories.ts). */
export async function listCategories(db: Database): Promise<CategorySummary[]> {
  return db
    .select({ slug: categories.slug, name: categories.name, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.sortOrder));
}
