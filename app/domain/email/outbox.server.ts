import { and, asc, count, eq, inArray, lte, min } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { emailOutbox } from "~/db/schema";
import { type Mailer, maskAddress } from "./mailer.server";

export type QueuedMail = {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};
export type DeliveryOutcome = { sent: number; retried: number; failed: number };
type WarnLog = { warn(obj: object, msg: string): void };

/** Give up after this many attempts (retries spread over about five hours). */
export const MAX_ATTEMPTS = 12;

/**
 * How long a claimed mail stays hidden from other servers while this one
 * sends it. Longer than a whole batch can take (each send is bounded by the
 * SMTP timeouts); if a server dies mid-batch, its mails are due again after it.
 */
const CLAIM_MS = 10 * 60 * 1000;

/** Wait before attempt `attempt + 1`: 30 s, 1 min, 2 min ... at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60 * 1000);
}

/**
 * Error text for the row and the log: code and message only, short, with no
 * credentials (SMTP URLs carry them as userinfo) and no full addresses
 * (server replies can quote the recipient).
 */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return `${typeof code === "string" ? `${code}: ` : ""}${message}`
    .replace(/\/\/[^\s/@]+@/g, "//")
    .replace(/[^\s<>"'()@,;:]+@[^\s<>"'()@,;:]+\.[a-z]{2,}/gi, (address) => maskAddress(address))
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

const outboxRow = (mail: QueuedMail, now: Date) => ({
  kind: mail.kind,
  recipient: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  headers: mail.headers ?? null,
  // Due on this process's clock, in whole milliseconds like the `now` that
  // delivery compares with: the database's now() has microseconds (and
  // its own clock), so a delivery right after queueing could miss the mail.
  nextAttemptAt: now,
});

export async function enqueueEmail(db: Database, mail: QueuedMail): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(outboxRow(mail, new Date())).returning({ id: emailOutbox.id });
  if (!row) throw new Error("The outbox did not return the queued mail");
  return row.id;
}

/** Rows per INSERT when queueing many mails: far below PostgreSQL's limit of 65,535 parameters a statement. */
const ENQUEUE_BATCH = 500;

/**
 * Queues many mails (a mailing to every consenting member) in a few
 * statements. Atomic only inside the caller's transaction, which is where
 * it belongs: all queued with the change that sends them, or none.
 */
export async function enqueueEmails(db: Database, mails: QueuedMail[]): Promise<void> {
  const now = new Date();
  for (let start = 0; start < mails.length; start += ENQUEUE_BATCH) {
    await db.insert(emailOutbox).values(mails.slice(start, start + ENQUEUE_BATCH).map((mail) => outboxRow(mail, now)));
  }
}

/**
 * Sends what is due. Rows are claimed with FOR UPDATE SKIP LOCKED and pushed
 * out of reach (next_attempt_at moves CLAIM_MS ahead) in one short statement,
 * so several app servers never send one mail twice. SMTP then runs outside
 * any transaction: on PGlite the process has a single connection, and a
 * batch waiting on a dead mail server must not stall every request.
 */
export async function deliverDueEmails(
  db: Database,
  mailer: Mailer,
  { from, now = new Date(), batchSize = 20, log }: { from: string; now?: Date; batchSize?: number; log?: WarnLog },
): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { sent: 0, retried: 0, failed: 0 };
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, "pending")))
    .returning();
  // RETURNING has no order; the oldest mail goes first.
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  for (const mail of claimed) {
    const attempts = mail.attempts + 1;
    try {
      await mailer.send({
        from,
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ?? undefined,
      });
    } catch (error) {
      const giveUp = attempts >= MAX_ATTEMPTS;
      const lastError = describeError(error);
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          lastError,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(emailOutbox.id, mail.id));
      log?.warn(
        {
          mailId: mail.id,
          kind: mail.kind,
          to: maskAddress(mail.recipient),
          attempts,
          error: lastError,
          via: mailer.describe,
        },
        giveUp ? "mail not sent; giving up" : "mail not sent; will retry",
      );
      if (giveUp) outcome.failed++;
      else outcome.retried++;
      continue;
    }
    await db
      .update(emailOutbox)
      .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, mail.id));
    outcome.sent++;
  }
  return outcome;
}

export type OutboxSummary = { pending: number; sent: number; failed: number; oldestPendingAt: Date | null };

/** Counts by status and the oldest waiting mail, for admins. */
export async function outboxSummary(db: Database): Promise<OutboxSummary> {
  const rows = await db
    .select({ status: emailOutbox.status, total: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  const by = (status: string) => rows.find((r) => r.status === status);
  const oldest = by("pending")?.oldest;
  return {
    pending: by("pending")?.total ?? 0,
    sent: by("sent")?.total ?? 0,
    failed: by("failed")?.total ?? 0,
    oldestPendingAt: oldest ? new Date(oldest) : null,
  };
}
