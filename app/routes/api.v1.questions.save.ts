import { database } from "~/db/index.server";
import { saveQuestion, unsaveQuestion } from "~/domain/community/saves.server";
import { methodNotAllowed, problem, questionIdParam } from "~/lib/http.server";
import { requireUserApi } from "~/lib/session.server";
import type { Route } from "./+types/api.v1.questions.save";

/** PUT saves, DELETE unsaves /api/v1/questions/{id}/save; both answer {saved}. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  const user = await requireUserApi(request);
  const questionId = questionIdParam(params.id);
  const { db } = await database();
  if (request.method === "DELETE") {
    await unsaveQuestion(db, user.id, questionId);
    return Response.json({ saved: false });
  }
  if (!(await saveQuestion(db, user.id, questionId))) return problem(404, "Question not found", "NOT_FOUND");
  return Response.json({ saved: true });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
