import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { profiles } from "~/db/schema";
import { hasPremium } from "../billing/premium.server";

/** Whether a member should see the note on what Premium adds: free, and not put away before. */
export async function premiumNoteDue(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      due: sql<boolean>`(${profiles.premiumNoteDismissedAt} is null and not ${hasPremium()})`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.due === true;
}

/** Puts the note away for good; the first time counts, later calls change nothing. */
export async function dismissPremiumNote(db: Database, userId: string): Promise<void> {
  await db
    .update(profiles)
    .set({ premiumNoteDismissedAt: new Date() })
    .where(and(eq(profiles.userId, userId), isNull(profiles.premiumNoteDismissedAt)));
}
