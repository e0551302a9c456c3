import type { Database } from "~/db/database.server";
import type { JobSender } from "../jobs/queue.server";
import { describeError, enqueueEmail } from "./outbox.server";
import type { EmailContent } from "./templates";

type SenderLog = { error(obj: object, msg: string): void };

/**
 * Queues a mail (its outbox row and its job) and returns at once: the job
 * queue sends it, on this server or another. Never throws and never waits
 * for SMTP: a mail problem must not fail sign-up. If even queueing fails,
 * the log says which kind of mail was lost.
 */
export function createEmailSender({
  database,
  jobs,
  log,
}: {
  database: () => Promise<Database>;
  jobs: JobSender;
  log: SenderLog;
}): (kind: string, to: string, content: EmailContent) => void {
  return (kind, to, content) => {
    void (async () => enqueueEmail(await database(), jobs, { kind, to, ...content }))().catch((error) =>
      // describeError, not the error object: database errors can quote row values (addresses).
      log.error({ kind, error: describeError(error) }, "could not queue mail"),
    );
  };
}
