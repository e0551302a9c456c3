import type { CategorySlug } from "./categories";

/** The three moments of a meeting plan, in meeting order. */
export const PLAN_SLOTS = ["check-in", "energizer", "check-out"] as const;
export type PlanSlot = (typeof PLAN_SLOTS)[number];
export const PLAN_MAX_QUESTIONS = 10;
export const PLAN_TITLE_MAX = 100;

/** What a matched set is chosen by. */
export type PlanSuggestion = { categorySlug: CategorySlug | null; engagementLevel: string };
