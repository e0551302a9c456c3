import { z } from "zod";
import { CATEGORY_SLUGS } from "./categories";
import { LIST_SORTS, type ListQuery, questionTextProblem, VOTE_DIRECTIONS } from "./community";
import { choiceFields } from "./question-schemas";
import { QUESTION_TYPES } from "./questions";

export const listQuerySchema: z.ZodType<ListQuery> = z.object({
  sort: z.enum(LIST_SORTS, { error: `sort must be one of ${LIST_SORTS.join(", ")}` }).catch("popular"),
  category: z
    .union([z.enum(CATEGORY_SLUGS), z.literal("all")], {
      error: `category must be all or one of ${CATEGORY_SLUGS.join(", ")}`,
    })
    .catch("all"),
  page: z.coerce.number().int().min(1).catch(1),
});

export const voteRequestSchema = z.object({
  direction: z.enum(VOTE_DIRECTIONS, { error: 'direction must be "up" or "down"' }),
});

/** The text of a submitted or edited question: trimmed, a real question, a sane length. */
export const questionTextSchema = z
  .string({ error: "Invalid question: must be a non-empty string" })
  .trim()
  .superRefine((text, ctx) => {
    const problem = questionTextProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** An admin edit: `updates.question` is the only field that changes; `source`, if sent, is checked but not stored. */
export const adminEditSchema = z.object({
  source: z
    .enum(["generated", "user_submitted"], { error: 'Invalid source: must be "generated" or "user_submitted"' })
    .optional(),
  updates: z.object({ question: questionTextSchema }, { error: "Invalid updates: must be an object" }),
});

export const moderationSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: 'decision must be "approve" or "reject"' }),
  reason: z.string().trim().max(300, "The reason must be at most 300 characters").optional(),
});

/** A question a member submits for a category; it waits for an admin. */
export const submissionSchema = z.object({
  question: questionTextSchema,
  type: z.enum(QUESTION_TYPES, { error: `type must be one of ${QUESTION_TYPES.join(", ")}` }),
  questionStyle: choiceFields.questionStyle,
  engagementLevel: choiceFields.engagementLevel,
  categorySlug: z.enum(CATEGORY_SLUGS, { error: `categorySlug must be one of ${CATEGORY_SLUGS.join(", ")}` }),
});
export type Submission = z.infer<typeof submissionSchema>;
