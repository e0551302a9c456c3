import { and, eq, ne, or } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import type { ServedQuestion } from "~/shared/questions";
import { categoryIndex } from "../categories.server";
import type { Outcome } from "../errors";
import { rowColumns, toServed } from "../questions/cards.server";
import { insertQuestion, storedText } from "../questions/question-writes.server";
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
 * Stores the AI's questions, all or none (one transaction), through the one
 * write path: private to the member (status 'private', author_id), or the
 * team's own (status 'team'), never public. A text that is already published,
 * or already one of the owner's own questions, is answered with that
 * question; anyone else's unpublished question with the same text is neither
 * read nor revealed, and both are kept.
 */
export async function storeDirected(
  db: Database,
  owner: DirectedOwner,
  texts: readonly string[],
  labels: DirectedLabels,
): Promise<Outcome<{ questions: ServedQuestion[] }>> {
  const checked = texts.map((text) => storedText(text));
  for (const check of checked) if (!check.ok) return check;
  const index = await categoryIndex(db);
  const ids = await db.transaction(async (tx) => {
    const stored: string[] = [];
    for (const check of checked) {
      if (!check.ok) continue;
      const [own] = await tx
        .select({ id: questions.id })
        .from(questions)
        .where(
          and(
            eq(questions.normalizedText, check.stored.normalizedText),
            ne(questions.status, "published"),
            readableBy(owner),
          ),
        );
      if (own) {
        stored.push(own.id);
        continue;
      }
      const inserted = await insertQuestion(tx, {
        ...labels,
        text: check.stored.text,
        source: "ai_generated",
        status: owner.teamId ? "team" : "private",
        teamId: owner.teamId,
        authorId: owner.userId,
      });
      // The texts were checked above, so only the database can fail here; throwing rolls the batch back.
      if (!inserted.ok) throw inserted.error;
      stored.push(inserted.id);
    }
    return stored;
  });
  const rows = await db
    .select(rowColumns)
    .from(questions)
    .where(or(...ids.map((id) => eq(questions.id, id))));
  const byId = new Map(rows.map((row) => [row.id, toServed(row, index)]));
  return { ok: true, questions: ids.flatMap((id) => byId.get(id) ?? []) };
}
