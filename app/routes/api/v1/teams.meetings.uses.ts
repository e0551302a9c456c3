import { recordMeetingUse } from "~/domain/teams/meetings.server";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { isUuid } from "~/shared/ids";
import { meetingUseSchema } from "~/shared/series-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody, problem } from "~/web/http.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/teams.meetings.uses";

/**
 * POST /api/v1/teams/{teamId}/meetings/{meetingId}/uses: a question was
 * presented or asked in the meeting, so the team is not served it again.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const access = await requireTeamApi(request, params.teamId, "run-meetings");
  if (!isUuid(params.meetingId)) return problem(coded("TEAM_MEETING_NOT_FOUND"));
  const parsed = parseJsonBody(context, meetingUseSchema);
  if (!parsed.ok) return parsed.response;
  const { db } = await database();
  const recorded = await recordMeetingUse(db, access, params.meetingId, parsed.data.questionId, parsed.data.how);
  if (!recorded.ok) return domainProblem(recorded.error);
  return Response.json({ recorded: true }, { status: 201 });
}

export const loader = () => methodNotAllowed("POST");
