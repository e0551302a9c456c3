import { LIMITS } from "~/domain/limits/rules";
import { roundOutOfReach } from "~/domain/live/out-of-reach";
import { submitAnswer } from "~/domain/live/participation.server";
import { seatKey } from "~/domain/live/tokens.server";
import { database } from "~/services.server";
import { liveAnswerSchema } from "~/shared/live-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { participantToken, readRoundByCode, roundCodeParam } from "~/web/live.server";
import type { Route } from "./+types/rounds.answer";

/** POST /api/v1/rounds/{code}/answer {position, text | choice | pass}: answers (or passes) the current question. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const code = roundCodeParam(params.code);
  const parsed = parseJsonBody(context, liveAnswerSchema);
  if (!parsed.ok) return parsed.response;
  const token = participantToken(request, code);
  // Without a seat, or with a seat the round does not have, it answers as an unknown code does, and counts alike.
  const result = await readRoundByCode(context.clientIp, async () => {
    if (!token) return roundOutOfReach();
    // Answers count per seat, never per address: a room behind one address answers as freely as a room of phones.
    await requireWithinLimit(LIMITS.roundAnswers, { participantId: seatKey(token) });
    const { db } = await database();
    return submitAnswer(db, code, token, parsed.data);
  });
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ answer: result.answer });
}

export const loader = () => methodNotAllowed("POST");
