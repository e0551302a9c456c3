import { submitTeamQuestion } from "~/domain/teams/team-questions.server";
import { database } from "~/services.server";
import { domainProblem, methodNotAllowed, questionIdParam } from "~/web/http.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/teams.questions.submit";

/** POST: the team's private question goes to the admins for review, as a member's submission does. Curators only. */
export async function action({ request, params }: Route.ActionArgs) {
  const access = await requireTeamApi(request, params.teamId, "curate");
  if (request.method !== "POST") return methodNotAllowed("POST");
  const questionId = questionIdParam(params.questionId);
  const { db } = await database();
  const result = await submitTeamQuestion(db, access.teamId, questionId, access.userId);
  return result.ok ? Response.json({ status: "pending" }) : domainProblem(result.error);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireTeamApi(request, params.teamId, "view");
  return methodNotAllowed("POST");
}
