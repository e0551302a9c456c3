import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

/**
 * Every question, whatever its source (PRODUCT.md "Data model"). The vote
 * counters are kept exact in the same transaction as each vote.
 */
export const questions = pgTable(
  "questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    text: text("text").notNull(),
    /** Lowercased, punctuation and whitespace collapsed: no two questions may share it. */
    normalizedText: text("normalized_text").notNull().unique(),
    type: text("type").notNull(),
    meetingContext: text("meeting_context").notNull(),
    questionStyle: text("question_style").notNull(),
    engagementLevel: text("engagement_level").notNull(),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    source: text("source").notNull(),
    status: text("status").notNull().default("published"),
    /** The account that submitted it; null for curated and generated questions. */
    authorId: text("author_id"),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    voteScore: integer("vote_score").notNull().default(0),
    totalVotes: integer("total_votes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The generator's lookup: one cell of the library, optionally one category.
    index("questions_cell_idx").on(t.meetingContext, t.questionStyle, t.engagementLevel, t.categoryId),
    index("questions_type_idx").on(t.type, t.questionStyle),
    check("questions_type_check", sql`${t.type} in ('check-in', 'energizer', 'check-out')`),
    check("questions_source_check", sql`${t.source} in ('curated', 'ai_generated', 'user_submitted')`),
    check("questions_status_check", sql`${t.status} in ('published', 'pending', 'rejected')`),
  ],
);

/** AI generations used per quota subject (an anonymous visitor, an IP, an account) in the current window. */
export const aiUsage = pgTable("ai_usage", {
  subject: text("subject").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  used: integer("used").notNull(),
});

/** Which version of each content folder was last imported, so unchanged content is not re-read at start. */
export const contentImports = pgTable("content_imports", {
  name: text("name").primaryKey(),
  hash: text("hash").notNull(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});
