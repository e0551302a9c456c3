import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { hiddenQuestions, questions } from "~/db/schema";

/** "Don't show this again": the generator never serves it to this member. False when there is no such question. */
export async function hideQuestion(db: Database, userId: string, questionId: string): Promise<boolean> {
  const [question] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, questionId));
  if (!question) return false;
  await db.insert(hiddenQuestions).values({ userId, questionId }).onConflictDoNothing();
  return true;
}

export async function unhideQuestion(db: Database, userId: string, questionId: string): Promise<void> {
  await db
    .delete(hiddenQuestions)
    .where(and(eq(hiddenQuestions.userId, userId), eq(hiddenQuestions.questionId, questionId)));
}
