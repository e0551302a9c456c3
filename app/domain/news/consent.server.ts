import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { profiles } from "~/db/schema";
import { failure, type Outcome } from "../errors";
import { accountOfUnsubscribeToken } from "./unsubscribe-token.server";

/** When the member asked for product news, or null when they did not (the default). */
export async function productNewsConsent(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: profiles.marketingConsentAt }).from(profiles).where(eq(profiles.userId, userId));
  return row?.at ?? null;
}

/** Turns product news on (keeping the date of the first consent) or off. */
export async function setProductNewsConsent(db: Database, userId: string, wanted: boolean): Promise<void> {
  await db
    .update(profiles)
    .set({
      marketingConsentAt: wanted ? sql`coalesce(${profiles.marketingConsentAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, userId));
}

/** The account a link names, when the link is genuine and the account still exists. */
export async function unsubscribeAccount(
  db: Database,
  token: string,
  secret: string,
): Promise<Outcome<{ subscribed: boolean }>> {
  const userId = accountOfUnsubscribeToken(token, secret);
  if (!userId) return failure("UNSUBSCRIBE_LINK_INVALID");
  const [row] = await db.select({ at: profiles.marketingConsentAt }).from(profiles).where(eq(profiles.userId, userId));
  if (!row) return failure("UNSUBSCRIBE_LINK_INVALID");
  return { ok: true, subscribed: row.at !== null };
}

/** Stops product news for the account a genuine link names; doing it twice changes nothing. */
export async function unsubscribe(db: Database, token: string, secret: string): Promise<Outcome> {
  const userId = accountOfUnsubscribeToken(token, secret);
  if (!userId) return failure("UNSUBSCRIBE_LINK_INVALID");
  const changed = await db
    .update(profiles)
    .set({ marketingConsentAt: null, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning({ userId: profiles.userId });
  return changed.length > 0 ? { ok: true } : failure("UNSUBSCRIBE_LINK_INVALID");
}
