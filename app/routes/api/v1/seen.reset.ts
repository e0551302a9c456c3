import { choiceOf } from "~/domain/generation/serve-question.server";
import { LIMITS } from "~/domain/limits/rules";
import { startChoiceAfresh } from "~/domain/questions/library-pick.server";
import { database } from "~/services.server";
import { startAfreshRequestSchema } from "~/shared/question-schemas";
import { methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/seen.reset";

/**
 * POST /api/v1/seen/reset: starts a choice afresh once the generator has
 * widened it, so the exact choice can be served again. Answers
 * {seenIds, forgotten}: the browser's seen ids to keep (those of other
 * choices), and how many seen questions of the choice no longer count; for a
 * member, the ones they were served count as unseen again too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = parseJsonBody(context, startAfreshRequestSchema);
  if (!parsed.ok) return parsed.response;
  const user = await getUser(request);
  // A visitor's seen ids live in their browser: only a member's fresh start writes anything.
  if (user) await requireWithinLimit(LIMITS.afresh, { userId: user.id });
  const { db } = await database();
  const result = await startChoiceAfresh(db, choiceOf(parsed.data), parsed.data.seenIds, user?.id ?? null);
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
