import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { preparedRows, prepareStatement } from "~/db/prepared.server";
import { liveRoundEvents } from "~/db/schema";
import type { RoundEvent } from "~/shared/live";

/** Who may receive an event: the host only, or everyone in the round. */
export type Audience = "host" | "all";

/** The channel every server listens on; the payload is `roundId:seq:audience`, or `roundId:deleted`. */
export const ROUND_EVENTS_CHANNEL = "live_round_events";

export type StoredEvent = { seq: number; audience: Audience; event: RoundEvent };

/**
 * Rendered once and run as a named statement on the connections kept for
 * them (preparedRows): the streams' reads never queue for a connection
 * behind a crowd's answers, which wait their turn for the round's row.
 */
const eventsAfter = prepareStatement(sql`
  select ${liveRoundEvents.seq} as seq, ${liveRoundEvents.audience} as audience, ${liveRoundEvents.data} as data
    from ${liveRoundEvents}
   where ${liveRoundEvents.roundId} = ${sql.placeholder("roundId")}::uuid
     and ${liveRoundEvents.seq} > ${sql.placeholder("afterSeq")}::bigint
   order by ${liveRoundEvents.seq}
   limit ${sql.placeholder("limit")}::integer`);

/** The round's events after `afterSeq`, oldest first, at most `limit`. */
export async function readEvents(db: Database, roundId: string, afterSeq: number, limit = 500): Promise<StoredEvent[]> {
  const rows = await preparedRows<{ seq: number | string; audience: string; data: unknown }>(db, eventsAfter, {
    roundId,
    afterSeq,
    limit,
  });
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
