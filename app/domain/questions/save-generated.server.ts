import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { categories, questions } from "~/db/schema";
import { normalizeQuestionText, type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";
import type { GenerationInput } from "../generation/generator.server";
import { servedColumns, toServed } from "./library-pick.server";

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
  const categoryId = input.categorySlug
    ? ((await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.categorySlug)))[0]
        ?.id ?? null)
    : null;
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
      source: "ai_generated",
    })
    .onConflictDoNothing({ target: questions.normalizedText });
  const [row] = await db
    .select(servedColumns)
    .from(questions)
    .leftJoin(categories, eq(categories.id, questions.categoryId))
    .where(eq(questions.normalizedText, normalizedText));
  if (!row) throw new Error("A generated question could not be stored");
  return toServed(row);
}
