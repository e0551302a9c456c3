import { z } from "zod";
import { failure } from "~/domain/errors";
import { removeFromTeam, saveToTeam } from "~/domain/teams/collection.server";
import { recordMeetingUse } from "~/domain/teams/meetings.server";
import { hideForTeam, markTeamUse, unhideForTeam } from "~/domain/teams/memory.server";
import {
  deleteTeamQuestion,
  editTeamQuestion,
  listTeamQuestions,
  SAVED_PUBLISHED_INSTEAD,
  submitTeamQuestion,
  type TeamQuestion,
  writeTeamQuestion,
} from "~/domain/teams/team-questions.server";
import { isUuid } from "~/shared/ids";
import { meetingUseSchema } from "~/shared/series-schemas";
import { teamQuestionEditSchema, teamQuestionSchema, teamUseSchema } from "~/shared/team-question-schemas";
import { nothing } from "../outputs";
import { questionIdParam, teamIdParam } from "../params";
import { defineUseCase, done } from "../use-case";
import { inTeam, teamOf } from "./scope";

const questionId = questionIdParam;

export const listQuestionsOfTeam = defineUseCase({
  name: "teams.list-questions",
  summary: "The questions the team wrote, newest first, with where each stands.",
  input: z.object({ teamId: teamIdParam }),
  output: z.object({ questions: z.array(z.custom<TeamQuestion>()) }),
  actors: ["member", "token"],
  scope: "read",
  team: inTeam("view"),
  errors: [],
  async run({ db }, _actor, _input, scope) {
    return done({ questions: await listTeamQuestions(db, teamOf(scope).teamId) });
  },
});

export const writeQuestionForTeam = defineUseCase({
  name: "teams.write-question",
  summary:
    "Writes a private question for the team's meetings; a text already published is saved to the team's collection instead.",
  input: z.object({ teamId: teamIdParam, ...teamQuestionSchema.shape }),
  output: z.object({ id: z.uuid(), savedPublished: z.boolean(), notice: z.string().optional() }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("curate"),
  errors: ["TEAM_ALREADY_HAS_QUESTION", "QUESTION_TEXT_INVALID"],
  async run({ db }, _actor, { teamId: _, ...submission }, scope) {
    const { teamId, userId } = teamOf(scope);
    const result = await writeTeamQuestion(db, teamId, userId, submission);
    if (!result.ok) return result;
    return done(
      result.savedPublished
        ? { id: result.id, savedPublished: true, notice: SAVED_PUBLISHED_INSTEAD }
        : { id: result.id, savedPublished: false },
    );
  },
});

export const editQuestionOfTeam = defineUseCase({
  name: "teams.edit-question",
  summary: "Changes the text of the team's private question.",
  input: z.object({ teamId: teamIdParam, questionId, ...teamQuestionEditSchema.shape }),
  output: z.object({ id: z.uuid(), question: z.string() }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("curate"),
  errors: ["QUESTION_NOT_FOUND", "TEAM_ALREADY_HAS_QUESTION", "QUESTION_TEXT_INVALID"],
  async run({ db }, _actor, input, scope) {
    const result = await editTeamQuestion(db, teamOf(scope).teamId, input.questionId, input.question);
    return result.ok ? done({ id: input.questionId, question: input.question }) : result;
  },
});

export const deleteQuestionOfTeam = defineUseCase({
  name: "teams.delete-question",
  summary: "Deletes the team's private question for good.",
  input: z.object({ teamId: teamIdParam, questionId }),
  output: nothing,
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("curate"),
  errors: ["QUESTION_NOT_FOUND"],
  async run({ db }, _actor, input, scope) {
    const result = await deleteTeamQuestion(db, teamOf(scope).teamId, input.questionId);
    return result.ok ? done(undefined) : result;
  },
});

export const submitQuestionOfTeam = defineUseCase({
  name: "teams.submit-question",
  summary: "Sends the team's private question to the admins for review; the team keeps using it meanwhile.",
  input: z.object({ teamId: teamIdParam, questionId }),
  output: z.object({ status: z.literal("pending") }),
  actors: ["member"],
  team: inTeam("curate"),
  errors: ["QUESTION_NOT_FOUND"],
  async run({ db }, _actor, input, scope) {
    const { teamId, userId } = teamOf(scope);
    const result = await submitTeamQuestion(db, teamId, input.questionId, userId);
    return result.ok ? done({ status: "pending" as const }) : result;
  },
});

export const saveToCollection = defineUseCase({
  name: "teams.save-to-collection",
  summary: "Saves a question to the team's collection.",
  input: z.object({ teamId: teamIdParam, questionId }),
  output: z.object({ saved: z.literal(true) }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("curate"),
  errors: ["QUESTION_NOT_FOUND"],
  async run({ db }, _actor, input, scope) {
    const { teamId, userId } = teamOf(scope);
    const result = await saveToTeam(db, teamId, input.questionId, userId);
    return result.ok ? done({ saved: true as const }) : result;
  },
});

export const removeFromCollection = defineUseCase({
  name: "teams.remove-from-collection",
  summary: "Takes a question out of the team's collection.",
  input: z.object({ teamId: teamIdParam, questionId }),
  output: z.object({ saved: z.literal(false) }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("curate"),
  errors: [],
  async run({ db }, _actor, input, scope) {
    await removeFromTeam(db, teamOf(scope).teamId, input.questionId);
    return done({ saved: false as const });
  },
});

export const notForThisTeam = defineUseCase({
  name: "teams.hide-question",
  summary: '"Not for this team": the question is never served to the team again, whoever hosts.',
  input: z.object({ teamId: teamIdParam, questionId }),
  output: z.object({ hidden: z.literal(true) }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("curate"),
  errors: ["QUESTION_NOT_FOUND"],
  async run({ db }, _actor, input, scope) {
    const { teamId, userId } = teamOf(scope);
    const result = await hideForTeam(db, teamId, input.questionId, userId);
    return result.ok ? done({ hidden: true as const }) : result;
  },
});

export const forThisTeamAgain = defineUseCase({
  name: "teams.unhide-question",
  summary: 'Takes back a "not for this team".',
  input: z.object({ teamId: teamIdParam, questionId }),
  output: z.object({ hidden: z.literal(false) }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("curate"),
  errors: [],
  async run({ db }, _actor, input, scope) {
    await unhideForTeam(db, teamOf(scope).teamId, input.questionId);
    return done({ hidden: false as const });
  },
});

export const markUsedByTeam = defineUseCase({
  name: "teams.mark-used",
  summary:
    "The question was asked in one of the team's meetings, so the team is not served it again while a fitting unused one exists.",
  input: z.object({ teamId: teamIdParam, ...teamUseSchema.shape }),
  output: z.object({ used: z.literal(true) }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("run-meetings"),
  errors: ["QUESTION_NOT_FOUND", "MEETING_NOT_FOUND"],
  async run({ db }, _actor, { teamId: _, ...use }, scope) {
    const { teamId, userId } = teamOf(scope);
    const result = await markTeamUse(db, { teamId, usedBy: userId, ...use });
    return result.ok ? done({ used: true as const }) : result;
  },
});

export const recordUseInMeeting = defineUseCase({
  name: "teams.record-meeting-use",
  summary: "A question was presented or asked in the meeting, so the team is not served it again.",
  input: z.object({ teamId: teamIdParam, meetingId: z.string(), ...meetingUseSchema.shape }),
  output: z.object({ recorded: z.literal(true) }),
  actors: ["member", "token"],
  scope: "write",
  team: inTeam("run-meetings"),
  errors: ["TEAM_MEETING_NOT_FOUND", "QUESTION_NOT_FOR_TEAM"],
  async run({ db }, _actor, input, scope) {
    if (!isUuid(input.meetingId)) return failure("TEAM_MEETING_NOT_FOUND");
    const result = await recordMeetingUse(db, teamOf(scope), input.meetingId, input.questionId, input.how);
    return result.ok ? done({ recorded: true as const }) : result;
  },
});
