import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { profiles, teamMembers } from "~/db/schema";
import { hasPremium } from "../billing/premium.server";
import { failure, type Outcome } from "../errors";

export type DirectedMember = { id: string; plan: "free" | "premium" };

/** Whether the team's owner has Premium now: granted by an admin or given by a subscription. */
export async function ownerHasPremium(db: Database, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ premium: hasPremium() })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.userId, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "owner")));
  return row?.premium === true;
}

/**
 * Directing the AI is Premium's: a Premium member anywhere, or any member of
 * a team whose owner has Premium, in that team's meetings (`teamId`; the
 * caller has checked that the member is in the team). Everyone else gets
 * FORBIDDEN before anything reaches the provider.
 */
export async function mayDirectAi(db: Database, member: DirectedMember, teamId: string | null): Promise<Outcome> {
  if (member.plan === "premium") return { ok: true };
  if (teamId && (await ownerHasPremium(db, teamId))) return { ok: true };
  return failure("DIRECTED_AI_IS_PREMIUM");
}
