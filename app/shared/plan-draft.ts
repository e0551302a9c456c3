import { isUuid } from "./ids";
import { PLAN_MAX_QUESTIONS } from "./plans";

/**
 * The plan a host is putting together, before it is saved: question ids in
 * meeting order, in a cookie rather than browser storage, so the server
 * renders /plan and the header's count with it and nothing changes after the
 * page hydrates. It holds ids only (nothing personal) and is readable by the
 * page's scripts, which add to it from any question card.
 */
export const PLAN_DRAFT_COOKIE = "cu_plan";

/** How long an unsaved plan is kept in the browser. */
export const PLAN_DRAFT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The ids in a cookie value: well-formed, lower case, once each, at most a plan's size. */
export function parsePlanDraft(value: string | undefined | null): string[] {
  if (!value) return [];
  const ids = value
    .split(".")
    .map((id) => id.trim().toLowerCase())
    .filter(isUuid);
  return [...new Set(ids)].slice(0, PLAN_MAX_QUESTIONS);
}

/** The cookie value for a list of ids (dots: no character a cookie value must escape). */
export function serializePlanDraft(ids: readonly string[]): string {
  return parsePlanDraft(ids.join(".")).join(".");
}
