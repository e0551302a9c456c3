import { BROWSER_ERRORS } from "~/shared/errors/browser";
import type { GenerateQuestionRequest } from "~/shared/question-schemas";
import type { GenerateQuestionResponse, GenerationProblem } from "~/shared/questions";

export type GenerateOutcome = { ok: true; body: GenerateQuestionResponse } | { ok: false; problem: GenerationProblem };

/** The browser side of POST /api/v1/generate-question; failures carry the same texts and codes the server uses. */
export async function requestQuestion(body: Partial<GenerateQuestionRequest>): Promise<GenerateOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/v1/generate-question", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      problem: {
        error: BROWSER_ERRORS.NETWORK_ERROR,
        code: "NETWORK_ERROR",
        retryable: true,
      },
    };
  }
  const data = (await response.json().catch(() => null)) as Partial<
    GenerateQuestionResponse & GenerationProblem
  > | null;
  if (!response.ok) {
    return {
      ok: false,
      problem: {
        error: data?.error || BROWSER_ERRORS.GENERATION_FAILED,
        code: data?.code ?? "API_ERROR",
        retryable: data?.retryable ?? response.status >= 500,
      },
    };
  }
  if (!data?.question) {
    return {
      ok: false,
      problem: { error: BROWSER_ERRORS.INVALID_RESPONSE, code: "INVALID_RESPONSE", retryable: true },
    };
  }
  return {
    ok: true,
    body: { ...(data as GenerateQuestionResponse), remainingQuestions: data.remainingQuestions ?? "unlimited" },
  };
}

export type AfreshOutcome = { ok: true; seenIds: string[] } | { ok: false; error: string };

/** The browser side of POST /api/v1/seen/reset: starts a choice afresh, answering the seen ids to keep. */
export async function startAfresh(
  body: Pick<
    GenerateQuestionRequest,
    "meetingContext" | "questionStyle" | "engagementLevel" | "categorySlug" | "seenIds"
  >,
): Promise<AfreshOutcome> {
  try {
    const response = await fetch("/api/v1/seen/reset", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as { seenIds?: string[]; error?: string } | null;
    if (!response.ok || !Array.isArray(data?.seenIds))
      return { ok: false, error: data?.error || BROWSER_ERRORS.AFRESH_FAILED };
    return { ok: true, seenIds: data.seenIds };
  } catch {
    return { ok: false, error: BROWSER_ERRORS.NETWORK_ERROR };
  }
}
