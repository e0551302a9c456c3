import type { SignedInUser } from "~/domain/accounts/viewer.server";
import type { Outcome } from "~/domain/errors";
import { accessOf, type TeamAccess, teamAccess } from "~/domain/teams/access.server";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import type { TeamAbility } from "~/shared/teams";
import { domainPageError } from "./http.server";
import { getUserAndMembership, requireUser } from "./session.server";

const validTeamId = (teamId: string | undefined): teamId is string => !!teamId && isUuid(teamId);

/**
 * The person's access to the team, after `signedIn` turned a visitor away.
 * When the request has not read the session yet, the membership is read
 * with it, in one statement.
 */
async function accessFor(
  request: Request,
  teamId: string | undefined,
  ability: TeamAbility,
  signedIn: (request: Request) => Promise<SignedInUser>,
): Promise<Outcome<{ access: TeamAccess }>> {
  const membership = validTeamId(teamId) ? (await getUserAndMembership(request, teamId)).membership : undefined;
  const user = await signedIn(request);
  if (!validTeamId(teamId)) return accessOf("", user.id, null, ability);
  if (membership === undefined) return teamAccess((await database()).db, teamId, user.id, ability);
  return accessOf(teamId, user.id, membership, ability);
}

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
  const result = await accessFor(request, teamId, ability, requireUser);
  if (!result.ok) throw domainPageError(result.error);
  return result.access;
}
