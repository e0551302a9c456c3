import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories";
import { PLAN_MAX_QUESTIONS, PLAN_SLOTS, PLAN_TITLE_MAX } from "./plans";
import { ENGAGEMENT_LEVEL_VALUES } from "./questions";

const uuid = z.uuid({ error: "questionIds must hold question ids" });

export const planSuggestionSchema = z.object({
  categorySlug: z
    .union([z.enum(CATEGORY_SLUGS), z.literal("all"), z.literal("")])
    .catch("")
    .transform((slug) => (slug === "all" || slug === "" ? null : slug)),
  engagementLevel: z.enum(ENGAGEMENT_LEVEL_VALUES).catch("standard"),
});

export const planSlotSchema = z.enum(PLAN_SLOTS, { error: `slot must be one of ${PLAN_SLOTS.join(", ")}` });

export const newPlanSchema = z.object({
  title: z
    .string()
    .trim()
    .max(PLAN_TITLE_MAX, `The title must be at most ${PLAN_TITLE_MAX} characters`)
    .transform((title) => title || "Meeting plan"),
  questionIds: z
    .array(uuid)
    .min(1, "Add at least one question to the plan")
    .max(PLAN_MAX_QUESTIONS, `A plan holds at most ${PLAN_MAX_QUESTIONS} questions`),
});
