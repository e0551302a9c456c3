import { LIMITS } from "~/domain/limits/rules";
import { clearMark, type QuestionMark, setMark } from "~/domain/questions/marks.server";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { methodNotAllowed, problem, questionIdParam } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { requireUserApi } from "~/web/session.server";

/** Setting and clearing a mark count under the same limit. */
const RULES = { saved: LIMITS.saves, hidden: LIMITS.hides } as const;

/**
 * A member's own on/off mark on a question (saved, hidden): PUT sets it,
 * DELETE clears it, both answer `{[mark]: state}`; a question that cannot
 * be marked answers 404.
 */
export function questionMarkRoute(mark: QuestionMark) {
  const ALLOWED = "PUT, DELETE";
  async function action({ request, params }: { request: Request; params: { id?: string } }) {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(ALLOWED);
    const user = await requireUserApi(request);
    const questionId = questionIdParam(params.id);
    await requireWithinLimit(RULES[mark], { userId: user.id });
    const { db } = await database();
    if (request.method === "DELETE") {
      await clearMark(db, mark, user.id, questionId);
      return Response.json({ [mark]: false });
    }
    if (!(await setMark(db, mark, user.id, questionId))) return problem(coded("QUESTION_NOT_FOUND"));
    return Response.json({ [mark]: true });
  }
  return { action, loader: () => methodNotAllowed(ALLOWED) };
}
