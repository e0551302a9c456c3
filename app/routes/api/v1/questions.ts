import { listQuestions } from "~/domain/community/list.server";
import { submitQuestion } from "~/domain/community/submissions.server";
import { LIMITS } from "~/domain/limits/rules";
import { database } from "~/services.server";
import { listQuerySchema, submissionSchema } from "~/shared/community-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { getUser, requireUserApi } from "~/web/session.server";
import type { Route } from "./+types/questions";

/** GET /api/v1/questions?sort=&category=&page=: one page of the community list. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = listQuerySchema.parse(params);
  const user = await getUser(request);
  const { db } = await database();
  return Response.json(await listQuestions(db, query, user?.id ?? null), {
    headers: { "Cache-Control": user ? "private, no-store" : "public, max-age=30" },
  });
}

/** POST /api/v1/questions: a member submits a question; it waits for an admin. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireUserApi(request);
  const parsed = parseJsonBody(context, submissionSchema);
  if (!parsed.ok) return parsed.response;
  await requireWithinLimit(LIMITS.submissions, { userId: user.id });
  const { db } = await database();
  const result = await submitQuestion(db, user.id, parsed.data);
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ id: result.id, status: "pending" }, { status: 201 });
}
