import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { teamMembers, teams } from "~/db/schema";
import type { TeamRole } from "~/shared/teams";
import { failure, type Outcome } from "../errors";
import { allowed, type TeamAccess } from "./access.server";

/** A team on its member's list: what it is called, the person's role in it, how many are in it. */
export type TeamListing = { teamId: string; name: string; timeZone: string; role: TeamRole; memberCount: number };

/** A new team with its creator as the owner, in one transaction: a team never exists without one. */
export async function createTeam(
  db: Database,
  input: { userId: string; name: string; timeZone: string },
): Promise<Outcome<{ teamId: string }>> {
  const teamId = await db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ name: input.name, timeZone: input.timeZone })
      .returning({ id: teams.id });
    if (!team) throw new Error("The new team was not returned");
    await tx.insert(teamMembers).values({ teamId: team.id, userId: input.userId, role: "owner" });
    return team.id;
  });
  return { ok: true, teamId };
}

/** The person's teams, by name, with their role and the number of members. */
export async function listTeamsOf(db: Database, userId: string): Promise<TeamListing[]> {
  const mine = db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .as("mine");
  const counted = db
    .select({ teamId: teamMembers.teamId, memberCount: count().as("member_count") })
    .from(teamMembers)
    .groupBy(teamMembers.teamId)
    .as("counted");
  const rows = await db
    .select({
      teamId: teams.id,
      name: teams.name,
      timeZone: teams.timeZone,
      role: mine.role,
      memberCount: counted.memberCount,
    })
    .from(mine)
    .innerJoin(teams, eq(teams.id, mine.teamId))
    .innerJoin(counted, eq(counted.teamId, mine.teamId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
  return rows.map((row) => ({ ...row, role: row.role as TeamRole, memberCount: Number(row.memberCount) }));
}

/** Renames the team and sets its time zone (series' days and times are read in it). Owners only. */
export async function updateTeamSettings(
  db: Database,
  access: TeamAccess,
  settings: { name: string; timeZone: string },
): Promise<Outcome> {
  const refused = allowed(access, "manage-settings");
  if (refused) return refused;
  await db
    .update(teams)
    .set({ name: settings.name, timeZone: settings.timeZone, updatedAt: new Date() })
    .where(eq(teams.id, access.teamId));
  return { ok: true };
}

/**
 * Deletes the team and everything of it (members, invitations, series,
 * meetings, memory, collection, private questions: every team row cascades).
 * The owner confirms by typing the team's name.
 */
export async function deleteTeam(db: Database, access: TeamAccess, confirmName: string): Promise<Outcome> {
  const refused = allowed(access, "manage-settings");
  if (refused) return refused;
  if (confirmName.trim() !== access.teamName.trim()) {
    return failure("TEAM_NAME_MISMATCH", { teamName: access.teamName });
  }
  await db.delete(teams).where(eq(teams.id, access.teamId));
  return { ok: true };
}

/**
 * Before an account is deleted: each team it owns goes to its
 * longest-standing facilitator, else its longest-standing member; a team
 * with nobody else is deleted. Run in the deletion's transaction, before the
 * user row (and with it the membership) goes.
 */
export async function handOverTeamsOf(db: Database, userId: string): Promise<void> {
  const owned = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, "owner")))
    .for("update");
  for (const { teamId } of owned) {
    const [successor] = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, userId)))
      .orderBy(desc(sql`${teamMembers.role} = 'facilitator'`), asc(teamMembers.joinedAt), asc(teamMembers.userId))
      .limit(1)
      .for("update");
    if (!successor) {
      await db.delete(teams).where(eq(teams.id, teamId));
      continue;
    }
    // The leaving owner's row goes first: one owner per team holds after every statement.
    await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await db
      .update(teamMembers)
      .set({ role: "owner" })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, successor.userId)));
  }
}
