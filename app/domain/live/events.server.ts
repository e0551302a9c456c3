import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveRoundEvents } from "~/db/schema";
import type { RoundEvent } from "~/shared/live";

/** Who may receive an event: the host only, or everyone in the round. */
export type Audience = "host" | "all";

/** The channel every server listens on; the payload is `roundId:seq:audience`, or `roundId:deleted`. */
export const ROUND_EVENTS_CHANNEL = "live_round_events";

export type StoredEvent = { seq: number; audience: Audience; event: RoundEvent };

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
