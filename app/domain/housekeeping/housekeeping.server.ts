import { desc, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { housekeepingRuns, rateLimits, sessions, verifications } from "~/db/schema";
import { pruneLimits } from "../limits/rate-limit.server";
import { sweepExpiredRounds } from "../live/rounds.server";
import { keepExpiringTeamRecaps } from "../teams/recaps.server";

/**
 * The advisory lock a housekeeping run holds for its transaction: runs on
 * servers sharing a database never overlap, and the lock goes with a
 * server's connection when that server dies mid-run.
 */
export const HOUSEKEEPING_LOCK = 4_206_370_002;

/** How long the run log is kept. */
const RUN_LOG_DAYS = 7;

/** better-auth's windows are at most a minute; a row untouched for a day has long ended. */
const AUTH_LIMIT_IDLE_MS = 24 * 60 * 60 * 1000;

export type Deleted = {
  rounds: number;
  limits: number;
  authLimits: number;
  sessions: number;
  verifications: number;
  runLog: number;
};

export type HousekeepingOutcome =
  | { ran: true; deleted: Deleted }
  /** busy: another server is running it now; recent: another run started less than minGapMs ago. */
  | { ran: false; reason: "busy" | "recent" };

/**
 * Deletes what has expired: live rounds past their time (with their
 * questions, participants, answers and events), ended limit windows, expired
 * sessions and verification tokens. One transaction under HOUSEKEEPING_LOCK,
 * taken without waiting: a server that finds it held skips, as does one that
 * finds a run started less than `minGapMs` ago, so however many servers
 * offer, the database is cleaned about once per interval. Each run is logged
 * in housekeeping_runs with the server that ran it.
 */
export async function runHousekeeping(
  db: Database,
  { server, minGapMs }: { server: string; minGapMs: number },
): Promise<HousekeepingOutcome> {
  return db.transaction(async (tx): Promise<HousekeepingOutcome> => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as locked, clock_timestamp() as started`,
    )) as unknown as { rows: { locked: boolean; started: Date | string }[] };
    const { locked, started } = lock.rows[0] ?? { locked: false, started: new Date() };
    if (!locked) return { ran: false, reason: "busy" };
    const startedAt = new Date(started);

    const [last] = await tx
      .select({ startedAt: housekeepingRuns.startedAt })
      .from(housekeepingRuns)
      .orderBy(desc(housekeepingRuns.startedAt))
      .limit(1);
    if (last && startedAt.getTime() - last.startedAt.getTime() < minGapMs) return { ran: false, reason: "recent" };

    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    // A team round that closed by itself has not had its recap kept yet: it is kept before the round goes.
    await keepExpiringTeamRecaps(tx);
    const deleted: Deleted = {
      rounds: await sweepExpiredRounds(tx),
      limits: await pruneLimits(tx),
      authLimits: await count(
        tx
          .delete(rateLimits)
          .where(lt(rateLimits.lastRequest, startedAt.getTime() - AUTH_LIMIT_IDLE_MS))
          .returning({ id: rateLimits.id }),
      ),
      sessions: await count(
        tx.delete(sessions).where(sql`${sessions.expiresAt} <= now()`).returning({ id: sessions.id }),
      ),
      verifications: await count(
        tx.delete(verifications).where(sql`${verifications.expiresAt} <= now()`).returning({ id: verifications.id }),
      ),
      runLog: await count(
        tx
          .delete(housekeepingRuns)
          .where(sql`${housekeepingRuns.startedAt} < now() - ${RUN_LOG_DAYS}::integer * interval '1 day'`)
          .returning({ id: housekeepingRuns.id }),
      ),
    };
    await tx.insert(housekeepingRuns).values({ server, startedAt, finishedAt: sql`clock_timestamp()`, deleted });
    return { ran: true, deleted };
  });
}
