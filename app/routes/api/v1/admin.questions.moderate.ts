import { moderateQuestion } from "~/domain/admin/questions.server";
import { database } from "~/services.server";
import { moderationSchema } from "~/shared/community-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody, questionIdParam } from "~/web/http.server";
import { requireAdminApi } from "~/web/session.server";
import type { Route } from "./+types/admin.questions.moderate";

/** POST /api/v1/admin/questions/{id}/moderate {decision: approve|reject, reason?}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const admin = await requireAdminApi(request);
  const questionId = questionIdParam(params.id);
  const parsed = parseJsonBody(context, moderationSchema);
  if (!parsed.ok) return parsed.response;
  const { db } = await database();
  const result = await moderateQuestion(db, admin.id, questionId, parsed.data.decision, parsed.data.reason);
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ id: questionId, status: parsed.data.decision === "approve" ? "published" : "rejected" });
}

export const loader = () => methodNotAllowed("POST");
