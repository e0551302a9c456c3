import type { ApiOutcome } from "~/lib/community-client";
import { BROWSER_ERRORS } from "~/shared/errors/browser";
import {
  type AnswerMode,
  type LiveAnswer,
  livePaths,
  type RevealMode,
  type RoundRole,
  type RoundTimer,
  type RoundView,
} from "~/shared/live";
import type { GeneratorChoice } from "~/shared/questions";

export type { ApiOutcome };

/** Host actions, as the API names them. The list lives with the request schemas, which stay on the server. */
export type HostAction = "reveal" | "hide-answers" | "lock" | "unlock" | "next" | "previous" | "end" | "timer";

const NETWORK_ERROR = BROWSER_ERRORS.NO_CONNECTION;

/**
 * One request to the rounds API. A failure carries the server's own words
 * (`error` of the problem body), shown next to the control that failed.
 */
async function call<T>(url: string, method: string, body?: unknown, timeoutMs = 10_000): Promise<ApiOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  if (response.status === 204) return { ok: true, body: null as T };
  const data = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok) {
    const fallback = response.status === 429 ? BROWSER_ERRORS.TOO_MANY_TRIES : BROWSER_ERRORS.UNREADABLE_ANSWER;
    return { ok: false, status: response.status, error: data?.error ?? fallback };
  }
  return { ok: true, body: data as T };
}

type RoundHow = { anonymous: boolean; revealMode: RevealMode };

export type NewRoundRequest =
  | (RoundHow & {
      questionIds: string[];
      /** Per question: a mode, or null for the question's own default. */
      modes: (AnswerMode | null)[];
    })
  /** No shared question: each person who joins gets their own, drawn from this choice. */
  | (RoundHow & { perPerson: GeneratorChoice });

export const createRound = (request: NewRoundRequest) =>
  call<{ code: string; hostUrl: string; joinUrl: string }>("/api/v1/rounds", "POST", request);

export const fetchRound = (code: string, as: RoundRole) =>
  call<{ view: RoundView }>(`${livePaths.api(code)}?as=${as}`, "GET");

export const fetchAnswerPage = (code: string, position: number, offset: number) =>
  call<{ answers: LiveAnswer[]; total: number }>(livePaths.answers(code, position, offset), "GET");

export const joinRound = (code: string, name: string | undefined) =>
  call<{ view: RoundView }>(`${livePaths.api(code)}/join`, "POST", name === undefined ? {} : { name });

export type AnswerInput = { text: string } | { choice: number } | { pass: true };

/** An answer to the question at `position`; where each person has their own question, `questionId` is theirs. */
export const sendAnswer = (code: string, position: number, input: AnswerInput, questionId?: string | null) =>
  call<{ answer: LiveAnswer }>(`${livePaths.api(code)}/answer`, "POST", {
    position,
    ...input,
    ...(questionId ? { questionId } : {}),
  });

export const hostAction = (
  code: string,
  action: HostAction,
  position: number,
  options: { shareRecap?: boolean; timer?: Omit<RoundTimer, "position"> } = {},
) => call<{ view: RoundView }>(`${livePaths.api(code)}/host`, "POST", { action, position, ...options });

export const moderateAnswer = (code: string, answerId: string, hidden: boolean) =>
  call<{ answer: LiveAnswer }>(`${livePaths.api(code)}/answers/${encodeURIComponent(answerId)}`, "POST", { hidden });

export const deleteRound = (code: string) => call<null>(livePaths.api(code), "DELETE");
