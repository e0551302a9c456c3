import { LIMITS } from "~/domain/limits/rules";
import { hostAction } from "~/domain/live/hosting.server";
import { getRoundView } from "~/domain/live/rounds.server";
import { keepTeamRecap } from "~/domain/teams/recaps.server";
import { database } from "~/services.server";
import { hostActionSchema } from "~/shared/live-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { liveCredentials, readRoundByCode, roundCodeParam } from "~/web/live.server";
import type { Route } from "./+types/rounds.host";

/**
 * POST /api/v1/rounds/{code}/host {action, position, shareRecap?, timer?}: reveal, hide, lock, unlock, next,
 * previous, end, or the answer timer as the host's screen has it (for the room's screen).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const code = roundCodeParam(params.code);
  const parsed = parseJsonBody(context, hostActionSchema);
  if (!parsed.ok) return parsed.response;
  await requireWithinLimit(LIMITS.roundHosting, { ip: context.clientIp });
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const { action: hostDoes, position, shareRecap, timer } = parsed.data;
  const done = await readRoundByCode(context.clientIp, () =>
    // A team round's recap stays in the team's history after the round is deleted.
    hostAction(db, code, credentials, hostDoes, position, { shareRecap, timer, afterEnd: keepTeamRecap }),
  );
  if (!done.ok) return domainProblem(done.error);
  const result = await getRoundView(db, code, credentials, "host");
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ view: result.view });
}

export const loader = () => methodNotAllowed("POST");
