import { answersPage } from "~/domain/live/rounds.server";
import { database } from "~/services.server";
import { roundAnswersPageSchema } from "~/shared/live-schemas";
import { invalidInput } from "~/use-cases/validation";
import { domainProblem, problem } from "~/web/http.server";
import { liveCredentials, readRoundByCode, roundCodeParam } from "~/web/live.server";
import type { Route } from "./+types/rounds.answers";

/**
 * GET /api/v1/rounds/{code}/answers?position=&offset=: one page of a
 * question's free-text answers, oldest first, `{answers, total}`. The host
 * reads any question's; a participant the current question's once shown.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = roundCodeParam(params.code);
  const query = roundAnswersPageSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return problem(invalidInput(query.error));
  const { db } = await database();
  const credentials = await liveCredentials(request, code);
  const result = await readRoundByCode(context.clientIp, () =>
    answersPage(db, code, credentials, query.data.position, query.data.offset),
  );
  if (!result.ok) return domainProblem(result.error);
  return Response.json({ answers: result.answers, total: result.total }, { headers: { "Cache-Control": "no-store" } });
}
