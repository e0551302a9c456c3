import { z } from "zod";
import {
  ANSWER_MODES,
  LIVE_NAME_MAX,
  LIVE_QUESTIONS_MAX,
  LIVE_TEXT_MAX,
  LIVE_TIMER_MAX_SECONDS,
  REVEAL_MODES,
} from "./live";
import { generateQuestionRequestSchema } from "./question-schemas";
import { isOfferedChoice } from "./questions";
import { shownTextProblem } from "./text";

const questionId = z.uuid({ error: "questionIds must hold question ids" });

/** The choice each person's own question is drawn from: the generator's fields, each error naming its field. */
const perPersonSchema = z
  .object(
    generateQuestionRequestSchema.pick({
      meetingContext: true,
      questionStyle: true,
      engagementLevel: true,
      categorySlug: true,
    }).shape,
    { error: "perPerson must be an object with meetingContext, questionStyle, engagementLevel and categorySlug" },
  )
  .refine((choice) => isOfferedChoice(choice.meetingContext, choice.engagementLevel), {
    error: "perPerson: an energizer is quick or standard, never deep",
    path: ["engagementLevel"],
  });

/**
 * POST /api/v1/rounds: the questions in the order they are asked, and how;
 * or, with `perPerson`, no shared question: each person who joins gets a
 * question of their own, drawn from that choice.
 */
export const newRoundSchema = z
  .object({
    questionIds: z
      .array(questionId, { error: "questionIds must hold question ids" })
      .max(LIVE_QUESTIONS_MAX, `A round holds at most ${LIVE_QUESTIONS_MAX} questions`)
      .default([]),
    /** Per question, in the same order: an answer mode, or null for the question's own default. */
    modes: z
      .array(z.enum(ANSWER_MODES, { error: `modes must be ${ANSWER_MODES.join(", ")} or null` }).nullable())
      .max(LIVE_QUESTIONS_MAX)
      .optional(),
    anonymous: z.boolean({ error: "anonymous must be true or false" }).default(false),
    revealMode: z.enum(REVEAL_MODES, { error: `revealMode must be ${REVEAL_MODES.join(" or ")}` }).default("host"),
    perPerson: perPersonSchema.optional(),
  })
  .superRefine((round, ctx) => {
    if (round.perPerson && round.questionIds.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["perPerson"],
        message:
          "Send questionIds or perPerson, not both: in a round where each person has their own question there is no shared one",
      });
    } else if (!round.perPerson && round.questionIds.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["questionIds"],
        message:
          "A round needs at least one question: send questionIds, or perPerson to give each person their own question",
      });
    }
  });

/** POST /api/v1/rounds/{code}/join */
export const joinRoundSchema = z.object({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .max(LIVE_NAME_MAX, `Your name can be at most ${LIVE_NAME_MAX} characters`)
    .refine((name) => name === "" || !shownTextProblem(name), "Your name holds characters that cannot be shown")
    .optional(),
});

/** POST /api/v1/rounds/{code}/answer: text (free text or one word), a choice (scale, pick), or a pass. */
export const liveAnswerSchema = z
  .object({
    position: z.number({ error: "position must be a number" }).int().min(0).max(LIVE_QUESTIONS_MAX),
    text: z
      .string({ error: "text must be text" })
      .trim()
      .max(LIVE_TEXT_MAX, `An answer can be at most ${LIVE_TEXT_MAX} characters`)
      .refine(
        (text) => text === "" || !shownTextProblem(text, { lineBreaks: true }),
        "Your answer holds characters that cannot be shown",
      )
      .optional(),
    choice: z.number({ error: "choice must be a number" }).int().min(0).max(9).optional(),
    pass: z.literal(true, { error: "pass must be true" }).optional(),
    /**
     * The question answered, as the phone shows it, so a stale or wrong one
     * is refused: in a round where each person has their own question, it
     * must be the sender's own; elsewhere, the question at `position`.
     */
    questionId: z.uuid({ error: "questionId must be a question id" }).optional(),
  })
  .refine(
    (body) => [body.text !== undefined, body.choice !== undefined, body.pass === true].filter(Boolean).length === 1,
    {
      error: "Send one of text, choice or pass",
    },
  );
export type LiveAnswerInput = z.infer<typeof liveAnswerSchema>;

export const HOST_ACTIONS = ["reveal", "hide-answers", "lock", "unlock", "next", "previous", "end", "timer"] as const;
export type HostAction = (typeof HOST_ACTIONS)[number];

const seconds = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds` })
    .int(`${name} must be a whole number of seconds`)
    .min(0, `${name} must be 0 or more`)
    .max(LIVE_TIMER_MAX_SECONDS, `${name} can be at most ${LIVE_TIMER_MAX_SECONDS} seconds`);

/** The answer timer as the host set it, for the room's screen. */
const timerSchema = z
  .object(
    {
      totalSeconds: seconds("timer.totalSeconds"),
      remainingSeconds: seconds("timer.remainingSeconds"),
      running: z.boolean({ error: "timer.running must be true or false" }),
    },
    { error: "timer must be an object with totalSeconds, remainingSeconds and running" },
  )
  .refine((timer) => timer.remainingSeconds <= timer.totalSeconds, {
    error: "timer.remainingSeconds cannot be more than timer.totalSeconds",
  });

/** POST /api/v1/rounds/{code}/host: what the host does to the current question (at `position`, so a stale screen cannot act on the next one). */
export const hostActionSchema = z
  .object({
    action: z.enum(HOST_ACTIONS, { error: `action must be one of ${HOST_ACTIONS.join(", ")}` }),
    position: z.number({ error: "position must be a number" }).int().min(0).max(LIVE_QUESTIONS_MAX),
    /** With "end": participants' screens link to the recap. */
    shareRecap: z.boolean({ error: "shareRecap must be true or false" }).optional(),
    /** With "timer": the timer as the host's screen has it now. */
    timer: timerSchema.optional(),
  })
  .refine((body) => body.action !== "timer" || body.timer !== undefined, {
    error: 'action "timer" needs a timer: {totalSeconds, remainingSeconds, running}',
    path: ["timer"],
  });

/** POST /api/v1/rounds/{code}/answers/{answerId}: hide an answer, or show it again. */
export const moderateAnswerSchema = z.object({
  hidden: z.boolean({ error: "hidden must be true or false" }),
});

/** GET /api/v1/rounds/{code}/answers?position=&offset=: a page of a question's free-text answers. */
export const roundAnswersPageSchema = z.object({
  position: z.coerce
    .number({ error: "position must be a number" })
    .int("position must be a whole number")
    .min(0, "position must be 0 or more")
    .max(LIVE_QUESTIONS_MAX, `position must be below ${LIVE_QUESTIONS_MAX}`),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset must be 0 or more")
    .max(100_000, "offset is past the last answer")
    .default(0),
});
