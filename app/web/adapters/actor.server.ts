import type { AppLoadContext } from "react-router";
import { recogniseToken } from "~/domain/accounts/api-tokens.server";
import { database } from "~/services.server";
import { bearerOf } from "~/shared/api-tokens";
import { isUuid } from "~/shared/ids";
import type { Actor } from "~/use-cases/actors";
import { domainProblem } from "../http.server";
import { getUser, getUserAndMembership } from "../session.server";
import { existingVisitorId } from "../visitor.server";

/**
 * The actor a page or `/api/v1` request speaks for: the cookie session's
 * member or admin, else a visitor. When the call names a team, the
 * membership is read with the session in one statement.
 *
 * `Authorization: Bearer cu_...` on `/api/v1` is an API token and nothing
 * else: the cookie is not read (so the Origin check a cookie needs does not
 * apply, server/request-guards.ts), and a token that is not valid is
 * answered 401 here with `WWW-Authenticate: Bearer` (thrown: a route
 * module answers a thrown Response as it is).
 */
export async function actorOf(request: Request, context: AppLoadContext, teamId?: string): Promise<Actor> {
  const address = context.clientIp;
  const bearer = bearerToken(request);
  if (bearer !== null) {
    const recognised = await recogniseToken((await database()).db, bearer);
    if (!recognised.ok) {
      throw domainProblem(recognised.error, new Headers({ "WWW-Authenticate": `Bearer realm="CircleUp"` }));
    }
    const { id, scopes, user, subject } = recognised.token;
    return { kind: "token", tokenId: id, scopes, user, subject, address };
  }
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

/** The token of an `/api/v1` request's `Authorization: Bearer` header ("" when the scheme is there without one), or null. */
function bearerToken(request: Request): string | null {
  if (!new URL(request.url).pathname.startsWith("/api/v1/")) return null;
  return bearerOf(request.headers.get("authorization") ?? undefined);
}
