import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories";
import { WEEKDAY_NAMES } from "./meeting-day";
import { ENGAGEMENT_LEVEL_VALUES, MEETING_CONTEXT_VALUES, QUESTION_STYLE_VALUES } from "./questions";

/** The generator's three choices (moment, style, depth), each error naming its field: shared by every form that holds a choice. */
export const choiceFields = {
  meetingContext: z.enum(MEETING_CONTEXT_VALUES, {
    error: `meetingContext must be one of ${MEETING_CONTEXT_VALUES.join(", ")}`,
  }),
  questionStyle: z.enum(QUESTION_STYLE_VALUES, {
    error: `questionStyle must be one of ${QUESTION_STYLE_VALUES.join(", ")}`,
  }),
  engagementLevel: z.enum(ENGAGEMENT_LEVEL_VALUES, {
    error: `engagementLevel must be one of ${ENGAGEMENT_LEVEL_VALUES.join(", ")}`,
  }),
};

/** What the generator asks for: the public contract of POST /api/v1/generate-question. */
export const generateQuestionRequestSchema = z.object({
  ...choiceFields,
  previousQuestions: z
    .array(z.string().max(1000, "previousQuestions items must be at most 1000 characters"), {
      error: "previousQuestions must be an array of strings",
    })
    .max(50, "previousQuestions may hold at most 50 questions")
    .default([]),
  categorySlug: z
    .union([z.enum(CATEGORY_SLUGS), z.literal("all"), z.null()], {
      error: `categorySlug must be one of ${CATEGORY_SLUGS.join(", ")}, all, or null`,
    })
    .optional()
    .transform((slug) => (slug === "all" || slug == null ? null : slug)),
  /** Question ids the browser has shown recently, oldest first; anything that is not a UUID is ignored. */
  seenIds: z
    .array(z.string().max(100), { error: "seenIds must be an array of strings" })
    .max(100, "seenIds may hold at most 100 ids")
    .default([]),
  /** Ask the AI for a new question even when the library has one (metered). */
  fresh: z.boolean({ error: "fresh must be true or false" }).default(false),
  /** Serve for this team's meeting: its memory, "not for this team" and private questions apply (members only). */
  teamId: z.uuid({ error: "teamId must be a team id" }).optional(),
  /**
   * The meeting's weekday on the host's own clock (the browser's local day): a question that does not fit
   * it ("yesterday" on a Monday) is left out. Without it the day is unknown, and every question bound to a
   * day is left out. A team's meeting follows the team's time zone instead.
   */
  weekday: z.enum(WEEKDAY_NAMES, { error: `weekday must be one of ${WEEKDAY_NAMES.join(", ")}` }).optional(),
});
export type GenerateQuestionRequest = z.infer<typeof generateQuestionRequestSchema>;

/**
 * What POST /api/v1/seen/reset takes: the choice to start afresh, and the
 * browser's seen ids, of which it answers the ones to keep.
 */
export const startAfreshRequestSchema = generateQuestionRequestSchema.pick({
  meetingContext: true,
  questionStyle: true,
  engagementLevel: true,
  categorySlug: true,
  seenIds: true,
});
