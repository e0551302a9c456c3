import { sql } from "drizzle-orm";
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
  type Queue,
} from "pg-boss";
import type { Database, DatabaseHandle } from "~/db/database.server";

/**
 * Everything the server does later or on a schedule is a job in one queue
 * on the application's own database (pg-boss, in its `pgboss` schema): a
 * job is a row, so it is queued in the transaction of the change that asks
 * for it and outlives restarts; servers sharing a database claim jobs with
 * FOR UPDATE SKIP LOCKED, so one job runs on one server at a time; a failed
 * run is retried with growing waits. Each kind of job is named here with
 * its payload and retry rules.
 */
export type JobPayloads = {
  /** One queued mail of the outbox, by its row. */
  mail: { outboxId: string };
  /** Deleting what has expired; one queued and one running at most. */
  housekeeping: Record<string, never>;
  /** Opening a series meeting's round for answers ahead of it; `meetingAt` is the meeting's planned instant (ISO). */
  "round-opening": { seriesId: string; meetingAt: string };
  /** A team round's chat posts brought up to date: posted once, then updated; one waiting per round. */
  "chat.post-round": { roundId: string };
  /** A series meeting's reminder in the team's chat; `meetingAt` is the meeting's planned instant (ISO). */
  "chat.reminder": { seriesId: string; meetingAt: string };
  /** A team's question of the day for `day` (YYYY-MM-DD on its clock). */
  "chat.question-of-day": { teamId: string; day: string };
};
export type JobName = keyof JobPayloads;

/** How many times a mail is tried before it is given up (the waits add up to about five hours). */
export const MAIL_ATTEMPTS = 12;

/**
 * A heartbeat every five seconds while a job runs: a server that dies
 * mid-job stops beating, and after ten seconds the job is due again on
 * another server (or this one, restarted). Sends are bounded by the SMTP
 * timeouts, far below `expireInSeconds`.
 */
const HEARTBEAT_SECONDS = 10;

/**
 * A job scheduled for a moment (a meeting's opening or reminder, a day's
 * question): one queued or running per key, so queuing it again is a no-op;
 * retried for about an hour, kept a week.
 */
const ONE_PER_KEY: Omit<Queue, "name"> = {
  policy: "exclusive",
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 900,
  expireInSeconds: 120,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  deleteAfterSeconds: 7 * 24 * 3600,
  notify: true,
};

const QUEUES: { [Name in JobName]: Omit<Queue, "name"> } = {
  mail: {
    retryLimit: MAIL_ATTEMPTS - 1,
    // 30 s, then about 1, 2, 4 ... minutes (with some jitter), at most an hour.
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    // A batch of five sends, each bounded by the SMTP timeouts (about 25 s).
    expireInSeconds: 300,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    deleteAfterSeconds: 7 * 24 * 3600,
    notify: true,
  },
  housekeeping: {
    // One waiting and one running: however many servers offer a run, they queue one.
    policy: "stately",
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 600,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    deleteAfterSeconds: 24 * 3600,
  },
  // One queued or running per key (a series' meeting): saving a series twice queues its opening once.
  "round-opening": ONE_PER_KEY,
  "chat.post-round": {
    // One waiting and one running per round (its singleton key): changes while one waits are taken in by it.
    policy: "stately",
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 120,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    deleteAfterSeconds: 24 * 3600,
    notify: true,
  },
  // One queued or running per key (a series' meeting): saving a series twice queues its reminder once.
  "chat.reminder": ONE_PER_KEY,
  // One queued or running per key (a team's day).
  "chat.question-of-day": ONE_PER_KEY,
};

/** The attempt a handler is making: 1 for the first; `last` when a failure now is final. */
export type Attempt = { number: number; last: boolean };

export type JobHandlers = { [Name in JobName]: (payload: JobPayloads[Name], attempt: Attempt) => Promise<void> };

/** Queues jobs with the change that asks for them: pass the transaction, and they exist exactly if it commits. */
export type JobSender = {
  send<Name extends JobName>(
    db: Database,
    name: Name,
    payloads: JobPayloads[Name][],
    options?: SendOptions,
  ): Promise<void>;
};

/**
 * When a job is due (now by default: `startAfter`, or `startAfterSeconds` from
 * now), and its key: in an "exclusive" queue a second job with the key of one
 * waiting or running is not queued; in a "stately" queue, not while one waits
 * (the waiting one does its work).
 */
export type SendOptions = { startAfter?: Date; startAfterSeconds?: number; singletonKey?: string };

export type JobQueueStats = { queued: number; active: number; failed: number };

export type JobQueue = JobSender & {
  /**
   * Creates the queues (and pg-boss's tables on first start), starts this
   * server's workers and offers each recurring job a first run. Every
   * server of a database starts one. Without handlers it only queues.
   */
  start(handlers?: JobHandlers): Promise<void>;
  /** Waits for running jobs (up to the grace period), then stops; a job cut short runs again elsewhere. */
  stop(): Promise<void>;
  /**
   * Runs `name` on a calendar, in a time zone ("0 9 * * 1" in
   * "Europe/Berlin" is Mondays at nine there, summer or winter); `key`
   * tells several schedules of one job apart (one per team). Saving it again
   * replaces it.
   */
  schedule<Name extends JobName>(
    name: Name,
    cron: string,
    options: { timeZone: string; key: string; payload: JobPayloads[Name] },
  ): Promise<void>;
  /** When the saved schedule runs next after `from`, or null when there is no such schedule. */
  nextScheduledRun(name: JobName, key: string, from: Date): Promise<Date | null>;
};

type QueueLog = {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type JobQueueOptions = {
  handle: Pick<DatabaseHandle, "direct">;
  log: QueueLog;
  /** Jobs that run again this many seconds after each run ends (housekeeping's interval). */
  recurring: Partial<Record<JobName, number>>;
  /** How long stop() waits for running jobs. */
  graceMs?: number;
  /**
   * How often an idle worker looks for jobs coming due (retries, delayed
   * jobs) besides being woken for new ones; at least half a second.
   */
  dueCheckSeconds?: number;
};

/** A cron every minute: offers a recurring job whose chain of runs was lost (the policy refuses a second one). */
const BACKSTOP_CRON = "* * * * *";

export function createJobQueue({
  handle,
  log,
  recurring,
  graceMs = 20_000,
  dueCheckSeconds = 5,
}: JobQueueOptions): JobQueue {
  const direct = handle.direct;
  // Checked every 5 s (the library's default is a minute): a job whose server died is due again
  // 10 to 15 s after its last heartbeat, and the checks are a few indexed statements.
  const watch = { superviseIntervalSeconds: 5, monitorIntervalSeconds: 15, useListenNotify: true };
  const boss =
    direct.engine === "pglite"
      ? new PgBoss({ db: fromPglite(direct.client), backend: "pglite", ...watch })
      : new PgBoss({ connectionString: direct.url, max: 3, ...watch });
  // The library's own reports (a poll that failed while the database was away, slow queries) are detail:
  // a job's failure is logged by the handler that knows what it was.
  boss.on("error", (error) => log.debug({ error: error.message }, "job queue reported an error"));
  boss.on("warning", (warning) => log.debug({ warning }, "job queue warning"));

  const names = Object.keys(QUEUES) as JobName[];
  let started = false;

  const send: JobSender["send"] = async (db, name, payloads, options = {}) => {
    if (payloads.length === 0) return;
    // Before start the queues may not exist yet; on PGlite waiting for start inside a transaction would never end.
    if (!started) throw new Error(`The job queue is not started; ${name} cannot be queued`);
    await boss.insert(
      name,
      payloads.map((data) => ({
        data,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter
          ? { startAfter: options.startAfter }
          : options.startAfterSeconds
            ? { startAfter: options.startAfterSeconds }
            : {}),
      })),
      { db: fromDrizzle(db as unknown as DrizzleTransactionLike, sql) },
    );
  };

  const offer = async (name: JobName, afterSeconds?: number) => {
    await boss.send(name, {}, afterSeconds ? { startAfter: afterSeconds } : {});
  };

  return {
    send,
    async start(handlers) {
      const began = performance.now();
      await boss.start();
      // An existing queue keeps the rules it was made with: a change to QUEUES needs boss.updateQueue too.
      for (const name of names) await boss.createQueue(name, QUEUES[name]);
      started = true;
      if (!handlers) return;
      for (const name of names) {
        const every = recurring[name];
        const handler = handlers[name] as (payload: unknown, attempt: Attempt) => Promise<void>;
        const run = async (job: JobWithMetadata<unknown>): Promise<JobResult> => {
          const attempt = { number: job.retryCount + 1, last: job.retryCount >= job.retryLimit };
          try {
            await handler(job.data, attempt);
            return { id: job.id, status: "completed" };
          } catch (error) {
            // Failed: retried after its wait, or given up after the last attempt. The handler has logged why.
            return {
              id: job.id,
              status: "failed",
              output: { error: error instanceof Error ? error.message : "failed" },
            };
          } finally {
            // The next run is queued whether this one worked or not; a failed run is retried besides.
            if (every) await offer(name, every).catch(() => {});
          }
        };
        await boss.work(
          name,
          {
            // A few jobs a fetch, each settled on its own, fetching again at once while batches come back
            // full: a mailing goes out at the mail server's pace, not one mail a poll.
            batchSize: name === "mail" ? 5 : 1,
            burstWhenBatchFull: true,
            perJobResults: true,
            includeMetadata: true,
            pollingIntervalSeconds: Math.max(0.5, Math.min(every ? Math.min(2, every) : 2, dueCheckSeconds)),
            // Where a queued job wakes workers at once, polling is only a backstop: for retries coming due.
            notifyPollingIntervalSeconds: Math.max(0.5, dueCheckSeconds),
            localConcurrency: name === "mail" ? 2 : 1,
          },
          async (jobs: JobWithMetadata<unknown>[]) => {
            const results: JobResult[] = [];
            for (const job of jobs) results.push(await run(job));
            return results;
          },
        );
        if (every) {
          await boss.schedule(name, BACKSTOP_CRON, {});
          await offer(name);
        }
      }
      log.info({ queues: names, ms: Math.round(performance.now() - began) }, "job queue started");
    },
    async stop() {
      if (!started) return;
      started = false;
      // The PGlite connection belongs to the database handle, which closes it after this.
      await boss.stop({ graceful: true, close: direct.engine === "postgres", timeout: graceMs });
    },
    async schedule(name, cron, { timeZone, key, payload }) {
      await boss.schedule(name, cron, payload, { tz: timeZone, key });
    },
    async nextScheduledRun(name, key, from) {
      const saved = await boss.getSchedule(name, key);
      if (!saved?.cron) return null;
      return boss.previewSchedule(saved.cron, { tz: saved.timezone ?? "UTC", from, count: 1 })[0] ?? null;
    },
  };
}

/**
 * Jobs waiting (due or later, retries included), running, and given up, of
 * one queue or of all: read from the queue's table on any server, started or
 * not, for metrics and admins.
 */
export async function jobQueueStats(db: Database, name?: JobName): Promise<JobQueueStats> {
  const result = (await db.execute(
    sql`select state::text as state, count(*)::int as n from pgboss.job
        where ${name ?? null}::text is null or name = ${name ?? null}::text group by state`,
  )) as unknown as { rows: { state: string; n: number }[] };
  const count = (...states: string[]) =>
    result.rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + Number(row.n), 0);
  return { queued: count("created", "retry"), active: count("active"), failed: count("failed") };
}

/**
 * Drops the jobs of `name` not started yet whose payload has `field` =
 * `value` (a series' openings, a team's questions of the day), in the
 * caller's transaction; a running one finishes. A database whose queue
 * never started (a tool, a test without jobs) has none to drop.
 */
export async function dropWaitingJobs(db: Database, name: JobName, field: string, value: string): Promise<void> {
  const found = (await db.execute(sql`select to_regclass('pgboss.job') is not null as ready`)) as unknown as {
    rows: { ready: boolean }[];
  };
  if (!found.rows[0]?.ready) return;
  await db.execute(
    sql`delete from pgboss.job where name = ${name} and state in ('created', 'retry') and data->>${field} = ${value}`,
  );
}
