import { database } from "~/db/index.server";
import { hideQuestion, unhideQuestion } from "~/domain/questions/hidden.server";
import { methodNotAllowed, problem, questionIdParam } from "~/lib/http.server";
import { requireUserApi } from "~/lib/session.server";
import type { Route } from "./+types/api.v1.questions.hide";

/** PUT hides a question from the member's generator ("don't show this again"), DELETE shows it again; both answer {hidden}. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  const user = await requireUserApi(request);
  const questionId = questionIdParam(params.id);
  const { db } = await database();
  if (request.method === "DELETE") {
    await unhideQuestion(db, user.id, questionId);
    return Response.json({ hidden: false });
  }
  if (!(await hideQuestion(db, user.id, questionId))) return problem(404, "Question not found", "NOT_FOUND");
  return Response.json({ hidden: true });
}

export const loader = () => methodNotAllowed("PUT, DELETE");
