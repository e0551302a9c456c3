import { recordEvent } from "~/domain/analytics/events.server";
import { castVote } from "~/domain/community/votes.server";
import { LIMITS } from "~/domain/limits/rules";
import { database } from "~/services.server";
import { voteRequestSchema } from "~/shared/community-schemas";
import { coded } from "~/shared/errors/codes";
import { methodNotAllowed, parseJsonBody, problem, questionIdParam } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { requireUserApi } from "~/web/session.server";
import type { Route } from "./+types/questions.vote";

/** POST /api/v1/questions/{id}/vote {direction}: toggles the member's vote; answers the new tally. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUserApi(request);
  const questionId = questionIdParam(params.id);
  const parsed = parseJsonBody(context, voteRequestSchema);
  if (!parsed.ok) return parsed.response;
  await requireWithinLimit(LIMITS.votes, { userId: user.id });
  const { db } = await database();
  const tally = await castVote(db, user.id, questionId, parsed.data.direction);
  if (!tally) return problem(coded("QUESTION_NOT_FOUND"));
  await recordEvent(db, "vote", { userId: user.id, properties: { direction: tally.userVote ?? "none" } }).catch(
    () => {},
  );
  return Response.json(tally);
}

export const loader = () => methodNotAllowed("POST");
