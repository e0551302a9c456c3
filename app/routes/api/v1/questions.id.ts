import { deleteQuestion, editQuestion } from "~/domain/admin/questions.server";
import { database } from "~/services.server";
import { adminEditSchema } from "~/shared/community-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody, questionIdParam } from "~/web/http.server";
import { requireAdminApi } from "~/web/session.server";
import type { Route } from "./+types/questions.id";

/**
 * Admin only. PATCH /api/v1/questions/{id} {source?, updates: {question}}
 * changes the text (trimmed); DELETE removes the question for real.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("PATCH, DELETE");
  const admin = await requireAdminApi(request);
  const questionId = questionIdParam(params.id);
  const { db } = await database();
  if (request.method === "DELETE") {
    const result = await deleteQuestion(db, admin.id, questionId);
    return result.ok ? new Response(null, { status: 204 }) : domainProblem(result.error);
  }
  const parsed = parseJsonBody(context, adminEditSchema);
  if (!parsed.ok) return parsed.response;
  const text = parsed.data.updates.question;
  const result = await editQuestion(db, admin.id, questionId, text);
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ id: questionId, question: text });
}

export const loader = () => methodNotAllowed("PATCH, DELETE");
