import { deleteTeamQuestion, editTeamQuestion } from "~/domain/teams/team-questions.server";
import { database } from "~/services.server";
import { teamQuestionEditSchema } from "~/shared/team-question-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody, questionIdParam } from "~/web/http.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/teams.questions.id";

/** PATCH {question} changes the text of the team's private question; DELETE removes it for good. Curators only. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamApi(request, params.teamId, "curate");
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("PATCH, DELETE");
  const questionId = questionIdParam(params.questionId);
  const { db } = await database();
  if (request.method === "DELETE") {
    const result = await deleteTeamQuestion(db, access.teamId, questionId);
    return result.ok ? new Response(null, { status: 204 }) : domainProblem(result.error);
  }
  const parsed = parseJsonBody(context, teamQuestionEditSchema);
  if (!parsed.ok) return parsed.response;
  const result = await editTeamQuestion(db, access.teamId, questionId, parsed.data.question);
  return result.ok ? Response.json({ id: questionId, question: parsed.data.question }) : domainProblem(result.error);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireTeamApi(request, params.teamId, "view");
  return methodNotAllowed("PATCH, DELETE");
}
