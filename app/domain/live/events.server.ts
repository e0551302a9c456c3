import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveRoundEvents, liveRounds } from "~/db/schema";
import type { RoundEvent } from "~/shared/live";

/** Who may receive an event: the host only, or everyone in the round. */
export type Audience = "host" | "all";

/** The channel every server listens on; the payload is `roundId:seq:audience`, or `roundId:deleted`. */
export const ROUND_EVENTS_CHANNEL = "live_round_events";

export type StoredEvent = { seq: number; audience: Audience; event: RoundEvent };

export type RoundState = {
  seq: number;
  position: number;
  revealed: boolean;
  locked: boolean;
  revealMode: string;
  anonymous: boolean;
};

/**
 * Takes the round's next event number, if the round is open and `condition`
 * holds, and moves its state as `changes` say. The update locks the round's
 * row until the transaction ends, so events are numbered in commit order
 * and a check made here (the question still open, not locked) cannot be
 * overtaken by the host. Null when the round is not open or the condition fails.
 */
export async function takeNextSeq(
  tx: Database,
  roundId: string,
  condition?: SQL,
  changes: Partial<
    Pick<typeof liveRounds.$inferInsert, "position" | "revealed" | "locked" | "status" | "endedAt" | "recapShared">
  > = {},
  options: { evenIfEnded?: boolean } = {},
): Promise<RoundState | null> {
  const open = options.evenIfEnded
    ? eq(liveRounds.id, roundId)
    : and(eq(liveRounds.id, roundId), eq(liveRounds.status, "open"), sql`${liveRounds.closesAt} > now()`);
  const [row] = await tx
    .update(liveRounds)
    .set({ ...changes, lastSeq: sql`${liveRounds.lastSeq} + 1` })
    .where(condition ? and(open, condition) : open)
    .returning({
      seq: liveRounds.lastSeq,
      position: liveRounds.position,
      revealed: liveRounds.revealed,
      locked: liveRounds.locked,
      revealMode: liveRounds.revealMode,
      anonymous: liveRounds.anonymous,
    });
  return row ?? null;
}

/** Stores the event under the number takeNextSeq gave; the insert trigger tells every server. */
export async function insertEvent(
  tx: Database,
  roundId: string,
  seq: number,
  audience: Audience,
  event: RoundEvent,
): Promise<void> {
  await tx.insert(liveRoundEvents).values({ roundId, seq, audience, data: event });
}

/** The round's events after `afterSeq`, oldest first, at most `limit`. */
export async function readEvents(db: Database, roundId: string, afterSeq: number, limit = 500): Promise<StoredEvent[]> {
  const rows = await db
    .select({ seq: liveRoundEvents.seq, audience: liveRoundEvents.audience, data: liveRoundEvents.data })
    .from(liveRoundEvents)
    .where(and(eq(liveRoundEvents.roundId, roundId), gt(liveRoundEvents.seq, afterSeq)))
    .orderBy(asc(liveRoundEvents.seq))
    .limit(limit);
  return rows.map((row) => ({
    seq: Number(row.seq),
    audience: row.audience as Audience,
    event: row.data as RoundEvent,
  }));
}

/** A deleted round's events go with it, so the news travels in the notification itself. */
export async function notifyDeleted(tx: Database, roundId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${ROUND_EVENTS_CHANNEL}, ${`${roundId}:deleted`})`);
}
