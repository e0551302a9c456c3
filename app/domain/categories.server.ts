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

export type CategoryIndex = { idBySlug: Map<string, string>; slugById: Map<string, string> };

const indexes = new WeakMap<Database, Promise<CategoryIndex>>();

/**
 * Category ids by slug and back. Categories are seeded at start and never
 * change while the server runs, so hot queries filter by id without a join.
 */
export function categoryIndex(db: Database): Promise<CategoryIndex> {
  let index = indexes.get(db);
  if (!index) {
    index = db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .then((rows) => ({
        idBySlug: new Map(rows.map((r) => [r.slug, r.id])),
        slugById: new Map(rows.map((r) => [r.id, r.slug])),
      }));
    index.catch(() => indexes.delete(db));
    indexes.set(db, index);
  }
  return index;
}
