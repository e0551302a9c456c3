import { listTeamQuestions, SAVED_PUBLISHED_INSTEAD, writeTeamQuestion } from "~/domain/teams/team-questions.server";
import { database } from "~/services.server";
import { teamQuestionSchema } from "~/shared/team-question-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/teams.questions";

/**
 * GET lists the questions the team wrote (members); POST writes a private
 * one {question, type, questionStyle, engagementLevel, categorySlug}
 * (curators). A text already published is saved to the collection instead:
 * 200 {id, savedPublished: true, notice}; a new one is 201 {id}.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamApi(request, params.teamId, "curate");
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = parseJsonBody(context, teamQuestionSchema);
  if (!parsed.ok) return parsed.response;
  const { db } = await database();
  const result = await writeTeamQuestion(db, access.teamId, access.userId, parsed.data);
  if (!result.ok) return domainProblem(result.error);
  if (result.savedPublished)
    return Response.json({ id: result.id, savedPublished: true, notice: SAVED_PUBLISHED_INSTEAD });
  return Response.json({ id: result.id, savedPublished: false }, { status: 201 });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamApi(request, params.teamId, "view");
  const { db } = await database();
  return Response.json(
    { questions: await listTeamQuestions(db, access.teamId) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
