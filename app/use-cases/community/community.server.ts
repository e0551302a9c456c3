import { z } from "zod";
import { recordEvent } from "~/domain/analytics/events.server";
import { listQuestions } from "~/domain/community/list.server";
import { submitQuestion } from "~/domain/community/submissions.server";
import { castVote } from "~/domain/community/votes.server";
import { failure } from "~/domain/errors";
import { LIMITS } from "~/domain/limits/rules";
import { listQuerySchema, submissionSchema, voteRequestSchema } from "~/shared/community-schemas";
import { memberOf, signedInUser } from "../actors";
import { listedQuestionSchema, voteTallySchema } from "../outputs";
import { questionIdParam } from "../params";
import { defineUseCase, done } from "../use-case";

export const voteOnQuestion = defineUseCase({
  name: "community.vote",
  summary: "Votes a question up or down; the same vote again takes it back, the other one switches it.",
  input: z.object({ questionId: questionIdParam, ...voteRequestSchema.shape }),
  output: voteTallySchema,
  actors: ["member"],
  limit: { rule: LIMITS.votes },
  errors: ["QUESTION_NOT_FOUND"],
  async run({ db }, actor, { questionId, direction }) {
    const user = memberOf(actor);
    const tally = await castVote(db, user.id, questionId, direction);
    if (!tally) return failure("QUESTION_NOT_FOUND");
    // The vote stands whether or not the analytics row is written.
    await recordEvent(db, "vote", { userId: user.id, properties: { direction: tally.userVote ?? "none" } }).catch(
      () => {},
    );
    return done(tally);
  },
});

export const submitCommunityQuestion = defineUseCase({
  name: "community.submit-question",
  summary: "A member submits a question for a category; it waits for an admin.",
  input: submissionSchema,
  output: z.object({ id: z.uuid(), status: z.literal("pending") }),
  actors: ["member"],
  limit: { rule: LIMITS.submissions },
  errors: ["QUESTION_ALREADY_SUBMITTED", "QUESTION_ALREADY_PUBLISHED"],
  async run({ db }, actor, submission) {
    const result = await submitQuestion(db, memberOf(actor).id, submission);
    return result.ok ? done({ id: result.id, status: "pending" as const }) : result;
  },
});

export const listCommunityQuestions = defineUseCase({
  name: "community.list-questions",
  summary: "One page of the community list, sorted and filtered, with the viewer's vote and save on each card.",
  input: listQuerySchema,
  output: z.object({
    items: z.array(listedQuestionSchema),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  }),
  actors: ["visitor", "member", "token"],
  scope: "read",
  errors: [],
  async run({ db }, actor, query) {
    return done(await listQuestions(db, query, signedInUser(actor)?.id ?? null));
  },
});
