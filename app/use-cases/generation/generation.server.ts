import { z } from "zod";
import type { DirectedMember } from "~/domain/generation/directed-access.server";
import {
  type DirectedDeps,
  type DirectedResult,
  directCandidates,
  directFollowUp,
  directRewrite,
} from "~/domain/generation/directed-ai.server";
import type { QuotaSubject } from "~/domain/generation/quota.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { addressSubject } from "~/domain/limits/rate-limit.server";
import { LIMITS } from "~/domain/limits/rules";
import { candidatesRequestSchema, followUpRequestSchema, rewriteRequestSchema } from "~/shared/directed-ai-schemas";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import type { GenerateQuestionResponse } from "~/shared/questions";
import { type Actor, memberOf, signedInUser } from "../actors";
import type { UseCaseDeps } from "../deps";
import { servedQuestionSchema } from "../outputs";
import { defineUseCase, done } from "../use-case";

/** Whose AI quota a generation spends: the account when signed in, else the visitor's cookie and network. */
function quotaSubjectOf(actor: Actor, secret: string): QuotaSubject {
  const user = signedInUser(actor);
  if (user) return { kind: "account", userId: user.id, plan: user.plan };
  const address = "address" in actor && actor.address ? addressSubject(actor.address, secret) : null;
  const visitorId = actor.kind === "visitor" ? actor.visitorId : null;
  // The web adapter gives every visitor who generates a cookie first; a visitor without one is a bug there.
  if (!visitorId) throw new Error("A visitor generates questions only with a visitor id");
  return { kind: "anonymous", visitorId, address };
}

export const generateQuestion = defineUseCase({
  name: "questions.generate",
  summary:
    "Serves the best question for a choice: an unseen one from the library, widened step by step, else a new AI question within the quota, else the one seen longest ago.",
  input: generateQuestionRequestSchema,
  output: z.custom<GenerateQuestionResponse>(),
  actors: ["visitor", "member", "token"],
  // Serving a question changes nothing the member keeps (which they have seen is the generator's own memory).
  scope: "read",
  // A team's memory and private questions are its members' only.
  team: { ability: "view", field: "teamId" },
  errors: [
    "NO_QUESTION_FITS",
    "QUOTA_EXCEEDED",
    "API_KEY_MISSING",
    "API_ERROR",
    "NETWORK_ERROR",
    "GENERATION_ERROR",
    "INVALID_RESPONSE",
  ],
  async run(deps, actor, request, { team }) {
    const { generator, metered } = deps.ai();
    const served = await serveQuestion(
      { db: deps.db, generator, metered, limits: deps.settings.aiQuota },
      request,
      quotaSubjectOf(actor, deps.secret),
      // A team's meeting takes the team's day, in its time zone.
      team?.timeZone ?? null,
    );
    return served.ok ? done(served.body) : served;
  },
});

const directedAnswer = z.object({
  questions: z.array(servedQuestionSchema),
  notice: z.string().optional(),
});

/**
 * Premium's directed AI: a free member is refused before anything reaches
 * the provider; in a team's meeting a member who may not curate its
 * questions keeps the results private, and the answer's notice says so.
 */
function directed<T extends { teamId?: string | undefined }>(
  name: string,
  summary: string,
  input: z.ZodType<T, unknown>,
  direct: (deps: DirectedDeps, member: DirectedMember, request: T) => Promise<DirectedResult>,
) {
  return defineUseCase({
    name,
    summary,
    input,
    output: directedAnswer,
    actors: ["member"],
    team: { ability: "view", field: "teamId" as Extract<keyof T, string> },
    limit: { rule: LIMITS.directedAi },
    errors: [
      "DIRECTED_AI_IS_PREMIUM",
      "SOURCE_QUESTION_NOT_FOUND",
      "API_KEY_MISSING",
      "API_ERROR",
      "NETWORK_ERROR",
      "GENERATION_ERROR",
      "INVALID_RESPONSE",
    ],
    async run(deps: UseCaseDeps, actor, request) {
      const { id, plan } = memberOf(actor);
      const result = await direct({ db: deps.db, writer: deps.ai().generator }, { id, plan }, request);
      if (!result.ok) return result;
      const { questions, notice } = result;
      return done(notice ? { questions, notice } : { questions });
    },
  });
}

export const directCandidateQuestions = directed(
  "ai.candidates",
  "One or three new questions for a choice, shaped by the member's context.",
  candidatesRequestSchema,
  directCandidates,
);
export const rewriteInTone = directed(
  "ai.rewrite",
  "The question rewritten in another tone.",
  rewriteRequestSchema,
  directRewrite,
);
export const followUpQuestion = directed(
  "ai.follow-up",
  "A question that goes one step further than the chosen one.",
  followUpRequestSchema,
  directFollowUp,
);
