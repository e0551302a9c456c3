import { z } from "zod";
import { type ListedQuestion, VOTE_DIRECTIONS } from "~/shared/community";
import {
  ENGAGEMENT_LEVEL_VALUES,
  MEETING_CONTEXT_VALUES,
  QUESTION_SOURCES,
  QUESTION_STYLE_VALUES,
  QUESTION_TYPES,
} from "~/shared/questions";

/** Answers several use cases share, as the API's description shows them. */

/** A question card as every list and answer carries it. */
export const servedQuestionSchema = z.object({
  id: z.uuid(),
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  meetingContext: z.enum(MEETING_CONTEXT_VALUES),
  questionStyle: z.enum(QUESTION_STYLE_VALUES),
  engagementLevel: z.enum(ENGAGEMENT_LEVEL_VALUES),
  categorySlug: z.string().nullable(),
  source: z.enum(QUESTION_SOURCES),
  authorId: z.string().nullable(),
  voteScore: z.number().int(),
  totalVotes: z.number().int(),
  createdAt: z.string(),
  privateTo: z.enum(["author", "team"]).optional(),
});

export const voteTallySchema = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  voteScore: z.number().int(),
  totalVotes: z.number().int(),
  userVote: z.enum(VOTE_DIRECTIONS).nullable(),
});

/** A community card: the question with the viewer's vote and save. */
export const listedQuestionSchema: z.ZodType<ListedQuestion> = servedQuestionSchema.extend({
  userVote: z.enum(VOTE_DIRECTIONS).nullable(),
  saved: z.boolean(),
});

/** No answer body (204). */
export const nothing = z.undefined();
