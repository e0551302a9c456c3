import express from "express";
import { config, type GoogleChatSettings } from "~/config.server";
import { connectLink } from "~/domain/chat/connect-links.server";
import {
  answerDialog,
  answerFromDialog,
  answerTargetOf,
  connectCardMessage,
  dialogStatus,
  GOOGLE_CHAT_ACTIONS,
  googleChatVerifier,
  questionCardMessage,
  spacePlace,
} from "~/domain/chat/google-chat.server";
import { workspaceInstallation } from "~/domain/chat/installations.server";
import { logger } from "~/logger.server";
import { chatSeal, database } from "~/services.server";
import type { ChatActor } from "~/use-cases/actors";
import {
  answerFromChatRound,
  chatQuestionNow,
  chatRoundQuestion,
  forgetChatWorkspace,
} from "~/use-cases/chat/chat.server";
import { executeUseCase } from "~/use-cases/execute.server";
import type { UseCase } from "~/use-cases/use-case";
import { callDeps } from "../adapters/deps.server";

/**
 * Google Chat's door into CircleUp: one HTTP endpoint for every event of
 * the Chat app. Each request's bearer token is checked (Google's signature,
 * unexpired, this app's audience) before its body is read; anything else is
 * 401 and runs nothing. Answers are synchronous (Chat shows what the
 * response holds): the connect card when the app is added, a question for
 * /circleup, the Answer dialog and its outcome. A space is a workspace of
 * its own here: installations, chat users and removals are per space.
 */
export const GOOGLE_CHAT_PATH = "/chat/google/events";

/** The Chat interaction event, as far as CircleUp reads it. */
type ChatEvent = {
  type?: string;
  space?: { name?: string; displayName?: string; type?: string };
  user?: { name?: string; displayName?: string; type?: string };
  message?: { text?: string; argumentText?: string; slashCommand?: { commandId?: string } };
  appCommandMetadata?: { appCommandId?: number };
  action?: { actionMethodName?: string; parameters?: { key: string; value: string }[] };
  common?: {
    invokedFunction?: string;
    parameters?: Record<string, string>;
    formInputs?: Record<string, { stringInputs?: { value?: string[] } }>;
  };
  dialogEventType?: string;
  isDialogEvent?: boolean;
};

async function run<I, O>(useCase: UseCase<I, O>, actor: ChatActor, input: unknown) {
  return executeUseCase(useCase, await callDeps(), actor, { ok: true, value: input });
}

const NOT_CONNECTED = "This space is not connected to a CircleUp team yet: write “connect” to the app for the link.";
const HELP =
  "Type /circleup for a question for the moment, or write “connect” to connect this space to a CircleUp team.";

function connectCard(space: { name: string; displayName?: string }) {
  return connectCardMessage(connectLink(chatSeal(), config().publicUrl, spacePlace(space)));
}

/** The event's answer: the JSON Chat shows, or null for an event that needs none. */
async function answer(event: ChatEvent): Promise<object | null> {
  const space = event.space?.name ? { name: event.space.name, displayName: event.space.displayName } : null;
  const userName = event.user?.name;
  if (!space) return null;
  if (event.type === "ADDED_TO_SPACE") return connectCard(space);
  const actor: ChatActor = { kind: "chat", platform: "google-chat", workspace: space.name, user: userName ?? "" };
  if (event.type === "REMOVED_FROM_SPACE") {
    const forgotten = await run(forgetChatWorkspace, { ...actor, user: "google-chat" }, {});
    logger.info({ forgotten: forgotten.ok ? forgotten.value.forgotten : 0 }, "Google Chat space disconnected");
    return null;
  }
  if (!userName || event.user?.type === "BOT") return null;
  const command = event.type === "APP_COMMAND" || Boolean(event.message?.slashCommand);
  const text = (event.message?.argumentText ?? event.message?.text ?? "").trim().toLowerCase();
  if (event.type === "MESSAGE" && !command && text.includes("connect")) return connectCard(space);

  const connected = await workspaceInstallation((await database()).db, chatSeal(), "google-chat", space.name);
  if (event.type === "MESSAGE" || event.type === "APP_COMMAND") {
    if (!connected) return connectCard(space);
    if (!command) return { text: HELP };
    const served = await run(chatQuestionNow, actor, {});
    if (!served.ok) return { text: served.error.message, privateMessageViewer: { name: userName } };
    // Private: a question for the moment is the asker's, until they start a round with it.
    return {
      ...questionCardMessage(served.value.question, config().publicUrl),
      privateMessageViewer: { name: userName },
    };
  }
  if (event.type !== "CARD_CLICKED") return null;
  const invoked = event.common?.invokedFunction ?? event.action?.actionMethodName;
  if (event.dialogEventType === "CANCEL_DIALOG") return dialogStatus(null);
  if (invoked === GOOGLE_CHAT_ACTIONS.answer) {
    if (!connected) return dialogStatus(NOT_CONNECTED);
    const target = answerTargetOf(event.action?.parameters ?? event.common?.parameters);
    if (!target) return dialogStatus("This button is not CircleUp's.");
    const found = await run(chatRoundQuestion, actor, { roundId: target.roundId });
    if (!found.ok) return dialogStatus(found.error.message);
    const { position, question } = found.value;
    return answerDialog({ roundId: target.roundId, position }, question as Parameters<typeof answerDialog>[1]);
  }
  if (invoked === GOOGLE_CHAT_ACTIONS.send) {
    if (!connected) return dialogStatus(NOT_CONNECTED);
    const parameters = event.common?.parameters ?? event.action?.parameters;
    const target = answerTargetOf(parameters);
    if (!target) return dialogStatus("This dialog is not CircleUp's.");
    const given = answerFromDialog(event.common?.formInputs, target, parameters);
    if (!given) return dialogStatus("Pick one of the options first.");
    const answered = await run(answerFromChatRound, actor, {
      roundId: target.roundId,
      displayName: event.user?.displayName?.trim() || userName,
      ...given,
    });
    return dialogStatus(answered.ok ? null : answered.error.message);
  }
  if (invoked === GOOGLE_CHAT_ACTIONS.another) {
    if (!connected) return { text: NOT_CONNECTED };
    const after = answerTargetParam(event, "after");
    const served = await run(chatQuestionNow, actor, after ? { after } : {});
    if (!served.ok) return { actionResponse: { type: "UPDATE_MESSAGE" }, text: served.error.message };
    return {
      actionResponse: { type: "UPDATE_MESSAGE" },
      ...questionCardMessage(served.value.question, config().publicUrl),
    };
  }
  return null;
}

function answerTargetParam(event: ChatEvent, key: string): string | undefined {
  return event.common?.parameters?.[key] ?? event.action?.parameters?.find((p) => p.key === key)?.value;
}

/** Refuses a request whose bearer token Google did not sign for this app: 401, and its body is never read. */
function verified(settings: GoogleChatSettings): express.RequestHandler {
  const verifier = googleChatVerifier(settings);
  return async (req, res, next) => {
    const token = /^Bearer (\S+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (token && (await verifier.verify(token))) return next();
    res.status(401).json({ error: "The request does not carry a valid bearer token from Google Chat." });
  };
}

/** The Google Chat endpoint, or null when the app is not set up. */
export function googleChatRouter(): express.Router | null {
  const settings = config().googleChat;
  if (!settings) return null;
  const router = express.Router();
  router.post(GOOGLE_CHAT_PATH, verified(settings), express.json({ limit: "256kb" }), async (req, res) => {
    try {
      const reply = await answer((req.body ?? {}) as ChatEvent);
      res.status(200).json(reply ?? {});
    } catch (error) {
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, "Google Chat event failed");
      res.status(200).json({ text: "Something went wrong on CircleUp's side; try again in a moment." });
    }
  });
  return router;
}
