import { markTeamUse } from "~/domain/teams/memory.server";
import { database } from "~/services.server";
import { teamUseSchema } from "~/shared/team-question-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/teams.uses";

/**
 * POST /api/v1/teams/{teamId}/uses {questionId, how, meetingId?}: the
 * question was asked in one of the team's meetings, so the team is not
 * served it again while a fitting unused one exists. Hosts only.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamApi(request, params.teamId, "run-meetings");
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = parseJsonBody(context, teamUseSchema);
  if (!parsed.ok) return parsed.response;
  const { db } = await database();
  const result = await markTeamUse(db, { teamId: access.teamId, usedBy: access.userId, ...parsed.data });
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ used: true }, { status: 201 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireTeamApi(request, params.teamId, "view");
  return methodNotAllowed("POST");
}
