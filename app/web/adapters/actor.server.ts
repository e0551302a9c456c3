import type { AppLoadContext } from "react-router";
import { isUuid } from "~/shared/ids";
import type { Actor } from "~/use-cases/actors";
import { getUser, getUserAndMembership } from "../session.server";
import { existingVisitorId } from "../visitor.server";

/**
 * The actor a page or `/api/v1` request speaks for: the cookie session's
 * member or admin, else a visitor. When the call names a team, the
 * membership is read with the session in one statement.
 *
 * `Authorization: Bearer <token>` is where API tokens will come in: the
 * header will resolve to a `token` actor here, before the cookie is read.
 * Until tokens exist the header is ignored and the cookie decides, as it
 * always has.
 */
export async function actorOf(request: Request, context: AppLoadContext, teamId?: string): Promise<Actor> {
  const address = context.clientIp;
  if (teamId !== undefined && isUuid(teamId)) {
    const { user, membership } = await getUserAndMembership(request, teamId);
    if (user) {
      const kind = user.isAdmin ? "admin" : "member";
      return membership === undefined
        ? { kind, user, address }
        : { kind, user, address, membership: { teamId, membership } };
    }
  } else {
    const user = await getUser(request);
    if (user) return { kind: user.isAdmin ? "admin" : "member", user, address };
  }
  return { kind: "visitor", address, visitorId: await existingVisitorId(request) };
}
