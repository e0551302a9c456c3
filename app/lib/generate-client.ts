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
        error: "Network error. Please check your connection and try again.",
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
        error: data?.error || "Failed to generate question",
        code: data?.code ?? "API_ERROR",
        retryable: data?.retryable ?? response.status >= 500,
      },
    };
  }
  if (!data?.question) {
    return { ok: false, problem: { error: "Invalid response from server", code: "INVALID_RESPONSE", retryable: true } };
  }
  return {
    ok: true,
    body: { ...(data as GenerateQuestionResponse), remainingQuestions: data.remainingQuestions ?? "unlimited" },
  };
}
