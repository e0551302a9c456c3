import { z } from "zod";
import { failure } from "~/domain/errors";
import { LIMITS } from "~/domain/limits/rules";
import { startMeeting, startTeamRound } from "~/domain/teams/meetings.server";
import { drawAnother } from "~/domain/teams/prepared-questions.server";
import { isUuid } from "~/shared/ids";
import { teamIdParam } from "../params";
import { defineUseCase, done } from "../use-case";
import { inTeam, teamOf } from "./scope";

/** An id a form may leave out or mangle: anything but an id counts as none. */
const optionalId = z
  .string()
  .optional()
  .transform((id) => (isUuid(id) ? id.toLowerCase() : null));

export const startSeriesMeeting = defineUseCase({
  name: "teams.start-meeting",
  summary:
    "Starts a meeting of a series (it takes the question prepared for it) or one on its own; the person starting it hosts it.",
  input: z.object({ teamId: teamIdParam, seriesId: optionalId }),
  output: z.object({ meetingId: z.uuid(), questionId: z.uuid().nullable() }),
  actors: ["member"],
  team: inTeam("run-meetings"),
  errors: ["SERIES_NOT_FOUND", "MEETING_NOT_STARTED"],
  async run({ db }, _actor, { seriesId }, scope) {
    const started = await startMeeting(db, teamOf(scope), seriesId);
    return started.ok ? done({ meetingId: started.meetingId, questionId: started.questionId }) : started;
  },
});

export const drawAnotherQuestion = defineUseCase({
  name: "teams.draw-another-question",
  summary:
    "Draws another question for a series' next meeting in place of the one the host saw; someone else's draw meanwhile stands.",
  input: z.object({
    teamId: teamIdParam,
    seriesId: z.string().refine(isUuid, { error: "seriesId must be a series id" }),
    questionId: optionalId,
  }),
  output: z.object({ drawn: z.literal(true) }),
  actors: ["member"],
  team: inTeam("run-meetings"),
  errors: ["SERIES_NOT_FOUND", "NO_OTHER_QUESTION"],
  async run({ db }, _actor, { seriesId, questionId }, scope) {
    const drawn = await drawAnother(db, teamOf(scope), seriesId, questionId);
    return drawn.ok ? done({ drawn: true as const }) : drawn;
  },
});

export const startMeetingRound = defineUseCase({
  name: "teams.start-round",
  summary:
    "Starts the meeting's team round (the series' pulse first when it has one, then the meeting's questions); the person starting it hosts it.",
  input: z.object({
    teamId: teamIdParam,
    meetingId: z.string(),
    questionIds: z.array(z.uuid({ error: "questionIds must hold question ids" })),
    anonymous: z.boolean(),
  }),
  output: z.object({ code: z.string(), hostToken: z.string(), expiresAt: z.date() }),
  actors: ["member"],
  team: inTeam("run-meetings"),
  limit: { rule: LIMITS.rounds },
  errors: [
    "TEAM_MEETING_NOT_FOUND",
    "MEETING_ROUND_TAKEN",
    "ROUND_NEEDS_QUESTION",
    "ROUND_QUESTION_UNAVAILABLE",
    "ROUND_QUESTION_HAS_NO_CHOICES",
    "ROUND_NO_FREE_CODE",
  ],
  async run({ db, settings, jobs }, _actor, { meetingId, questionIds, anonymous }, scope) {
    if (!isUuid(meetingId)) return failure("TEAM_MEETING_NOT_FOUND");
    const started = await startTeamRound(db, teamOf(scope), meetingId, { questionIds, anonymous }, settings.live, jobs);
    if (!started.ok) return started;
    const { code, hostToken, expiresAt } = started;
    return done({ code, hostToken, expiresAt });
  },
});
