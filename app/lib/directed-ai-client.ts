import type { DirectedTone } from "~/shared/directed-ai";
import { BROWSER_ERRORS } from "~/shared/errors/browser";
import type { ServedQuestion } from "~/shared/questions";

/** `notice`: the results were kept as the member's private questions rather than the team's. */
export type DirectedAnswer = { ok: true; questions: ServedQuestion[]; notice?: string } | { ok: false; error: string };

/** The AI is asked to write, and may take a while: three candidates are three requests to the provider. */
const WAIT_MS = 90_000;

async function post(path: string, body: Record<string, unknown>): Promise<DirectedAnswer> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(WAIT_MS),
    });
    const data = (await response.json().catch(() => null)) as {
      questions?: ServedQuestion[];
      notice?: string;
      error?: string;
    } | null;
    if (response.ok && data?.questions) {
      return { ok: true, questions: data.questions, ...(data.notice ? { notice: data.notice } : {}) };
    }
    return { ok: false, error: data?.error ?? BROWSER_ERRORS.AI_UNANSWERED };
  } catch {
    return { ok: false, error: BROWSER_ERRORS.NETWORK_ERROR };
  }
}

type Shared = { context: string; teamId?: string };

export const askCandidates = (
  body: Shared & {
    meetingContext: string;
    questionStyle: string;
    engagementLevel: string;
    categorySlug: string | null;
  },
) => post("/api/v1/ai/candidates", { ...body, count: 3 });

export const askRewrite = (body: Shared & { questionId: string; tone: DirectedTone }) =>
  post("/api/v1/ai/rewrite", body);

export const askFollowUp = (body: Shared & { questionId: string }) => post("/api/v1/ai/follow-up", body);

/** Puts the note on what Premium adds away for good; the note is gone from the page either way. */
export function dismissPremiumNote(): void {
  void fetch("/api/v1/premium-note", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  }).catch(() => {});
}
