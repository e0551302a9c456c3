import { parse } from "cookie";
import { PLAN_DRAFT_COOKIE, parsePlanDraft } from "~/shared/plan-draft";

/** The question ids of the visitor's unsaved plan, from its cookie. */
export function planDraftIds(request: Request): string[] {
  const header = request.headers.get("Cookie");
  if (!header) return [];
  return parsePlanDraft(parse(header)[PLAN_DRAFT_COOKIE]);
}
