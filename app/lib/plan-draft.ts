import { parse, serialize } from "cookie";
import { PLAN_DRAFT_COOKIE, PLAN_DRAFT_MAX_AGE_SECONDS, parsePlanDraft, serializePlanDraft } from "~/shared/plan-draft";
import { PLAN_MAX_QUESTIONS } from "~/shared/plans";
import { useWindowValue } from "./use-window-value";

/** Fired on `window` whenever this page changes the plan draft, so every count on the page follows. */
const PLAN_DRAFT_EVENT = "circleup:plan-draft";

/** The question ids of the plan being put together, in meeting order. */
export function readPlanDraft(): string[] {
  try {
    return parsePlanDraft(parse(document.cookie)[PLAN_DRAFT_COOKIE]);
  } catch {
    return [];
  }
}

/** Replaces the plan draft (an empty list forgets it). */
export function writePlanDraft(ids: readonly string[]): void {
  const value = serializePlanDraft(ids);
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie library builds and escapes the value; the Cookie Store API is not in every browser our hosts use.
    document.cookie = serialize(PLAN_DRAFT_COOKIE, value, {
      path: "/",
      sameSite: "lax",
      maxAge: value ? PLAN_DRAFT_MAX_AGE_SECONDS : 0,
      secure: window.location.protocol === "https:",
    });
  } catch {
    // Blocked cookies: the plan still works on this page.
  }
  window.dispatchEvent(new CustomEvent(PLAN_DRAFT_EVENT));
}

/** How many questions the plan draft holds: the server's count first, then every change (another tab's on focus). */
export function usePlanDraftCount(serverCount: number): number {
  return useWindowValue([PLAN_DRAFT_EVENT, "focus"], () => readPlanDraft().length, serverCount);
}

export type AddManyOutcome = {
  /** How many of the questions were new to the plan. */
  added: number;
  /** How many could not be added because the plan was full. */
  left: number;
  /** How many questions the plan holds now. */
  count: number;
};

/** Adds questions at the end of the plan draft, in the order given, as far as the plan has room. */
export function addManyToPlanDraft(questionIds: readonly string[]): AddManyOutcome {
  const ids = readPlanDraft();
  const fresh = [...new Set(questionIds.map((id) => id.toLowerCase()))].filter((id) => !ids.includes(id));
  const room = Math.max(PLAN_MAX_QUESTIONS - ids.length, 0);
  const added = fresh.slice(0, room);
  if (added.length > 0) writePlanDraft([...ids, ...added]);
  return { added: added.length, left: fresh.length - added.length, count: ids.length + added.length };
}

export type AddToPlanOutcome = { added: boolean; count: number; full: boolean };

/** Adds one question at the end of the plan draft; a question already in it stays where it is. */
export function addToPlanDraft(questionId: string): AddToPlanOutcome {
  const { added, left, count } = addManyToPlanDraft([questionId]);
  return { added: added === 1, count, full: left > 0 };
}

/** Whether two lists of ids are the same plan: the same questions in the same order. */
export function samePlan(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
