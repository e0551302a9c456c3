import path from "node:path";
import { config } from "~/config.server";
import { database } from "~/db/index.server";
import { logger } from "~/logger.server";
import { createMailer, type Mailer } from "./mailer.server";
import { deliverDueEmails, enqueueEmail } from "./outbox.server";
import type { EmailContent } from "./templates";

let mailer: Mailer | undefined;
let running: Promise<unknown> | null = null;
let again = false;

function processMailer(): Mailer {
  mailer ??= createMailer({
    smtpUrl: config().smtpUrl,
    outboxDir: path.join(config().dataDir, "outbox"),
    log: logger,
  });
  return mailer;
}

/** One delivery run at a time; a request during a run schedules one more right after it. */
function deliverSoon(): Promise<unknown> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const { db } = await database();
      const outcome = await deliverDueEmails(db, processMailer(), { from: config().mailFrom });
      if (outcome.retried || outcome.failed)
        logger.warn({ ...outcome, via: processMailer().describe }, "mail delivery failed; will retry");
    } while (again);
  })()
    .catch((error) => logger.error({ err: error }, "mail outbox run failed"))
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * Queues a mail and tries to send it at once, in the background. Never
 * throws and never waits for SMTP: a mail problem must not fail sign-up.
 */
export function sendEmail(kind: string, to: string, content: EmailContent): void {
  void (async () => {
    const { db } = await database();
    await enqueueEmail(db, { kind, to, ...content });
    await deliverSoon();
  })().catch((error) => logger.error({ err: error, kind }, "could not queue mail"));
}

/** Retries waiting mail every `intervalMs`; `stop()` waits for a run in progress. */
export function startOutboxWorker({ intervalMs = 15_000 } = {}): () => Promise<void> {
  const timer = setInterval(() => void deliverSoon(), intervalMs);
  timer.unref();
  void deliverSoon();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
