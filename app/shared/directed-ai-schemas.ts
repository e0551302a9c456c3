import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories";
import { CANDIDATE_COUNTS, DIRECTED_CONTEXT_MAX, DIRECTED_TONE_VALUES } from "./directed-ai";
import { choiceFields } from "./question-schemas";
import { shownTextProblem } from "./text";

/** The team or meeting in the member's words: data the AI reads, never instructions it follows. */
const contextField = z
  .string({ error: "context must be text" })
  .trim()
  .max(DIRECTED_CONTEXT_MAX, `context must be at most ${DIRECTED_CONTEXT_MAX} characters`)
  .superRefine((text, ctx) => {
    const problem = text ? shownTextProblem(text, { lineBreaks: true }) : null;
    if (problem) ctx.addIssue({ code: "custom", message: `context must not contain ${problem}` });
  })
  .default("");

/** In a team's meeting: results become the team's own questions (members only). */
const teamIdField = z.uuid({ error: "teamId must be a team id" }).optional();

const questionIdField = z.uuid({ error: "questionId must be a question id" });

/** POST /api/v1/ai/candidates: one or three new questions for a choice, shaped by the context. */
export const candidatesRequestSchema = z.object({
  ...choiceFields,
  categorySlug: z
    .union([z.enum(CATEGORY_SLUGS), z.literal("all"), z.null()], {
      error: `categorySlug must be one of ${CATEGORY_SLUGS.join(", ")}, all, or null`,
    })
    .optional()
    .transform((slug) => (slug === "all" || slug == null ? null : slug)),
  count: z
    .union(
      CANDIDATE_COUNTS.map((n) => z.literal(n)),
      { error: `count must be ${CANDIDATE_COUNTS.join(" or ")}` },
    )
    .default(3),
  context: contextField,
  teamId: teamIdField,
});
export type CandidatesRequest = z.infer<typeof candidatesRequestSchema>;

/** POST /api/v1/ai/rewrite: the question in another tone. */
export const rewriteRequestSchema = z.object({
  questionId: questionIdField,
  tone: z.enum(DIRECTED_TONE_VALUES, { error: `tone must be one of ${DIRECTED_TONE_VALUES.join(", ")}` }),
  context: contextField,
  teamId: teamIdField,
});
export type RewriteRequest = z.infer<typeof rewriteRequestSchema>;

/** POST /api/v1/ai/follow-up: a question that goes one step further than the chosen one. */
export const followUpRequestSchema = z.object({
  questionId: questionIdField,
  context: contextField,
  teamId: teamIdField,
});
export type FollowUpRequest = z.infer<typeof followUpRequestSchema>;
