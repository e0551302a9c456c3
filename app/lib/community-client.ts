import type { VoteDirection, VoteTally } from "~/shared/community";
import { BROWSER_ERRORS } from "~/shared/errors/browser";

/** The browser side of the community API: one answer shape; a failure carries the server's text or a network error. */
export type ApiOutcome<T> = { ok: true; body: T } | { ok: false; status: number; error: string };

async function call<T>(url: string, init: RequestInit, timeoutMs = 10_000): Promise<ApiOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: init.body ? { "Content-Type": "application/json" } : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, status: 0, error: BROWSER_ERRORS.NETWORK_ERROR };
  }
  const data = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok)
    return { ok: false, status: response.status, error: data?.error ?? BROWSER_ERRORS.UNREADABLE_ANSWER };
  return { ok: true, body: data as T };
}

export const sendVote = (id: string, direction: VoteDirection) =>
  call<VoteTally>(`/api/v1/questions/${id}/vote`, { method: "POST", body: JSON.stringify({ direction }) });

export const setSaved = (id: string, saved: boolean) =>
  call<{ saved: boolean }>(`/api/v1/questions/${id}/save`, { method: saved ? "PUT" : "DELETE" });

/** "Don't show this again" for the signed-in member's generator, and undoing it. */
export const setHidden = (id: string, hidden: boolean) =>
  call<{ hidden: boolean }>(`/api/v1/questions/${id}/hide`, { method: hidden ? "PUT" : "DELETE" });

/** A team's collection, "not for this team" and "mark as asked", from a card's menu. */
export const saveToTeam = (teamId: string, id: string) =>
  call<{ saved: boolean }>(`/api/v1/teams/${teamId}/collection/${id}`, { method: "PUT" });
export const hideForTeam = (teamId: string, id: string) =>
  call<{ hidden: boolean }>(`/api/v1/teams/${teamId}/hidden/${id}`, { method: "PUT" });
export const markAskedByTeam = (teamId: string, id: string) =>
  call<{ used: boolean }>(`/api/v1/teams/${teamId}/uses`, {
    method: "POST",
    body: JSON.stringify({ questionId: id, how: "asked" }),
  });

export const removeQuestion = (id: string) => call<null>(`/api/v1/questions/${id}`, { method: "DELETE" });

/**
 * An admin edit is tried up to 3 times when the network fails or times out,
 * waiting 1 s, then 2 s, before giving up; a server's answer is never retried.
 */
export async function editQuestionText(
  id: string,
  question: string,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<ApiOutcome<{ id: string; question: string }>> {
  let outcome: ApiOutcome<{ id: string; question: string }> = {
    ok: false,
    status: 0,
    error: BROWSER_ERRORS.NETWORK_ERROR,
  };
  for (let attempt = 1; attempt <= 3; attempt++) {
    outcome = await call(`/api/v1/questions/${id}`, {
      method: "PATCH",
      body: JSON.stringify({ updates: { question: question.trim() } }),
    });
    if (outcome.ok || outcome.status !== 0) return outcome;
    if (attempt < 3) await wait(1000 * attempt);
  }
  return outcome;
}

/** The tally after a vote, before the server answers: the same direction removes the vote, the other switches it. */
export function optimisticTally(tally: VoteTally, direction: VoteDirection): VoteTally {
  const before = tally.userVote;
  const after = before === direction ? null : direction;
  const up = (after === "up" ? 1 : 0) - (before === "up" ? 1 : 0);
  const down = (after === "down" ? 1 : 0) - (before === "down" ? 1 : 0);
  return {
    upvotes: tally.upvotes + up,
    downvotes: tally.downvotes + down,
    voteScore: tally.voteScore + up - down,
    totalVotes: tally.totalVotes + up + down,
    userVote: after,
  };
}
