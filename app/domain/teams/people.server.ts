import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { meetingSeries, seriesHosts, teamMembers, users } from "~/db/schema";
import type { TeamRole } from "~/shared/teams";
import { DomainError, failure, type Outcome } from "../errors";
import { allowed, type TeamAccess } from "./access.server";

export type TeamPerson = {
  userId: string;
  name: string;
  /** Only for those who manage people: members see each other's names, not addresses. */
  email: string | null;
  role: TeamRole;
  joinedAt: Date;
};

/** The team's people: the owner first, then facilitators, then members, each by name. */
export async function listMembers(db: Database, access: TeamAccess): Promise<TeamPerson[]> {
  const showEmail = !allowed(access, "manage-people");
  const rows = await db
    .select({
      userId: teamMembers.userId,
      name: users.name,
      email: users.email,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, access.teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'owner' then 0 when 'facilitator' then 1 else 2 end`,
      asc(sql`lower(${users.name})`),
      asc(teamMembers.userId),
    );
  return rows.map((row) => ({ ...row, role: row.role as TeamRole, email: showEmail ? row.email : null }));
}

/** Makes a member a facilitator or a facilitator a member. The owner's role changes only by a transfer. */
export async function changeRole(
  db: Database,
  access: TeamAccess,
  userId: string,
  role: Exclude<TeamRole, "owner">,
): Promise<Outcome> {
  const refused = allowed(access, "manage-people");
  if (refused) return refused;
  const [changed] = await db
    .update(teamMembers)
    .set({ role })
    .where(
      and(
        eq(teamMembers.teamId, access.teamId),
        eq(teamMembers.userId, userId),
        inArray(teamMembers.role, ["facilitator", "member"]),
      ),
    )
    .returning({ userId: teamMembers.userId });
  if (changed) return { ok: true };
  return (await isOwner(db, access.teamId, userId)) ? failure("OWNER_ROLE_FIXED") : failure("NOT_A_MEMBER");
}

/** Takes someone out of the team (the owner cannot be removed); they leave every rotation of its series too. */
export async function removeMember(db: Database, access: TeamAccess, userId: string): Promise<Outcome> {
  const refused = allowed(access, "manage-people");
  if (refused) return refused;
  if (await isOwner(db, access.teamId, userId)) {
    return failure("OWNER_CANNOT_BE_REMOVED");
  }
  return (await takeOut(db, access.teamId, userId)) ? { ok: true } : failure("NOT_A_MEMBER");
}

/** Leaves the team. The owner hands over ownership first, so a team always has one. */
export async function leaveTeam(db: Database, access: TeamAccess): Promise<Outcome> {
  if (access.role === "owner") {
    return failure("OWNER_CANNOT_LEAVE");
  }
  return (await takeOut(db, access.teamId, access.userId)) ? { ok: true } : failure("NOT_A_MEMBER");
}

/**
 * Hands the team to another member: the owner becomes a facilitator and the
 * member the owner, in one transaction. The owner's row is demoted first, so
 * the one-owner index holds after each statement; a second transfer at the
 * same moment waits for the first and then finds its caller no longer owner.
 */
export async function transferOwnership(db: Database, access: TeamAccess, toUserId: string): Promise<Outcome> {
  const refused = allowed(access, "manage-people");
  if (refused) return refused;
  if (toUserId === access.userId) return failure("ALREADY_OWNER");
  try {
    await db.transaction(async (tx) => {
      const [demoted] = await tx
        .update(teamMembers)
        .set({ role: "facilitator" })
        .where(
          and(
            eq(teamMembers.teamId, access.teamId),
            eq(teamMembers.userId, access.userId),
            eq(teamMembers.role, "owner"),
          ),
        )
        .returning({ userId: teamMembers.userId });
      if (!demoted) throw new DomainError({ code: "NO_LONGER_OWNER", params: {} });
      const [promoted] = await tx
        .update(teamMembers)
        .set({ role: "owner" })
        .where(and(eq(teamMembers.teamId, access.teamId), eq(teamMembers.userId, toUserId)))
        .returning({ userId: teamMembers.userId });
      if (!promoted) throw new DomainError({ code: "NOT_A_MEMBER", params: {} });
    });
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error };
    throw error;
  }
  return { ok: true };
}

async function isOwner(db: Database, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role === "owner";
}

/** Deletes a non-owner's membership and their place in the team's rotations; whether they were in the team. */
async function takeOut(db: Database, teamId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), sql`${teamMembers.role} <> 'owner'`))
      .returning({ userId: teamMembers.userId });
    if (!gone) return false;
    await tx
      .delete(seriesHosts)
      .where(
        and(
          eq(seriesHosts.userId, userId),
          inArray(
            seriesHosts.seriesId,
            tx.select({ id: meetingSeries.id }).from(meetingSeries).where(eq(meetingSeries.teamId, teamId)),
          ),
        ),
      );
    return true;
  });
}
