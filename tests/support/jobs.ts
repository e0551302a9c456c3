import type { DatabaseHandle } from "~/db/database.server";
import { createJobQueue, type JobHandlers, type JobQueue } from "~/domain/jobs/queue.server";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The job queue on a test's database, as a server starts it: with handlers
 * it runs jobs, without them it only queues (a test then reads what was
 * queued). Stop it before the database closes.
 */
export async function startJobQueue(
  handle: DatabaseHandle,
  handlers?: JobHandlers,
  recurring: Partial<Record<keyof JobHandlers, number>> = {},
): Promise<JobQueue> {
  // Retries a test makes due are taken within half a second, not the servers' five.
  const queue = createJobQueue({ handle, log: quiet, recurring, graceMs: 2_000, dueCheckSeconds: 0.5 });
  await queue.start(handlers);
  return queue;
}
