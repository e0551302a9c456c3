import { hideForTeam, unhideForTeam } from "~/domain/teams/memory.server";
import { database } from "~/services.server";
import { domainProblem, methodNotAllowed, questionIdParam } from "~/web/http.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/teams.hidden";

/** PUT marks a question "not for this team" (never served to the team again), DELETE takes it back; both answer {hidden}. */
export async function action({ request, params }: Route.ActionArgs) {
  const access = await requireTeamApi(request, params.teamId, "curate");
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  const questionId = questionIdParam(params.questionId);
  const { db } = await database();
  if (request.method === "DELETE") {
    await unhideForTeam(db, access.teamId, questionId);
    return Response.json({ hidden: false });
  }
  const result = await hideForTeam(db, access.teamId, questionId, access.userId);
  return result.ok ? Response.json({ hidden: true }) : domainProblem(result.error);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireTeamApi(request, params.teamId, "view");
  return methodNotAllowed("PUT, DELETE");
}
