import { config } from "~/config.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { activeGenerator, database } from "~/services.server";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { quotaSubjectOf } from "~/web/quota-subject.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/generate-question";

/**
 * POST /api/v1/generate-question (alias /functions/v1/generate-question):
 * the generator's public contract.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const started = performance.now();
  const parsed = parseJsonBody(context, generateQuestionRequestSchema);
  if (!parsed.ok) return parsed.response;
  // A team's memory and private questions are its members' only: a visitor 401, anyone else 404.
  const team = parsed.data.teamId ? await requireTeamApi(request, parsed.data.teamId, "view") : null;

  const { subject, setCookie } = await quotaSubjectOf(request, context.clientIp);
  const { generator, metered } = activeGenerator();
  const { db } = await database();
  const serving = performance.now();
  const result = await serveQuestion(
    { db, generator, metered, limits: config().aiQuota },
    parsed.data,
    subject,
    team?.timeZone ?? null,
  );
  const done = performance.now();
  const headers = new Headers({
    "Cache-Control": "no-store",
    // Where the time went, for browser dev tools and the benchmark.
    "Server-Timing": `parse;dur=${(serving - started).toFixed(1)}, serve;dur=${(done - serving).toFixed(1)}`,
  });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (!result.ok) return domainProblem(result.error, headers);
  const { question, ...rest } = result.body;
  return Response.json({ question, ...rest }, { headers });
}

export function loader() {
  return methodNotAllowed("POST");
}
