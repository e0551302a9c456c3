import type { Database } from "~/db/database.server";
import type { Mailer } from "./mailer.server";
import { deliverDueEmails, describeError, enqueueEmail } from "./outbox.server";
import type { EmailContent } from "./templates";

type SenderLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type EmailSender = {
  /**
   * Queues a mail and tries to send it at once, in the background. Never
   * throws and never waits for SMTP: a mail problem must not fail sign-up.
   * If even queueing fails, the log says which kind of mail was lost.
   */
  send(kind: string, to: string, content: EmailContent): void;
  /**
   * Sends waiting mail now and every `intervalMs` (mail left by an outage or a
   * restart). The timer does not keep the process alive; the returned stop
   * waits for a run in progress so the database can be closed after it.
   */
  startWorker(options?: { intervalMs?: number }): () => Promise<void>;
  /** Sends what is due now, in the background: for mail queued inside a caller's transaction. Never throws. */
  deliverSoon(): void;
};

/** The outbox of one process: one delivery run at a time; a request during a run adds one more right after it. */
export function createEmailSender({
  database,
  mailer,
  from,
  log,
}: {
  database: () => Promise<Database>;
  mailer: Mailer;
  from: string;
  log: SenderLog;
}): EmailSender {
  let running: Promise<void> | null = null;
  let again = false;

  function deliverSoon(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDueEmails(await database(), mailer, { from, log });
      } while (again);
    })()
      // describeError, not the error object: database errors can quote row values (addresses).
      .catch((error) => log.error({ error: describeError(error) }, "mail outbox run failed"))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    send(kind, to, content) {
      void (async () => {
        await enqueueEmail(await database(), { kind, to, ...content });
        void deliverSoon();
      })().catch((error) => log.error({ kind, error: describeError(error) }, "could not queue mail"));
    },
    deliverSoon() {
      void deliverSoon();
    },
    startWorker({ intervalMs = 15_000 } = {}) {
      const timer = setInterval(() => void deliverSoon(), intervalMs);
      timer.unref();
      void deliverSoon();
      log.info({ via: mailer.describe }, "mail outbox worker started");
      return async () => {
        clearInterval(timer);
        while (running) await running;
      };
    },
  };
}
