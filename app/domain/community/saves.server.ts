import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions, savedQuestions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { toServed } from "~/domain/questions/library-pick.server";
import type { ListedQuestion } from "~/shared/community";
import { listedColumns } from "./list.server";

/** Saves a published question for the user; saving twice is the same as once. False when there is no such question. */
export async function saveQuestion(db: Database, userId: string, questionId: string): Promise<boolean> {
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.status, "published")));
  if (!question) return false;
  await db.insert(savedQuestions).values({ userId, questionId }).onConflictDoNothing();
  return true;
}

export async function unsaveQuestion(db: Database, userId: string, questionId: string): Promise<void> {
  await db
    .delete(savedQuestions)
    .where(and(eq(savedQuestions.userId, userId), eq(savedQuestions.questionId, questionId)));
}

export type SavedQuestion = ListedQuestion & { savedAt: string };

/** Everything the user saved, newest first (a person saves dozens, not thousands). */
export async function listSaved(db: Database, userId: string): Promise<SavedQuestion[]> {
  const index = await categoryIndex(db);
  const rows = await db
    .select({ ...listedColumns(userId), savedAt: savedQuestions.createdAt })
    .from(savedQuestions)
    .innerJoin(questions, eq(questions.id, savedQuestions.questionId))
    .where(eq(savedQuestions.userId, userId))
    .orderBy(desc(savedQuestions.createdAt));
  return rows.map(({ userVote, saved, savedAt, ...row }) => ({
    ...toServed(row, index),
    userVote: userVote ?? null,
    saved: Boolean(saved),
    savedAt: savedAt.toISOString(),
  }));
}
