import { LIMITS } from "~/domain/limits/rules";
import { deleteRound, getRoundView } from "~/domain/live/rounds.server";
import { database } from "~/services.server";
import { domainProblem, methodNotAllowed } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { liveCredentials, readRoundByCode, requestedRole, roundCodeParam } from "~/web/live.server";
import type { Route } from "./+types/rounds.code";

/** GET /api/v1/rounds/{code}?as=host|participant: the round as that screen shows it now; only from a seat in it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = roundCodeParam(params.code);
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const result = await readRoundByCode(context.clientIp, () =>
    getRoundView(db, code, credentials, requestedRole(request)),
  );
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ view: result.view }, { headers: { "Cache-Control": "no-store" } });
}

/** DELETE /api/v1/rounds/{code}: the host deletes the round, its answers and its recap. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  const code = roundCodeParam(params.code);
  await requireWithinLimit(LIMITS.roundHosting, { ip: context.clientIp });
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const result = await readRoundByCode(context.clientIp, () => deleteRound(db, code, credentials));
  if (!result.ok) return domainProblem(result.error);
  return new Response(null, { status: 204 });
}
