import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { hiddenQuestions, questions, savedQuestions } from "~/db/schema";
import { visibleToViewer } from "../teams/visibility.server";

/**
 * A member's own on/off marks on a question. Saved: kept on their saved
 * page, for published questions and their own private ones. Hidden: "don't show this again", the
 * generator never serves it to them.
 */
export type QuestionMark = "saved" | "hidden";

const TABLES = { saved: savedQuestions, hidden: hiddenQuestions } as const;

/** Sets the mark; setting it twice is the same as once. False when there is no such question to mark. */
export async function setMark(db: Database, mark: QuestionMark, userId: string, questionId: string): Promise<boolean> {
  const exists = eq(questions.id, questionId);
  // A team's own question is markable only by its members: to anyone else it does not exist.
  const markable =
    mark === "saved"
      ? and(
          exists,
          or(eq(questions.status, "published"), and(eq(questions.status, "private"), eq(questions.authorId, userId))),
        )
      : and(exists, or(and(isNull(questions.teamId), ne(questions.status, "private")), visibleToViewer(userId)));
  const [question] = await db.select({ id: questions.id }).from(questions).where(markable);
  if (!question) return false;
  await db.insert(TABLES[mark]).values({ userId, questionId }).onConflictDoNothing();
  return true;
}

export async function clearMark(db: Database, mark: QuestionMark, userId: string, questionId: string): Promise<void> {
  const table = TABLES[mark];
  await db.delete(table).where(and(eq(table.userId, userId), eq(table.questionId, questionId)));
}

export const saveQuestion = (db: Database, userId: string, questionId: string) =>
  setMark(db, "saved", userId, questionId);
export const unsaveQuestion = (db: Database, userId: string, questionId: string) =>
  clearMark(db, "saved", userId, questionId);
export const hideQuestion = (db: Database, userId: string, questionId: string) =>
  setMark(db, "hidden", userId, questionId);
export const unhideQuestion = (db: Database, userId: string, questionId: string) =>
  clearMark(db, "hidden", userId, questionId);
