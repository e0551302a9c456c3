import { removeFromTeam, saveToTeam } from "~/domain/teams/collection.server";
import { database } from "~/services.server";
import { domainProblem, methodNotAllowed, questionIdParam } from "~/web/http.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/teams.collection";

/** PUT saves a question to the team's collection, DELETE removes it; both answer {saved}. */
export async function action({ request, params }: Route.ActionArgs) {
  const access = await requireTeamApi(request, params.teamId, "curate");
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  const questionId = questionIdParam(params.questionId);
  const { db } = await database();
  if (request.method === "DELETE") {
    await removeFromTeam(db, access.teamId, questionId);
    return Response.json({ saved: false });
  }
  const result = await saveToTeam(db, access.teamId, questionId, access.userId);
  return result.ok ? Response.json({ saved: true }) : domainProblem(result.error);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireTeamApi(request, params.teamId, "view");
  return methodNotAllowed("PUT, DELETE");
}
