import type { Database } from "~/db/database.server";
import type { Outcome } from "~/domain/errors";
import { addressSubject, consumeLimit, limitOutcome, limitReached } from "~/domain/limits/rate-limit.server";
import { LIMITS } from "~/domain/limits/rules";

/**
 * Reads a round by its code for a client address: every page, API call and
 * event stream that does goes through here, answers included. A code that
 * finds no round, or a round the caller holds no seat in, counts against
 * the address (both answer alike, ROUND_OUT_OF_REACH); an address that has
 * tried too many is refused before the database is asked, so codes cannot
 * be tried by the thousand. A seat in its round counts nothing: a room
 * behind one address follows and answers its round freely.
 */
export async function withinReach<T extends object>(
  { db, secret }: { db: Database; secret: string },
  address: string | null,
  read: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const subject = addressSubject(address, secret);
  const refused = limitOutcome(LIMITS.roundLookups, await limitReached(db, LIMITS.roundLookups, subject));
  if (!refused.ok) return refused;
  const outcome = await read();
  if (!outcome.ok && outcome.error.code === "ROUND_OUT_OF_REACH") await consumeLimit(db, LIMITS.roundLookups, subject);
  return outcome;
}
