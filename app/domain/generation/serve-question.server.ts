import type { Database } from "~/db/database.server";
import type { GenerateQuestionRequest } from "~/shared/question-schemas";
import type {
  GenerateQuestionResponse,
  GenerationProblem,
  RemainingQuestions,
  ServedQuestion,
} from "~/shared/questions";
import { typeForContext } from "~/shared/questions";
import { pickClosestFromLibrary, pickFromLibrary } from "../questions/library-pick.server";
import { saveGeneratedQuestion } from "../questions/save-generated.server";
import { GenerationError, type GenerationInput, type QuestionGenerator } from "./generator.server";
import {
  consumeAiGeneration,
  type QuotaLimits,
  type QuotaSubject,
  refundAiGeneration,
  remainingAiGenerations,
} from "./quota.server";

export type GenerationDeps = {
  db: Database;
  generator: QuestionGenerator;
  /** Real AI providers are metered; the offline composer costs nothing and is not. */
  metered: boolean;
  limits: QuotaLimits;
};

export type ServeResult =
  | { ok: true; body: GenerateQuestionResponse }
  | { ok: false; status: number; problem: GenerationProblem };

/** The longest a visitor waits for the AI before the library answers instead. */
export const GENERATION_BUDGET_MS = 20_000;

/** The last questions the AI is shown so it does not repeat them (SPEC section 9). */
export const PREVIOUS_QUESTIONS_SENT = 5;

const STATUS_BY_CODE: Record<GenerationProblem["code"], number> = {
  API_KEY_MISSING: 503,
  API_ERROR: 502,
  NETWORK_ERROR: 504,
  GENERATION_ERROR: 502,
  INVALID_RESPONSE: 502,
  QUOTA_EXCEEDED: 429,
  INVALID_INPUT: 400,
};

function problemOf(error: unknown): GenerationProblem {
  if (error instanceof GenerationError) return { error: error.message, code: error.code, retryable: error.retryable };
  return { error: "Failed to generate question. Please try again.", code: "GENERATION_ERROR", retryable: true };
}

function quotaNotice(subject: QuotaSubject): string {
  return subject.kind === "anonymous"
    ? "You have used the new AI questions for this session, so this one comes from our library. Library questions stay unlimited, and a free account gets more AI questions each day."
    : "You have used today's new AI questions, so this one comes from our library. Library questions stay unlimited, and your AI questions renew tomorrow.";
}

/**
 * SPEC section 4, question generation: the library first (unseen, then
 * least recently seen), the AI when the library has nothing for the
 * combination or a fresh question is asked for. When the AI is out of quota
 * or fails, the closest library question is served with an honest notice.
 */
export async function serveQuestion(
  deps: GenerationDeps,
  request: GenerateQuestionRequest,
  subject: QuotaSubject,
): Promise<ServeResult> {
  const { db } = deps;
  const userId = subject.kind === "account" ? subject.userId : null;
  const input: GenerationInput = {
    type: typeForContext(request.meetingContext),
    meetingContext: request.meetingContext,
    questionStyle: request.questionStyle,
    engagementLevel: request.engagementLevel,
    categorySlug: request.categorySlug ?? null,
    previousQuestions: request.previousQuestions.slice(-PREVIOUS_QUESTIONS_SENT),
  };
  const remaining = (): Promise<RemainingQuestions> =>
    deps.metered ? remainingAiGenerations(db, subject, deps.limits) : Promise.resolve("unlimited");

  if (!request.fresh) {
    const fromLibrary = await pickFromLibrary(db, input, request.seenIds, userId);
    if (fromLibrary) return { ok: true, body: { ...fromLibrary, remainingQuestions: await remaining() } };
  }

  const fallback = async (notice: string, aiError?: GenerationProblem): Promise<ServeResult | null> => {
    const closest = await pickClosestFromLibrary(db, input, request.seenIds, userId);
    if (!closest) return null;
    return { ok: true, body: { ...closest, remainingQuestions: await remaining(), notice, aiError } };
  };

  let left: RemainingQuestions = "unlimited";
  if (deps.metered) {
    const quota = await consumeAiGeneration(db, subject, deps.limits);
    if (!quota.allowed) {
      const problem: GenerationProblem = { error: quotaNotice(subject), code: "QUOTA_EXCEEDED", retryable: false };
      return (await fallback(problem.error, problem)) ?? { ok: false, status: 429, problem };
    }
    left = quota.remaining;
  }

  try {
    // A person is waiting: retries and the stricter second try all share one budget.
    const text = await deps.generator.generate(input, AbortSignal.timeout(GENERATION_BUDGET_MS));
    const saved = await saveGeneratedQuestion(db, text, input);
    return { ok: true, body: { ...saved, remainingQuestions: left } };
  } catch (error) {
    if (deps.metered) await refundAiGeneration(db, subject, deps.limits);
    const problem = problemOf(error);
    const notice = `A new AI question could not be written just now (${problem.error}), so here is one from our library.`;
    return (await fallback(notice, problem)) ?? { ok: false, status: STATUS_BY_CODE[problem.code], problem };
  }
}

export { STATUS_BY_CODE };

/** The question a page shows before any script runs: always from the library, never a metered AI call. */
export async function firstQuestion(
  db: Database,
  settings: Pick<GenerateQuestionRequest, "meetingContext" | "questionStyle" | "engagementLevel" | "categorySlug">,
  userId: string | null = null,
): Promise<ServedQuestion | null> {
  return pickClosestFromLibrary(
    db,
    { ...settings, type: typeForContext(settings.meetingContext), categorySlug: settings.categorySlug ?? null },
    [],
    userId,
  );
}
