import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { generationHistory, questions } from "~/db/schema";
import { pageWithin } from "../paging";

/**
 * Remembers that a signed-in user was served a question. One row per user
 * and question, never a duplicate; serving it again moves it to the top of
 * their history, and it counts as seen again after a fresh start of its choice.
 */
export async function recordServed(db: Database, userId: string, questionId: string, now = new Date()): Promise<void> {
  await db
    .insert(generationHistory)
    .values({ userId, questionId, servedAt: now })
    .onConflictDoUpdate({
      target: [generationHistory.userId, generationHistory.questionId],
      set: { servedAt: sql`excluded.served_at`, seen: true },
    });
}

/** A page of a user's history, newest first. */
export async function listHistory(db: Database, userId: string, page = 1, pageSize = 25) {
  const [{ total = 0 } = {}] = await db
    .select({ total: count() })
    .from(generationHistory)
    .where(eq(generationHistory.userId, userId));
  const { page: current, pageCount } = pageWithin(page, total, pageSize);
  const items = await db
    .select({
      questionId: questions.id,
      text: questions.text,
      type: questions.type,
      servedAt: generationHistory.servedAt,
    })
    .from(generationHistory)
    .innerJoin(questions, eq(questions.id, generationHistory.questionId))
    .where(eq(generationHistory.userId, userId))
    .orderBy(desc(generationHistory.servedAt))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { items, page: current, pageCount, total };
}
