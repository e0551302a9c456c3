import { LIMITS } from "~/domain/limits/rules";
import { submitAnswer } from "~/domain/live/participation.server";
import { seatKey } from "~/domain/live/tokens.server";
import { database } from "~/services.server";
import { liveAnswerSchema } from "~/shared/live-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody, problem } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { participantToken, roundCodeParam } from "~/web/live.server";
import type { Route } from "./+types/rounds.answer";

/** POST /api/v1/rounds/{code}/answer {position, text | choice | pass}: answers (or passes) the current question. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const code = roundCodeParam(params.code);
  const parsed = parseJsonBody(context, liveAnswerSchema);
  if (!parsed.ok) return parsed.response;
  const token = participantToken(request, code);
  if (!token) return problem(401, "Join the round before answering", "UNAUTHORIZED");
  // Counted per seat, never per address: a room behind one address answers as freely as a room of phones.
  await requireWithinLimit(LIMITS.roundAnswers, { participantId: seatKey(token) });
  const { db } = await database();
  const result = await submitAnswer(db, code, token, parsed.data);
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ answer: result.answer });
}

export const loader = () => methodNotAllowed("POST");
