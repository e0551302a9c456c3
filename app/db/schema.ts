import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The database schema. Migrations in ./drizzle are generated from this file
 * by `npm run db:generate`; never edit a generated migration by hand.
 */

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
