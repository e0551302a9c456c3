import { z } from "zod";
import { openConnectLink } from "~/domain/chat/connect-links.server";
import { chooseChannel, disconnectTeam, forgetWorkspace, saveInstallation } from "~/domain/chat/installations.server";
import { CHAT_CHOICE, setQuestionOfDay, toggleReminderOptIn } from "~/domain/chat/notices.server";
import { answerFromChat, chatQuestion } from "~/domain/chat/participation.server";
import { noteRoundChange } from "~/domain/chat/round-posts.server";
import { failure } from "~/domain/errors";
import { LIMITS } from "~/domain/limits/rules";
import { pickForChoice } from "~/domain/questions/library-pick.server";
import { isUuid } from "~/shared/ids";
import { liveAnswerSchema } from "~/shared/live-schemas";
import { TIME_OF_DAY } from "~/shared/series";
import { type Actor, type ChatActor, memberOf } from "../actors";
import { ANSWER_ERRORS, JOIN_ERRORS, liveAnswer, OUT_OF_REACH } from "../live/rounds.server";
import { nothing } from "../outputs";
import { teamIdParam } from "../params";
import { inTeam, teamOf } from "../teams/scope";
import { defineUseCase, done } from "../use-case";

/**
 * What people do from a chat platform (answer a posted round, ask for a
 * question for the moment) and what a team owner does to connect one. The
 * platform's adapter verifies the payload and names the person (ChatActor);
 * these know no platform's wire format.
 */

function chatActorOf(actor: Actor): ChatActor {
  if (actor.kind !== "chat") throw new Error(`A ${actor.kind} reached a use case for chat users`);
  return actor;
}

const platform = z.enum(["slack", "teams", "discord", "google-chat"]);
const roundId = z.string().refine(isUuid, "roundId must be a round's id");
const displayName = z
  .string()
  .trim()
  .min(1, "displayName must not be empty")
  .max(80, "displayName can be at most 80 characters");

export const chatRoundQuestion = defineUseCase({
  name: "chat.round-question",
  summary: "The question a posted round asks now, for a chat user about to answer it in their platform's form.",
  input: z.object({ roundId }),
  output: z.object({
    position: z.number().int(),
    question: z.object({ text: z.string(), mode: z.string(), options: z.array(z.string()) }),
  }),
  actors: ["chat"],
  errors: ["ROUND_OUT_OF_REACH"],
  async run({ db }, actor, input) {
    const chat = chatActorOf(actor);
    const found = await chatQuestion(db, { ...chat, displayName: chat.user }, input.roundId);
    return found.ok ? done({ position: found.position, question: found.question }) : found;
  },
});

export const answerFromChatRound = defineUseCase({
  name: "chat.answer-round",
  summary:
    "A chat user answers a round posted in their workspace: the first answer seats them under their display name (none in an anonymous round), then it is taken as a phone's.",
  input: z.object({ roundId, displayName }).and(liveAnswerSchema),
  output: z.object({ answer: liveAnswer }),
  actors: ["chat"],
  // Per chat user, as a phone's answers count per seat.
  limit: {
    rule: LIMITS.roundAnswers,
    by: (actor) =>
      actor.kind === "chat" ? { participant: `${actor.platform}:${actor.workspace}:${actor.user}` } : null,
  },
  // A chat user joins as they answer: what either step may answer.
  errors: [...OUT_OF_REACH, ...JOIN_ERRORS, ...ANSWER_ERRORS],
  async run(deps, actor, { roundId: id, displayName: name, ...answer }) {
    const chat = chatActorOf(actor);
    const taken = await answerFromChat(deps.db, deps.secret, { ...chat, displayName: name }, id, answer);
    if (!taken.ok) return taken;
    await noteRoundChange(deps.db, deps.jobs, taken.round);
    return done({ answer: taken.answer });
  },
});

export const chatQuestionNow = defineUseCase({
  name: "chat.question-now",
  summary:
    "A question for the moment from the library, by the generator's ladder: a check-in question unless told otherwise, never the one just shown.",
  input: z.object({ after: z.string().refine(isUuid, "after must be a question's id").optional() }),
  output: z.object({ question: z.object({ id: z.string(), text: z.string() }) }),
  actors: ["chat"],
  errors: ["NO_QUESTION_FITS"],
  async run({ db }, _actor, { after }) {
    const pick = await pickForChoice(db, CHAT_CHOICE, after ? [after] : []);
    if (!pick) return failure("NO_QUESTION_FITS");
    return done({ question: { id: pick.question.id, text: pick.question.question } });
  },
});

export const forgetChatWorkspace = defineUseCase({
  name: "chat.forget-workspace",
  summary: "The platform says the app was uninstalled from a workspace or its tokens revoked: its tokens are deleted.",
  input: z.object({}),
  output: z.object({ forgotten: z.number().int() }),
  actors: ["chat"],
  errors: [],
  async run({ db }, actor) {
    const chat = chatActorOf(actor);
    return done({ forgotten: await forgetWorkspace(db, chat.platform, chat.workspace) });
  },
});

export const chooseChatChannel = defineUseCase({
  name: "chat.choose-channel",
  summary: "A team owner picks the channel of the connected workspace where the team's rounds are posted.",
  input: z.object({
    teamId: teamIdParam,
    platform,
    channelId: z.string().trim().min(1, "channelId must not be empty").max(40),
    channelName: z.string().trim().min(1).max(200),
  }),
  output: nothing,
  actors: ["member"],
  team: inTeam("manage-settings"),
  errors: ["CHAT_NOT_CONNECTED"],
  async run({ db }, _actor, input, scope) {
    const chosen = await chooseChannel(db, teamOf(scope).teamId, input.platform, {
      id: input.channelId,
      name: input.channelName,
    });
    return chosen ? done(undefined) : failure("CHAT_NOT_CONNECTED");
  },
});

export const disconnectChat = defineUseCase({
  name: "chat.disconnect",
  summary: "A team owner disconnects the team's workspace: its token is deleted and no more rounds are posted.",
  input: z.object({ teamId: teamIdParam, platform }),
  output: nothing,
  actors: ["member"],
  team: inTeam("manage-settings"),
  errors: ["CHAT_NOT_CONNECTED"],
  async run({ db }, _actor, input, scope) {
    const gone = await disconnectTeam(db, teamOf(scope).teamId, input.platform);
    return gone ? done(undefined) : failure("CHAT_NOT_CONNECTED");
  },
});

export const connectChatPlace = defineUseCase({
  name: "chat.connect-place",
  summary:
    "A team owner follows the connect link the app posted in a channel (Microsoft Teams, Google Chat): the team's rounds go to that channel from now on.",
  input: z.object({ teamId: teamIdParam, link: z.string().min(1, "link must not be empty").max(4000) }),
  output: z.object({ platform }),
  actors: ["member"],
  team: inTeam("manage-settings"),
  errors: ["CHAT_LINK_INVALID", "CHAT_LINK_EXPIRED"],
  async run({ db, chatSeal }, actor, input, scope) {
    const opened = openConnectLink(chatSeal(), input.link);
    if (!opened.ok) return opened;
    const { place } = opened;
    await saveInstallation(db, chatSeal(), {
      teamId: teamOf(scope).teamId,
      platform: place.platform,
      workspaceId: place.workspaceId,
      workspaceName: place.workspaceName,
      botUserId: place.botUserId,
      botToken: place.reference,
      installedBy: memberOf(actor).id,
      channel: { id: place.channelId, name: place.channelName },
    });
    return done({ platform: place.platform });
  },
});

export const toggleChatReminders = defineUseCase({
  name: "chat.toggle-reminders",
  summary:
    "A chat user asks for the reminders before their team's meetings by direct message, or asks to stop; answers which it is now.",
  input: z.object({}),
  output: z.object({ teamName: z.string(), on: z.boolean() }),
  actors: ["chat"],
  errors: ["CHAT_NOT_CONNECTED"],
  async run({ db }, actor) {
    const chat = chatActorOf(actor);
    const toggled = await toggleReminderOptIn(db, {
      platform: chat.platform,
      workspaceId: chat.workspace,
      userId: chat.user,
    });
    return toggled ? done(toggled) : failure("CHAT_NOT_CONNECTED");
  },
});

export const setChatQuestionOfDay = defineUseCase({
  name: "chat.set-question-of-day",
  summary:
    "A team owner turns the question of the day in the team's chat channel on (weekdays at a time on the team's clock) or off.",
  input: z.object({
    teamId: teamIdParam,
    enabled: z.boolean(),
    time: z.string({ error: "time must be a time" }).regex(TIME_OF_DAY, "time must be a time as HH:MM"),
  }),
  output: z.object({ next: z.string().nullable() }),
  actors: ["member"],
  team: inTeam("manage-settings"),
  errors: [],
  async run({ db, jobs }, _actor, input, scope) {
    const next = await setQuestionOfDay(db, jobs, teamOf(scope).teamId, input.enabled ? input.time : null);
    return done({ next: next?.at.toISOString() ?? null });
  },
});
