import { config } from "~/config.server";
import { LIMITS } from "~/domain/limits/rules";
import { createRound } from "~/domain/live/rounds.server";
import { database } from "~/services.server";
import { livePaths } from "~/shared/live";
import { newRoundSchema } from "~/shared/live-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { hostCookie, joinUrl } from "~/web/live.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/rounds";

/** POST /api/v1/rounds: starts a live round; this browser becomes its host (a cookie), a member also by account. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = parseJsonBody(context, newRoundSchema);
  if (!parsed.ok) return parsed.response;
  const user = await getUser(request);
  await requireWithinLimit(LIMITS.rounds, user ? { userId: user.id } : { ip: context.clientIp });
  const { db } = await database();
  const created = await createRound(db, { ...parsed.data, ownerId: user?.id ?? null }, config().live);
  if (!created.ok) return domainProblem(created.error);
  const headers = new Headers({ "Set-Cookie": hostCookie(created.code, created.hostToken, created.expiresAt) });
  return Response.json(
    {
      code: created.code,
      hostUrl: livePaths.host(created.code),
      joinUrl: joinUrl(livePaths.participant(created.code)),
    },
    { status: 201, headers },
  );
}

export const loader = () => methodNotAllowed("POST");
