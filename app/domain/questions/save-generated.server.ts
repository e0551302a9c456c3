import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { meetingNamedIn } from "~/shared/meeting-kinds";
import { normalizeQuestionText, type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";
import type { GenerationInput } from "../generation/generator.server";
import { rowColumns, toServed } from "./cards.server";

/**
 * Stores a generated question as a public library question. A question that
 * is already there (same normalised text) is returned instead of duplicated.
 */
export async function saveGeneratedQuestion(
  db: Database,
  text: string,
  input: GenerationInput,
): Promise<ServedQuestion> {
  const clean = stripSurroundingQuotes(text);
  const normalizedText = normalizeQuestionText(clean);
  const index = await categoryIndex(db);
  const categoryId = input.categorySlug ? (index.idBySlug.get(input.categorySlug) ?? null) : null;
  await db
    .insert(questions)
    .values({
      text: clean,
      normalizedText,
      type: input.type,
      meetingContext: input.meetingContext,
      questionStyle: input.questionStyle,
      engagementLevel: input.engagementLevel,
      categoryId,
      meetingBound: meetingNamedIn(clean) !== null,
      source: "ai_generated",
    })
    .onConflictDoNothing({ target: questions.normalizedText });
  const [row] = await db.select(rowColumns).from(questions).where(eq(questions.normalizedText, normalizedText));
  if (!row) throw new Error("A generated question could not be stored");
  return toServed(row, index);
}
