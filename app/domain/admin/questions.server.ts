import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { failure, type Outcome } from "../errors";
import { changeQuestionText, publishedWithText } from "../questions/question-writes.server";
import { recordAudit } from "./audit.server";

export type AdminResult = Outcome;

const notFound = () => failure("QUESTION_NOT_FOUND");

const snapshot = async (db: Database, id: string) => {
  const [row] = await db
    .select({
      text: questions.text,
      normalizedText: questions.normalizedText,
      status: questions.status,
      source: questions.source,
    })
    .from(questions)
    .where(eq(questions.id, id));
  return row ?? null;
};

/** Changes a question's text (already validated and trimmed) through the one write path; the audit log keeps before and after. */
export async function editQuestion(db: Database, actorId: string, id: string, text: string): Promise<AdminResult> {
  const changed = await changeQuestionText(db, { where: eq(questions.id, id), text, actorId });
  return changed.ok ? { ok: true } : changed;
}

/** Really deletes (votes, saves and history go with it by foreign key). */
export async function deleteQuestion(db: Database, actorId: string, id: string): Promise<AdminResult> {
  return db.transaction(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) return notFound();
    await tx.delete(questions).where(eq(questions.id, id));
    await recordAudit(tx, {
      actorId,
      action: "question.delete",
      targetType: "question",
      targetId: id,
      before: { text: before.text, status: before.status, source: before.source },
      after: null,
    });
    return { ok: true } as const;
  });
}

/** Approves (published) or rejects (with an optional reason for the author) a submitted question. */
export async function moderateQuestion(
  db: Database,
  actorId: string,
  id: string,
  decision: "approve" | "reject",
  reason?: string,
): Promise<AdminResult> {
  return db.transaction(async (tx) => {
    const before = await snapshot(tx, id);
    if (before?.source !== "user_submitted") return notFound();
    const status = decision === "approve" ? "published" : "rejected";
    // Another member's question with the same text may have been published meanwhile: only one is.
    if (status === "published" && (await publishedWithText(tx, before.normalizedText, id))) {
      return failure("QUESTION_ALREADY_PUBLISHED");
    }
    await tx
      .update(questions)
      .set({ status, moderationNote: decision === "reject" ? reason || null : null, updatedAt: new Date() })
      .where(eq(questions.id, id));
    await recordAudit(tx, {
      actorId,
      action: `question.${decision}`,
      targetType: "question",
      targetId: id,
      before: { status: before.status },
      after: { status, ...(reason ? { reason } : {}) },
    });
    return { ok: true } as const;
  });
}

/** Submitted questions waiting for review, oldest first. */
export async function moderationQueue(db: Database, limit = 50) {
  return db
    .select({
      id: questions.id,
      question: questions.text,
      type: questions.type,
      authorId: questions.authorId,
      createdAt: questions.createdAt,
    })
    .from(questions)
    .where(and(eq(questions.source, "user_submitted"), eq(questions.status, "pending")))
    .orderBy(asc(questions.createdAt))
    .limit(limit);
}
