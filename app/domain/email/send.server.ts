import path from "node:path";
import { config } from "~/config.server";
import { database } from "~/db/index.server";
import { logger } from "~/logger.server";
import { createMailer, type Mailer } from "./mailer.server";
import { deliverDueEmails, describeError, enqueueEmail } from "./outbox.server";
import type { EmailContent } from "./templates";

let mailer: Mailer | undefined;
let running: Promise<void> | null = null;
let again = false;

function processMailer(): Mailer {
  mailer ??= createMailer({ smtpUrl: config().smtpUrl, outboxDir: path.join(config().dataDir, "outbox") });
  return mailer;
}

/** One delivery run at a time per process; a request during a run adds one more right after it. */
function deliverSoon(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const { db } = await database();
      await deliverDueEmails(db, processMailer(), { from: config().mailFrom, log: logger });
    } while (again);
  })()
    // describeError, not the error object: database errors can quote row values (addresses).
    .catch((error) => logger.error({ error: describeError(error) }, "mail outbox run failed"))
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * Queues a mail and tries to send it at once, in the background. Never
 * throws and never waits for SMTP: a mail problem must not fail sign-up.
 * If even queueing fails, the log says which kind of mail was lost.
 */
export function sendEmail(kind: string, to: string, content: EmailContent): void {
  void (async () => {
    const { db } = await database();
    await enqueueEmail(db, { kind, to, ...content });
    void deliverSoon();
  })().catch((error) => logger.error({ kind, error: describeError(error) }, "could not queue mail"));
}

/**
 * Sends waiting mail now and every `intervalMs` (mail left by an outage or a
 * restart). The timer does not keep the process alive; `stop()` waits for a
 * run in progress so the database can be closed after it.
 */
export function startOutboxWorker({ intervalMs = 15_000 }: { intervalMs?: number } = {}): () => Promise<void> {
  const timer = setInterval(() => void deliverSoon(), intervalMs);
  timer.unref();
  void deliverSoon();
  logger.info({ via: processMailer().describe }, "mail outbox worker started");
  return async () => {
    clearInterval(timer);
    while (running) await running;
  };
}
