import { and, eq, or } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { meetingNamedIn } from "~/shared/meeting-kinds";
import { normalizeQuestionText, type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";
import { categoryIndex } from "../categories.server";
import { failure, type Outcome } from "../errors";
import { rowColumns, toServed } from "../questions/cards.server";
import { visibleToTeam, visibleToViewer } from "../teams/visibility.server";

/** Whose a directed question becomes: the member's private one, or in a team's meeting the team's own. */
export type DirectedOwner = { userId: string; teamId: string | null };

/** The labels a directed question carries: those of its choice, or of the question it came from. */
export type DirectedLabels = {
  type: string;
  meetingContext: string;
  questionStyle: string;
  engagementLevel: string;
  categoryId: string | null;
};

/** Rolls back the questions stored before a text that is someone else's. */
class TakenElsewhere extends Error {}

export const TAKEN_ELSEWHERE = "The AI wrote a question that already exists and is not yours to use. Please ask again.";

/** Questions the owner may read by id: what the member sees, and in a team's meeting what the team sees. */
export function readableBy(owner: DirectedOwner) {
  return owner.teamId ? or(visibleToViewer(owner.userId), visibleToTeam(owner.teamId)) : visibleToViewer(owner.userId);
}

/** A question the owner may direct the AI from (rewrite, follow up), as a card with its labels. */
export async function readSourceQuestion(db: Database, owner: DirectedOwner, questionId: string) {
  const [row] = await db
    .select(rowColumns)
    .from(questions)
    .where(and(eq(questions.id, questionId), readableBy(owner)));
  return row ?? null;
}

/** The question the studio starts from, as a card; null when the owner may not read it. */
export async function startingQuestion(
  db: Database,
  owner: DirectedOwner,
  questionId: string,
): Promise<ServedQuestion | null> {
  const [row, index] = await Promise.all([readSourceQuestion(db, owner, questionId), categoryIndex(db)]);
  return row ? toServed(row, index) : null;
}

/**
 * Stores the AI's questions, all or none (one transaction): private to the
 * member (status 'private', author_id), or the team's own (status 'team'),
 * never public. A text that already exists is answered with that question
 * when the owner may read it; someone else's private text is never named.
 */
export async function storeDirected(
  db: Database,
  owner: DirectedOwner,
  texts: readonly string[],
  labels: DirectedLabels,
): Promise<Outcome<{ questions: ServedQuestion[] }>> {
  const index = await categoryIndex(db);
  let ids: string[];
  try {
    ids = await db.transaction(async (tx) => {
      const stored: string[] = [];
      for (const raw of texts) {
        const text = stripSurroundingQuotes(raw);
        const normalizedText = normalizeQuestionText(text);
        const [inserted] = await tx
          .insert(questions)
          .values({
            ...labels,
            text,
            normalizedText,
            meetingBound: meetingNamedIn(text) !== null,
            source: "ai_generated",
            status: owner.teamId ? "team" : "private",
            teamId: owner.teamId,
            authorId: owner.userId,
          })
          .onConflictDoNothing({ target: questions.normalizedText })
          .returning({ id: questions.id });
        if (inserted) {
          stored.push(inserted.id);
          continue;
        }
        const [existing] = await tx
          .select({ id: questions.id })
          .from(questions)
          .where(and(eq(questions.normalizedText, normalizedText), readableBy(owner)));
        if (!existing) throw new TakenElsewhere();
        stored.push(existing.id);
      }
      return stored;
    });
  } catch (error) {
    if (error instanceof TakenElsewhere) return failure("DUPLICATE", TAKEN_ELSEWHERE);
    throw error;
  }
  const rows = await db
    .select(rowColumns)
    .from(questions)
    .where(or(...ids.map((id) => eq(questions.id, id))));
  const byId = new Map(rows.map((row) => [row.id, toServed(row, index)]));
  return { ok: true, questions: ids.flatMap((id) => byId.get(id) ?? []) };
}
