import { and, asc, count, eq, lte, min } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { emailOutbox } from "~/db/schema";
import type { Mailer } from "./mailer.server";

export type QueuedMail = { kind: string; to: string; subject: string; html: string; text: string };

/** Give up after this many attempts (about a day and a half of retries). */
export const MAX_ATTEMPTS = 12;

/** 30 s, 1 min, 2 min ... at most an hour between attempts. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60 * 1000);
}

/** Error text for the row: no credentials (SMTP URLs can carry them), short. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | null)?.code;
  return `${code ? `${code}: ` : ""}${message}`.replace(/\/\/[^@\s/]+@/g, "//***@").slice(0, 300);
}

export async function enqueueEmail(db: Database, mail: QueuedMail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ kind: mail.kind, recipient: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    .returning({ id: emailOutbox.id });
  return row?.id ?? "";
}

/**
 * Sends what is due. Rows are claimed with FOR UPDATE SKIP LOCKED inside a
 * transaction, so several app servers never send one mail twice.
 */
export async function deliverDueEmails(
  db: Database,
  mailer: Mailer,
  { from, now = new Date(), batchSize = 20 }: { from: string; now?: Date; batchSize?: number },
): Promise<{ sent: number; retried: number; failed: number }> {
  const outcome = { sent: 0, retried: 0, failed: 0 };
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    for (const mail of due) {
      const attempts = mail.attempts + 1;
      try {
        await mailer.send({ from, to: mail.recipient, subject: mail.subject, html: mail.html, text: mail.text });
        await tx
          .update(emailOutbox)
          .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
          .where(eq(emailOutbox.id, mail.id));
        outcome.sent++;
      } catch (error) {
        const giveUp = attempts >= MAX_ATTEMPTS;
        await tx
          .update(emailOutbox)
          .set({
            status: giveUp ? "failed" : "pending",
            attempts,
            lastError: describeError(error),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(emailOutbox.id, mail.id));
        if (giveUp) outcome.failed++;
        else outcome.retried++;
      }
    }
  });
  return outcome;
}

/** Counts by status and the oldest waiting mail, for admins. */
export async function outboxSummary(db: Database) {
  const rows = await db
    .select({ status: emailOutbox.status, total: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  const by = (status: string) => rows.find((r) => r.status === status);
  return {
    pending: by("pending")?.total ?? 0,
    sent: by("sent")?.total ?? 0,
    failed: by("failed")?.total ?? 0,
    oldestPendingAt: by("pending")?.oldest ?? null,
  };
}
