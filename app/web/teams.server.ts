import { DomainError } from "~/domain/errors";
import { TEAM_NOT_FOUND, type TeamAccess, teamAccess } from "~/domain/teams/access.server";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import type { TeamAbility } from "~/shared/teams";
import { domainPageError, domainProblem, pageError } from "./http.server";
import { requireUser, requireUserApi } from "./session.server";

const validTeamId = (teamId: string | undefined): teamId is string => !!teamId && isUuid(teamId);

/**
 * Team pages: a visitor signs in first (whether or not the team exists),
 * a non-member gets the 404 page, a member whose role does not allow the
 * action a 403.
 */
export async function requireTeamPage(
  request: Request,
  teamId: string | undefined,
  ability: TeamAbility = "view",
): Promise<TeamAccess> {
  const user = await requireUser(request);
  if (!validTeamId(teamId)) throw pageError(404, TEAM_NOT_FOUND);
  const result = await teamAccess((await database()).db, teamId, user.id, ability);
  if (!result.ok) throw domainPageError(result.error);
  return result.access;
}

/** Team API endpoints: 401 for a visitor, 404 for a non-member, 403 for a role that does not allow it. */
export async function requireTeamApi(
  request: Request,
  teamId: string | undefined,
  ability: TeamAbility = "view",
): Promise<TeamAccess> {
  const user = await requireUserApi(request);
  if (!validTeamId(teamId)) throw domainProblem(new DomainError("NOT_FOUND", TEAM_NOT_FOUND));
  const result = await teamAccess((await database()).db, teamId, user.id, ability);
  if (!result.ok) throw domainProblem(result.error);
  return result.access;
}
