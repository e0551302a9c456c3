import { joinRound } from "~/domain/live/participation.server";
import { getRoundView } from "~/domain/live/rounds.server";
import { database } from "~/services.server";
import { joinRoundSchema } from "~/shared/live-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { participantCookie, participantToken, readRoundByCode, roundCodeParam } from "~/web/live.server";
import type { Route } from "./+types/rounds.join";

/** POST /api/v1/rounds/{code}/join {name?}: joins the round on this browser (a cookie); no account needed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const code = roundCodeParam(params.code);
  const parsed = parseJsonBody(context, joinRoundSchema);
  if (!parsed.ok) return parsed.response;
  const { db } = await database();
  const existing = participantToken(request, code);
  // The round's size bounds how many join; only codes that find no round count against the address.
  const joined = await readRoundByCode(context.clientIp, () =>
    joinRound(db, code, { name: parsed.data.name, participantToken: existing }),
  );
  if (!joined.ok) return domainProblem(joined.error);
  const result = await getRoundView(db, code, { participantToken: joined.participantToken }, "participant");
  if (!result.ok) return domainProblem(result.error);
  const headers = new Headers({ "Set-Cookie": participantCookie(code, joined.participantToken, joined.expiresAt) });
  return Response.json({ view: result.view }, { status: existing === joined.participantToken ? 200 : 201, headers });
}

export const loader = () => methodNotAllowed("POST");
