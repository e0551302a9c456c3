import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { questionTextProblem } from "~/shared/community";
import { meetingNamedIn } from "~/shared/meeting-kinds";
import { normalizeQuestionText, stripSurroundingQuotes } from "~/shared/questions";
import { writtenTextProblem } from "~/shared/text";
import { recordAudit } from "../admin/audit.server";
import { failure, type Outcome } from "../errors";

/**
 * The one way a question's text reaches the `questions` table. Whoever
 * writes it (a member, a team, an admin, the AI, the library import), the
 * text is checked by the same rule (`questionTextProblem`: no links,
 * direction controls or invisible characters), stored without surrounding
 * quotes, with its normalised form, and with `meetingBound` derived from
 * it, so a question that names its meeting is never served elsewhere
 * however it came to say so. Vote counters and status changes that leave
 * the text alone are not written here.
 */

/** The columns that follow from a question's text. */
export type StoredText = { text: string; normalizedText: string; meetingBound: boolean };

/** A question to store: everything but what follows from its text. */
export type NewQuestion = Omit<typeof questions.$inferInsert, "id" | keyof StoredText> & { text: string };

/**
 * Only published questions hold their text alone (a partial unique index):
 * private, team and waiting questions may repeat a text, so storing one never
 * tells anyone that somebody else's unpublished question says the same. The
 * conflict target of an insert names the index by this predicate.
 */
export const PUBLISHED_TEXT = sql`status = 'published'`;

/**
 * The text as it is stored, or the reason it may not be (INVALID_INPUT,
 * naming the question). The curated library also holds instructions ("Share
 * ... in one word."), whose shape its own rules check (`library-rules.ts`):
 * for it only the characters are checked here.
 */
export function storedText(raw: string, { curated = false } = {}): Outcome<{ stored: StoredText }> {
  const text = stripSurroundingQuotes(raw);
  const characters = writtenTextProblem(text);
  const problem = curated
    ? characters && `Invalid question: must not contain ${characters}`
    : questionTextProblem(text);
  if (problem) return failure("QUESTION_TEXT_INVALID", { problem });
  return {
    ok: true,
    stored: { text, normalizedText: normalizeQuestionText(text), meetingBound: meetingNamedIn(text) !== null },
  };
}

/**
 * A question with this normalised text among those `scope` allows (other
 * than `exceptId`), if there is one: published ones, a team's own, an
 * author's waiting ones. Only ever within a scope the asker may see.
 */
export async function questionWithText(db: Database, normalizedText: string, scope: SQL, exceptId?: string) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.normalizedText, normalizedText), scope, exceptId ? ne(questions.id, exceptId) : undefined));
  return row ?? null;
}

/** The published question with this normalised text (other than `exceptId`), if there is one. */
export function publishedWithText(db: Database, normalizedText: string, exceptId?: string) {
  return questionWithText(db, normalizedText, eq(questions.status, "published"), exceptId);
}

/**
 * Stores a question in any status. A text that is already published is
 * never stored again: that question answers (`created: false`), and the
 * caller decides what it means (a submission is refused, a team saves it to
 * its collection, the AI's answer is that question).
 */
export async function insertQuestion(
  db: Database,
  question: NewQuestion,
): Promise<Outcome<{ id: string; created: boolean }>> {
  const checked = storedText(question.text);
  if (!checked.ok) return checked;
  const values = { ...question, ...checked.stored };
  const { normalizedText } = checked.stored;
  if ((values.status ?? "published") !== "published") {
    const published = await publishedWithText(db, normalizedText);
    if (published) return { ok: true, id: published.id, created: false };
  }
  const [inserted] = await db
    .insert(questions)
    .values(values)
    .onConflictDoNothing({ target: questions.normalizedText, where: PUBLISHED_TEXT })
    .returning({ id: questions.id });
  if (inserted) return { ok: true, id: inserted.id, created: true };
  const published = await publishedWithText(db, normalizedText);
  if (!published) throw new Error("A published question's text clashed, yet no published question has it");
  return { ok: true, id: published.id, created: false };
}

type TextChange = {
  /** Which question may change (its id, and whatever else the caller requires of it). */
  where: SQL;
  text: string;
  /** Other columns that change with the text (a team's question becomes private again). */
  set?: Partial<typeof questions.$inferInsert>;
  /** An admin's change is recorded in the audit log with the text before and after. */
  actorId?: string;
};

/**
 * Changes a question's text, with everything that follows from it
 * (normalised text, `meetingBound`). A question that is or becomes
 * published may not take another published question's text (QUESTION_ALREADY_PUBLISHED).
 */
export async function changeQuestionText(db: Database, change: TextChange): Promise<Outcome<{ id: string }>> {
  const checked = storedText(change.text);
  if (!checked.ok) return checked;
  const { stored } = checked;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: questions.id, text: questions.text, status: questions.status })
      .from(questions)
      .where(change.where)
      .for("update");
    if (!before) return failure("QUESTION_NOT_FOUND");
    const status = change.set?.status ?? before.status;
    if (status === "published" && (await publishedWithText(tx, stored.normalizedText, before.id))) {
      return failure("QUESTION_ALREADY_PUBLISHED");
    }
    await tx
      .update(questions)
      .set({ ...change.set, ...stored, updatedAt: new Date() })
      .where(eq(questions.id, before.id));
    if (change.actorId) {
      await recordAudit(tx, {
        actorId: change.actorId,
        action: "question.edit",
        targetType: "question",
        targetId: before.id,
        before: { text: before.text },
        after: { text: stored.text },
      });
    }
    return { ok: true, id: before.id };
  });
}
