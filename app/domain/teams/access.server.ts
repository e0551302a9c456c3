import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { teamMembers, teams } from "~/db/schema";
import { type TeamAbility, type TeamRole, teamRoleCan } from "~/shared/teams";
import { type DomainError, failure, type Outcome } from "../errors";

export type TeamAccess = { teamId: string; teamName: string; timeZone: string; userId: string; role: TeamRole };

/**
 * The person's place in a team, if they may do what they ask:
 * TEAM_NOT_FOUND when they are not a member and when the team does not
 * exist alike, so a team's existence never leaks; TEAM_ROLE_CANNOT when
 * their role does not allow it.
 */
export async function teamAccess(
  db: Database,
  teamId: string,
  userId: string,
  ability: TeamAbility,
): Promise<Outcome<{ access: TeamAccess }>> {
  const [row] = await db
    .select({ teamName: teams.name, timeZone: teams.timeZone, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return accessOf(teamId, userId, row ?? null, ability);
}

/** The same decision from a membership already read (the session lookup reads it with the session). */
export function accessOf(
  teamId: string,
  userId: string,
  membership: { teamName: string; timeZone: string; role: string } | null,
  ability: TeamAbility,
): Outcome<{ access: TeamAccess }> {
  if (!membership) return failure("TEAM_NOT_FOUND");
  const role = membership.role as TeamRole;
  if (!teamRoleCan(role, ability)) return failure("TEAM_ROLE_CANNOT", { role });
  return { ok: true, access: { teamId, teamName: membership.teamName, timeZone: membership.timeZone, userId, role } };
}

/** A refusal when the person's role does not allow the ability (the routes check first; the domain holds the rule too). */
export function allowed(access: TeamAccess, ability: TeamAbility): { ok: false; error: DomainError } | null {
  return teamRoleCan(access.role, ability) ? null : failure("TEAM_ROLE_CANNOT", { role: access.role });
}
