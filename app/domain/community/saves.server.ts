import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions, savedQuestions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { listedColumns, toListed } from "~/domain/questions/cards.server";
import type { ListedQuestion } from "~/shared/community";

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
  return rows.map(({ savedAt, ...row }) => ({ ...toListed(row, index), savedAt: savedAt.toISOString() }));
}
