import { sql } from "drizzle-orm";
import { CATEGORIES } from "~/shared/categories";
import type { Database } from "./database.server";
import { categories } from "./schema";

/** Inserts the categories, or refreshes their names and descriptions. Idempotent. */
export async function seedCategories(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, index) => ({ ...c, sortOrder: index })))
    .onConflictDoUpdate({
      target: categories.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
