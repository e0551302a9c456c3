import type { AppLoadContext } from "react-router";
import type { ZodType } from "zod";
import type { DirectedMember } from "~/domain/generation/directed-access.server";
import {
  type DirectedDeps,
  type DirectedResult,
  directCandidates,
  directFollowUp,
  directRewrite,
} from "~/domain/generation/directed-ai.server";
import { LIMITS } from "~/domain/limits/rules";
import { activeGenerator, database } from "~/services.server";
import { candidatesRequestSchema, followUpRequestSchema, rewriteRequestSchema } from "~/shared/directed-ai-schemas";
import { coded } from "~/shared/errors/codes";
import { domainProblem, methodNotAllowed, parseJsonBody, problem } from "~/web/http.server";
import { requireWithinLimit } from "~/web/limits.server";
import { requireUserApi } from "~/web/session.server";
import { requireTeamApi } from "~/web/teams.server";
import type { Route } from "./+types/ai";

/** One directed request: its body checked by its schema, the team checked, the limit counted, then the domain. */
function directed<T extends { teamId?: string | undefined }>(
  schema: ZodType<T>,
  run: (deps: DirectedDeps, member: DirectedMember, request: T) => Promise<DirectedResult>,
) {
  return async (request: Request, context: AppLoadContext) => {
    const user = await requireUserApi(request);
    const parsed = parseJsonBody(context, schema);
    if (!parsed.ok) return parsed.response;
    if (parsed.data.teamId) await requireTeamApi(request, parsed.data.teamId, "view");
    await requireWithinLimit(LIMITS.directedAi, { userId: user.id });
    const deps = { db: (await database()).db, writer: activeGenerator().generator };
    const result = await run(deps, { id: user.id, plan: user.plan }, parsed.data);
    const headers = { "Cache-Control": "no-store" };
    if (!result.ok) return domainProblem(result.error, headers);
    const { questions, notice } = result;
    return Response.json(notice ? { questions, notice } : { questions }, { headers });
  };
}

const REQUESTS = {
  candidates: directed(candidatesRequestSchema, directCandidates),
  rewrite: directed(rewriteRequestSchema, directRewrite),
  "follow-up": directed(followUpRequestSchema, directFollowUp),
};

/**
 * POST /api/v1/ai/candidates, /api/v1/ai/rewrite, /api/v1/ai/follow-up:
 * Premium's directed AI. A visitor 401; a team id the member is not in 404;
 * over the per-minute limit 429 with Retry-After; a free member 403 (nothing
 * reaches the provider); no provider 503. In a team's meeting a member who
 * may not curate its questions keeps the results private, with a `notice`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const kind = params.kind;
  if (!Object.hasOwn(REQUESTS, kind)) {
    return problem(coded("UNKNOWN_AI_REQUEST"));
  }
  return REQUESTS[kind as keyof typeof REQUESTS](request, context);
}

export function loader() {
  return methodNotAllowed("POST");
}
