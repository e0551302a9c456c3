import type { Database } from "~/db/database.server";
import type { GenerateQuestionRequest } from "~/shared/question-schemas";
import type {
  GenerateQuestionResponse,
  GenerationProblem,
  RemainingQuestions,
  ServedQuestion,
} from "~/shared/questions";
import { typeForContext } from "~/shared/questions";
import { recordEvent } from "../analytics/events.server";
import type { Outcome } from "../errors";
import { recordServed } from "../questions/history.server";
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

export type ServeResult = Outcome<{ body: GenerateQuestionResponse }>;

/** The longest a visitor waits for the AI before the library answers instead. */
export const GENERATION_BUDGET_MS = 20_000;

/** How many of the last questions the AI is shown, so it does not repeat them. */
export const PREVIOUS_QUESTIONS_SENT = 5;

function generationErrorOf(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  return new GenerationError("Failed to generate question. Please try again.", "GENERATION_ERROR", true);
}

const asProblem = (error: GenerationError): GenerationProblem => ({
  error: error.message,
  code: error.code,
  retryable: error.retryable,
});

function quotaNotice(subject: QuotaSubject): string {
  return subject.kind === "anonymous"
    ? "You have used the new AI questions for this session, so this one comes from our library. Library questions stay unlimited, and a free account gets more AI questions each day."
    : "You have used today's new AI questions, so this one comes from our library. Library questions stay unlimited, and your AI questions renew tomorrow.";
}

/**
 * Serves a question to a visitor or member: the question itself, and for a
 * member their history; every served question is counted for the admin
 * charts, without making the caller wait for it.
 */
export async function serveQuestion(
  deps: GenerationDeps,
  request: GenerateQuestionRequest,
  subject: QuotaSubject,
): Promise<ServeResult> {
  const result = await chooseQuestion(deps, request, subject);
  if (!result.ok) return result;
  const userId = subject.kind === "account" ? subject.userId : null;
  // A member's questions go into their history; a visitor's stay in their browser.
  if (userId) await recordServed(deps.db, userId, result.body.id);
  void recordEvent(deps.db, "generation", { userId, properties: { source: result.body.source } }).catch(() => {});
  return result;
}

/**
 * The library first (unseen, then least recently seen), the AI when the
 * library has nothing for the combination or a fresh question is asked for.
 * When the AI is out of quota or fails, the closest library question is
 * served with an honest notice.
 */
async function chooseQuestion(
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
      const error = new GenerationError(quotaNotice(subject), "QUOTA_EXCEEDED", false);
      return (await fallback(error.message, asProblem(error))) ?? { ok: false, error };
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
    const failed = generationErrorOf(error);
    const notice = `A new AI question could not be written just now (${failed.message}), so here is one from our library.`;
    return (await fallback(notice, asProblem(failed))) ?? { ok: false, error: failed };
  }
}

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
