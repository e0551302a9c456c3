import type { Database } from "~/db/database.server";
import { weekdayIn } from "~/shared/cadence";
import type { GenerateQuestionRequest } from "~/shared/question-schemas";
import {
  type GenerateQuestionResponse,
  type GenerationProblem,
  offeredEngagement,
  type RemainingQuestions,
  type ServedQuestion,
  typeForContext,
} from "~/shared/questions";
import { widenedSentence } from "~/shared/widening";
import { recordEvent } from "../analytics/events.server";
import { failure, type Outcome } from "../errors";
import { recordServed } from "../questions/history.server";
import { type Choice, pickForChoice, type RankedPick } from "../questions/library-pick.server";
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
  /** The AI provider; null when none is configured and the library serves alone. */
  generator: QuestionGenerator | null;
  /** AI generations count against the quotas. */
  metered: boolean;
  limits: QuotaLimits;
};

export type ServeResult = Outcome<{ body: GenerateQuestionResponse }>;

/** The longest a visitor waits for the AI before the library answers instead. */
export const GENERATION_BUDGET_MS = 20_000;

/** How many of the last questions the AI is shown, so it does not repeat them. */
export const PREVIOUS_QUESTIONS_SENT = 5;

/** Said to a caller that asks for a fresh AI question where no AI writes any: in the host's words, not a developer's. */
export const AI_NOT_CONFIGURED = "This site does not write new questions with AI, so here is one from our library.";

function generationErrorOf(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  return new GenerationError({ code: "GENERATION_ERROR", params: {} }, true);
}

const asProblem = (error: GenerationError): GenerationProblem => ({
  error: error.message,
  code: error.code,
  params: error.params,
  retryable: error.retryable,
});

/** The host's choice as the library reads it: a deep energizer is served at standard depth. */
export function choiceOf(
  request: Pick<GenerateQuestionRequest, keyof Omit<Choice, "categorySlug">> & {
    categorySlug?: string | null;
  },
): Choice {
  return {
    meetingContext: request.meetingContext,
    questionStyle: request.questionStyle,
    engagementLevel: offeredEngagement(request.meetingContext, request.engagementLevel),
    categorySlug: request.categorySlug ?? null,
  };
}

/**
 * Serves a question to a visitor or member: the question itself, and for a
 * member their history; every served question is counted for the admin
 * charts (by the pick's statement, or without making the caller wait).
 * The meeting's day is the request's weekday (the host's own clock); a
 * team's meeting (`teamTimeZone`, read with the membership) happens on the
 * team's day, in its time zone, wherever the host's browser is.
 */
export async function serveQuestion(
  deps: GenerationDeps,
  request: GenerateQuestionRequest,
  subject: QuotaSubject,
  teamTimeZone: string | null = null,
): Promise<ServeResult> {
  const day = teamTimeZone ? weekdayIn(new Date(), teamTimeZone) : (request.weekday ?? null);
  const result = await chooseQuestion(deps, { ...request, weekday: day ?? undefined }, subject);
  if (!result.ok) return result;
  const userId = subject.kind === "account" ? subject.userId : null;
  // The pick's own statement recorded a library question it was sure to serve; anything else is recorded here.
  if (result.recorded) return { ok: true, body: result.body };
  // A member's questions go into their history; a visitor's stay in their browser.
  if (userId) await recordServed(deps.db, userId, result.body.id);
  void recordEvent(deps.db, "generation", { userId, properties: { source: result.body.source } }).catch(() => {});
  return { ok: true, body: result.body };
}

/**
 * Never a repeat while a fitting unseen question exists: the exact choice,
 * then nearby choices (fittingSteps), then a new AI question when one is
 * configured and the quota allows, and only then the question seen longest
 * ago. A fresh request asks the AI first. When the AI is out of quota, fails
 * or is not configured, the library answers with a notice saying why.
 */
async function chooseQuestion(
  deps: GenerationDeps,
  request: GenerateQuestionRequest,
  subject: QuotaSubject,
): Promise<Outcome<{ body: GenerateQuestionResponse; recorded?: boolean }>> {
  const { db } = deps;
  const userId = subject.kind === "account" ? subject.userId : null;
  const teamId = request.teamId ?? null;
  const choice = choiceOf(request);
  const remaining = (): Promise<RemainingQuestions> =>
    deps.metered ? remainingAiGenerations(db, subject, deps.limits) : Promise.resolve("unlimited");

  const answer = async (pick: RankedPick, extra: Partial<GenerateQuestionResponse> = {}) => ({
    ok: true as const,
    recorded: pick.recorded,
    body: {
      ...pick.question,
      remainingQuestions: await remaining(),
      ...(pick.relaxed.length > 0 ? { widened: widenedSentence(pick.relaxed), relaxed: pick.relaxed } : {}),
      ...extra,
    },
  });
  // One ranked statement decides the library's answer; the AI is asked only when nothing unseen fits
  // (or the host asked for a fresh one), and this same pick answers when the AI cannot.
  // The statement records its pick as served (history, analytics) when it is sure to be served:
  // any pick without an AI, an unseen one unless the host asked for a fresh question.
  const record = !deps.generator ? "any" : request.fresh ? "none" : "unseen";
  const pick = await pickForChoice(db, choice, request.seenIds, userId, teamId, record, request.weekday ?? null);
  const fromLibrary = async (extra: Partial<GenerateQuestionResponse> = {}, orElse?: GenerationError) => {
    if (pick) return answer(pick, extra);
    return { ok: false as const, error: orElse ?? failure("NO_QUESTION_FITS").error };
  };

  if (!request.fresh && pick?.unseen) return answer(pick);
  if (!deps.generator) return fromLibrary(request.fresh ? { notice: AI_NOT_CONFIGURED } : {});

  let left: RemainingQuestions = "unlimited";
  if (deps.metered) {
    const quota = await consumeAiGeneration(db, subject, deps.limits);
    if (!quota.allowed) {
      const error = new GenerationError(
        { code: "QUOTA_EXCEEDED", params: { account: subject.kind !== "anonymous" } },
        false,
      );
      return fromLibrary({ notice: error.message, aiError: asProblem(error) }, error);
    }
    left = quota.remaining;
  }

  const input: GenerationInput = {
    type: typeForContext(choice.meetingContext),
    ...choice,
    previousQuestions: request.previousQuestions.slice(-PREVIOUS_QUESTIONS_SENT),
  };
  try {
    // A person is waiting: retries and the stricter second try all share one budget.
    const text = await deps.generator.generate(input, AbortSignal.timeout(GENERATION_BUDGET_MS));
    const saved = await saveGeneratedQuestion(db, text, input);
    return { ok: true, body: { ...saved, remainingQuestions: left } };
  } catch (error) {
    if (deps.metered) await refundAiGeneration(db, subject, deps.limits);
    const failed = generationErrorOf(error);
    const notice = `A new AI question could not be written just now (${failed.message}), so here is one from our library.`;
    return fromLibrary({ notice, aiError: asProblem(failed) }, failed);
  }
}

/**
 * The question a page shows before any script runs: always from the library, never a metered AI call.
 * The server does not know the visitor's day yet, so the question fits any day.
 */
export async function firstQuestion(
  db: Database,
  settings: Pick<GenerateQuestionRequest, "meetingContext" | "questionStyle" | "engagementLevel" | "categorySlug">,
  userId: string | null = null,
): Promise<ServedQuestion | null> {
  const pick = await pickForChoice(db, choiceOf(settings), [], userId);
  return pick?.question ?? null;
}
