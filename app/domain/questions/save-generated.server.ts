import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import type { ServedQuestion } from "~/shared/questions";
import type { GenerationInput } from "../generation/generator.server";
import { rowColumns, toServed } from "./cards.server";
import { insertQuestion } from "./question-writes.server";

/**
 * Stores a generated question as a public library question. A question that
 * is already published (same normalised text) is returned instead of
 * duplicated; an unpublished one with the same text is never read here.
 */
export async function saveGeneratedQuestion(
  db: Database,
  text: string,
  input: GenerationInput,
): Promise<ServedQuestion> {
  const index = await categoryIndex(db);
  const categoryId = input.categorySlug ? (index.idBySlug.get(input.categorySlug) ?? null) : null;
  const stored = await insertQuestion(db, {
    text,
    type: input.type,
    meetingContext: input.meetingContext,
    questionStyle: input.questionStyle,
    engagementLevel: input.engagementLevel,
    categoryId,
    source: "ai_generated",
    status: "published",
  });
  // validateAnswer applies the same text check before this, so a refusal here is a bug, not the AI's.
  if (!stored.ok) throw stored.error;
  const [row] = await db.select(rowColumns).from(questions).where(eq(questions.id, stored.id));
  if (!row) throw new Error("A generated question could not be stored");
  return toServed(row, index);
}
