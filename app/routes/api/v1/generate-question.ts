import { config } from "~/config.server";
import { recordEvent } from "~/domain/analytics/events.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { recordServed } from "~/domain/questions/history.server";
import { activeGenerator, database } from "~/services.server";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import { methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { quotaSubjectOf } from "~/web/quota-subject.server";
import type { Route } from "./+types/generate-question";

/**
 * POST /api/v1/generate-question (alias /functions/v1/generate-question):
 * the generator's public contract (PRODUCT.md "Architecture").
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const started = performance.now();
  const parsed = await parseJsonBody(request, generateQuestionRequestSchema);
  if (!parsed.ok) return parsed.response;

  const { subject, userId, setCookie } = await quotaSubjectOf(request, context.clientIp);
  const { generator, metered } = activeGenerator();
  const { db } = await database();
  const serving = performance.now();
  const result = await serveQuestion({ db, generator, metered, limits: config().aiQuota }, parsed.data, subject);
  // SPEC: a signed-in user's questions go into their history; anonymous ones stay in the browser.
  if (userId && result.ok) await recordServed(db, userId, result.body.id);
  // Counted for the admin charts; not awaited, so the visitor never waits on analytics.
  if (result.ok)
    void recordEvent(db, "generation", { userId, properties: { source: result.body.source } }).catch(() => {});
  const done = performance.now();
  const headers = new Headers({
    "Cache-Control": "no-store",
    // Where the time went, for browser dev tools and the benchmark.
    "Server-Timing": `parse;dur=${(serving - started).toFixed(1)}, serve;dur=${(done - serving).toFixed(1)}`,
  });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (!result.ok) return Response.json(result.problem, { status: result.status, headers });
  const { question, ...rest } = result.body;
  return Response.json({ question, ...rest }, { headers });
}

export function loader() {
  return methodNotAllowed("POST");
}
