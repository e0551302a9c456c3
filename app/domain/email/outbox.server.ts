import { and, count, eq, min } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { emailOutbox } from "~/db/schema";
import type { Attempt, JobSender } from "../jobs/queue.server";
import { type Mailer, maskAddress } from "./mailer.server";

export type QueuedMail = {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};
type WarnLog = { warn(obj: object, msg: string): void };

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

const outboxRow = (mail: QueuedMail) => ({
  kind: mail.kind,
  recipient: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  headers: mail.headers ?? null,
});

/** Rows per INSERT when queueing many mails: far below PostgreSQL's limit of 65,535 parameters a statement. */
const ENQUEUE_BATCH = 500;

/**
 * Queues mails: a row each in the outbox (what admins see, and the mail's
 * text) and a "mail" job each that sends it. Atomic only inside the caller's
 * transaction, which is where it belongs: all queued with the change that
 * sends them, or none. A caller without a transaction gets one.
 */
export async function enqueueEmails(db: Database, jobs: JobSender, mails: QueuedMail[]): Promise<string[]> {
  const ids: string[] = [];
  if (mails.length === 0) return ids;
  const queue = async (tx: Database) => {
    for (let start = 0; start < mails.length; start += ENQUEUE_BATCH) {
      const rows = await tx
        .insert(emailOutbox)
        .values(mails.slice(start, start + ENQUEUE_BATCH).map(outboxRow))
        .returning({ id: emailOutbox.id });
      ids.push(...rows.map((row) => row.id));
      await jobs.send(
        tx,
        "mail",
        rows.map((row) => ({ outboxId: row.id })),
      );
    }
  };
  // A nested transaction is a savepoint: inside the caller's, the mails still commit or roll back with it.
  await db.transaction(queue);
  return ids;
}

export async function enqueueEmail(db: Database, jobs: JobSender, mail: QueuedMail): Promise<string> {
  const [id] = await enqueueEmails(db, jobs, [mail]);
  return id as string;
}

/**
 * Sends one queued mail: the "mail" job's work. A mail already sent or
 * given up is left alone, so a job that runs again after its server died
 * does not send it twice unless that server died between the SMTP server's
 * acceptance and the row saying "sent" (delivery is at least once). A
 * failure is written on the row and thrown, so the queue retries the job;
 * after the last attempt the row says "failed".
 */
export async function deliverQueuedMail(
  db: Database,
  mailer: Mailer,
  { outboxId, attempt, from, log }: { outboxId: string; attempt: Attempt; from: string; log?: WarnLog },
): Promise<"sent" | "skipped"> {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "pending")));
  if (!mail) return "skipped";
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
    const lastError = describeError(error);
    await db
      .update(emailOutbox)
      .set({ status: attempt.last ? "failed" : "pending", attempts, lastError })
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
      attempt.last ? "mail not sent; giving up" : "mail not sent; will retry",
    );
    // The row has the details; the queue only needs to know that this attempt failed.
    throw new Error(lastError);
  }
  await db
    .update(emailOutbox)
    .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
    .where(eq(emailOutbox.id, mail.id));
  return "sent";
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
