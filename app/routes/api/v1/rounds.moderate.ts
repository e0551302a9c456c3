import { LIMITS } from "~/domain/limits/rules";
import { moderateAnswer } from "~/domain/live/hosting.server";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { isUuid } from "~/shared/ids";
import { moderateAnswerSchema } from "~/shared/live-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody, problem } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { liveCredentials, readRoundByCode, roundCodeParam } from "~/web/live.server";
import type { Route } from "./+types/rounds.moderate";

/** POST /api/v1/rounds/{code}/answers/{answerId} {hidden}: the host hides an answer from everyone, or shows it again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const code = roundCodeParam(params.code);
  if (!isUuid(params.answerId)) return problem(coded("ANSWER_NOT_IN_ROUND"));
  const parsed = parseJsonBody(context, moderateAnswerSchema);
  if (!parsed.ok) return parsed.response;
  await requireWithinLimit(LIMITS.roundHosting, { ip: context.clientIp });
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const answerId = params.answerId.toLowerCase();
  const result = await readRoundByCode(context.clientIp, () =>
    moderateAnswer(db, code, credentials, answerId, parsed.data.hidden),
  );
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ answer: result.answer });
}

export const loader = () => methodNotAllowed("POST");
