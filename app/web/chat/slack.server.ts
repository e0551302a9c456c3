import { hkdfSync } from "node:crypto";
import { App, ExpressReceiver, LogLevel } from "@slack/bolt";
import { InstallProvider } from "@slack/oauth";
import express from "express";
import { config, type SlackSettings } from "~/config.server";
import { saveInstallation, teamInstallation, workspaceInstallation } from "~/domain/chat/installations.server";
import {
  ANSWER_ERROR_BLOCK,
  answerFromView,
  answerModal,
  parseAnswerTarget,
  SLACK_ACTIONS,
  SLACK_ANSWER_VIEW,
  slackClient,
  slackClientOptions,
} from "~/domain/chat/slack.server";
import { logger } from "~/logger.server";
import { appSecret, chatSeal, database } from "~/services.server";
import { startRoundPath } from "~/shared/chat";
import type { ChatActor } from "~/use-cases/actors";
import {
  answerFromChatRound,
  chatQuestionNow,
  chatRoundQuestion,
  forgetChatWorkspace,
  toggleChatReminders,
} from "~/use-cases/chat/chat.server";
import { executeUseCase } from "~/use-cases/execute.server";
import type { UseCase } from "~/use-cases/use-case";
import { callDeps } from "../adapters/deps.server";

/**
 * Slack's door into CircleUp: Bolt on an ExpressReceiver under /chat/slack
 * (events, interactivity and the /circleup command), which checks every
 * request's signature and its five-minute window before anything runs and
 * answers 401 to a workspace with no installation here (its authorize
 * finds none). Listeners turn the verified payload into a chat actor and
 * call the use cases; posting happens in jobs. Acknowledgements wait for
 * the use case (a database write, well within Slack's three seconds), so a
 * refused modal answer is shown in the modal.
 */
export const SLACK_PATHS = {
  events: "/chat/slack/events",
  interactivity: "/chat/slack/interactivity",
  commands: "/chat/slack/commands",
  oauthRedirect: "/chat/slack/oauth_redirect",
} as const;

/**
 * What the app asks a workspace for: the command, posting (also in public
 * channels it has not joined), the channel list, and direct messages for
 * the reminders people ask for with /circleup remind.
 */
export const SLACK_SCOPES = ["commands", "chat:write", "chat:write.public", "channels:read", "im:write"];

const STATE_COOKIE = "circleup-slack-state";

function actorOf(workspace: string | undefined, user: string | undefined): ChatActor | null {
  if (!workspace || !user) return null;
  return { kind: "chat", platform: "slack", workspace, user };
}

async function run<I, O>(useCase: UseCase<I, O>, actor: ChatActor, input: unknown) {
  return executeUseCase(useCase, await callDeps(), actor, { ok: true, value: input });
}

/** The state's signing key: a key of its own derived from the app's secret. */
function stateSecret(): string {
  return Buffer.from(hkdfSync("sha256", appSecret(), "circleup", "slack oauth state", 32)).toString("base64url");
}

let installer: InstallProvider | undefined;

/**
 * Slack's OAuth v2 install: started from a team's settings page by an
 * owner (the team and the owner travel in the signed state), finished at
 * SLACK_PATHS.oauthRedirect, which keeps the bot token sealed for that team.
 * Installations are read from our table; the store's write is a no-op
 * because the team is known only with the install's options (success()).
 */
function slackInstaller(slack: SlackSettings): InstallProvider {
  installer ??= new InstallProvider({
    clientId: slack.clientId,
    clientSecret: slack.clientSecret,
    stateSecret: stateSecret(),
    stateCookieName: STATE_COOKIE,
    authorizationUrl: new URL("/oauth/v2/authorize", slack.apiUrl).toString(),
    clientOptions: slackClientOptions(slack.apiUrl),
    logLevel: LogLevel.ERROR,
    installationStore: {
      storeInstallation: async () => {},
      fetchInstallation: async (query) => {
        const found = await workspaceInstallation((await database()).db, chatSeal(), "slack", query.teamId ?? "");
        if (!found) throw new Error("no installation for this workspace");
        return {
          team: { id: found.workspaceId },
          enterprise: undefined,
          bot: { token: found.botToken, userId: found.botUserId ?? "", scopes: SLACK_SCOPES, id: "" },
          user: { id: "", token: undefined, scopes: undefined },
        };
      },
    },
  });
  return installer;
}

/** Where "Connect Slack" sends the owner, and the cookie that ties the answer to this browser. */
export async function startSlackInstall(
  teamId: string,
  userId: string,
): Promise<{ url: string; cookie: string } | null> {
  const slack = config().slack;
  if (!slack) return null;
  const url = await slackInstaller(slack).generateInstallUrl({
    scopes: SLACK_SCOPES,
    redirectUri: `${config().publicUrl}${SLACK_PATHS.oauthRedirect}`,
    metadata: JSON.stringify({ teamId, userId }),
  });
  const state = new URL(url).searchParams.get("state") ?? "";
  const secure = config().publicUrl.startsWith("https:") ? "; Secure" : "";
  const cookie = `${STATE_COOKIE}=${state}; Path=${SLACK_PATHS.oauthRedirect}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`;
  return { url, cookie };
}

/** The public channels of the team's connected workspace, for the owner to pick from; null when none is connected. */
export async function slackChannels(teamId: string): Promise<{ id: string; name: string }[] | null> {
  const slack = config().slack;
  if (!slack) return null;
  const installation = await teamInstallation((await database()).db, chatSeal(), teamId, "slack");
  if (!installation) return null;
  try {
    const listed = await slackClient(installation.botToken, slack.apiUrl).conversations.list({
      types: "public_channel",
      exclude_archived: true,
      limit: 200,
    });
    return (listed.channels ?? []).flatMap((c) => (c.id && c.name ? [{ id: c.id, name: c.name }] : []));
  } catch (error) {
    logger.warn({ error: error instanceof Error ? error.message : String(error) }, "Slack channel list failed");
    return [];
  }
}

/** A question for the moment, with Another and Start a round (the question's page, offering the round). */
function questionBlocks(question: { id: string; text: string }) {
  return [
    {
      type: "section",
      text: {
        type: "mrkdwn",
        text: `*${question.text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c] ?? c)}*`,
      },
    },
    {
      type: "actions",
      elements: [
        {
          type: "button",
          action_id: SLACK_ACTIONS.another,
          text: { type: "plain_text", text: "Another" },
          value: question.id,
        },
        {
          type: "button",
          action_id: SLACK_ACTIONS.startRound,
          text: { type: "plain_text", text: "Start a round" },
          url: `${config().publicUrl}${startRoundPath(question.id)}`,
        },
      ],
    },
  ];
}

/** The Slack routes (Bolt's receiver on an Express router), or null when Slack is not set up. */
export function slackRouter(): express.Router | null {
  const slack = config().slack;
  if (!slack) return null;
  const router = express.Router();
  const receiver = new ExpressReceiver({
    signingSecret: slack.signingSecret,
    endpoints: { events: SLACK_PATHS.events, interactivity: SLACK_PATHS.interactivity, commands: SLACK_PATHS.commands },
    processBeforeResponse: true,
    router,
    logLevel: LogLevel.ERROR,
  });
  const app = new App({
    receiver,
    logLevel: LogLevel.ERROR,
    clientOptions: slackClientOptions(slack.apiUrl),
    // A workspace that never connected (or was uninstalled) has no token here: Bolt answers 401 and nothing runs.
    authorize: async ({ teamId }) => {
      const found = await workspaceInstallation((await database()).db, chatSeal(), "slack", teamId ?? "");
      if (!found) throw new Error("This workspace has not connected CircleUp");
      return { botToken: found.botToken, botUserId: found.botUserId ?? undefined, teamId: found.workspaceId };
    },
  });
  app.error(async (error) => {
    logger.warn({ code: error.code, error: error.message }, "Slack request failed");
    throw error;
  });

  // Ephemeral: a question for the moment is the asker's, until they start a round with it.
  app.command("/circleup", async ({ ack, body }) => {
    const actor = actorOf(body.team_id, body.user_id);
    if (!actor) return ack();
    if (body.text.trim().toLowerCase() === "remind") {
      const toggled = await run(toggleChatReminders, actor, {});
      if (!toggled.ok) return ack({ response_type: "ephemeral", text: toggled.error.message });
      const { teamName, on } = toggled.value;
      return ack({
        response_type: "ephemeral",
        text: on
          ? `You will get the reminders before ${teamName}'s meetings here, by direct message. Send /circleup remind again to stop them.`
          : `You will no longer get ${teamName}'s meeting reminders by direct message; they still go to the team's channel.`,
      });
    }
    const served = await run(chatQuestionNow, actor, {});
    if (!served.ok) return ack({ response_type: "ephemeral", text: served.error.message });
    await ack({
      response_type: "ephemeral",
      text: served.value.question.text,
      blocks: questionBlocks(served.value.question),
    });
  });

  app.action(SLACK_ACTIONS.another, async ({ ack, body, respond, action }) => {
    await ack();
    const actor = actorOf(body.team?.id, body.user.id);
    if (!actor) return;
    const after = "value" in action ? action.value : undefined;
    const served = await run(chatQuestionNow, actor, after ? { after } : {});
    if (!served.ok) return void (await respond({ replace_original: false, text: served.error.message }));
    await respond({
      replace_original: true,
      text: served.value.question.text,
      blocks: questionBlocks(served.value.question),
    });
  });

  // A link button: Slack still sends its click, which needs only an acknowledgement.
  app.action(SLACK_ACTIONS.startRound, async ({ ack }) => ack());

  app.action(SLACK_ACTIONS.answer, async ({ ack, body, client, respond, action }) => {
    await ack();
    const actor = actorOf(body.team?.id, body.user.id);
    const target = parseAnswerTarget("value" in action ? action.value : undefined);
    if (!actor || !target || !("trigger_id" in body)) return;
    const found = await run(chatRoundQuestion, actor, { roundId: target.roundId });
    if (!found.ok)
      return void (await respond({ replace_original: false, response_type: "ephemeral", text: found.error.message }));
    const { position, question } = found.value;
    await client.views.open({
      trigger_id: body.trigger_id,
      view: answerModal({ roundId: target.roundId, position }, question as Parameters<typeof answerModal>[1]) as never,
    });
  });

  app.view(SLACK_ANSWER_VIEW, async ({ ack, body, view }) => {
    const actor = actorOf(body.team?.id ?? view.team_id, body.user.id);
    const target = parseAnswerTarget(view.private_metadata);
    if (!actor || !target) return ack();
    const displayName = body.user.name || body.user.id;
    const answered = await run(answerFromChatRound, actor, {
      roundId: target.roundId,
      displayName,
      ...answerFromView(view.state as never, target.position),
    });
    if (answered.ok) return ack();
    await ack({ response_action: "errors", errors: { [ANSWER_ERROR_BLOCK]: answered.error.message } });
  });

  // Uninstalled, or its tokens revoked: the workspace's tokens are deleted here too.
  for (const event of ["app_uninstalled", "tokens_revoked"] as const) {
    app.event(event, async ({ body }) => {
      const workspace = body.team_id;
      if (!workspace) return;
      const actor: ChatActor = { kind: "chat", platform: "slack", workspace, user: "slack" };
      const forgotten = await run(forgetChatWorkspace, actor, {});
      logger.info({ event, forgotten: forgotten.ok ? forgotten.value.forgotten : 0 }, "Slack workspace disconnected");
    });
  }

  // The end of the install: Slack sends the owner back with a code, which is exchanged for the bot token.
  router.get(SLACK_PATHS.oauthRedirect, async (req, res) => {
    await slackInstaller(slack).handleCallback(req, res, {
      success: async (installation, options, _req, response) => {
        const { teamId, userId } = JSON.parse(options.metadata ?? "{}") as { teamId?: string; userId?: string };
        const botToken = installation.bot?.token;
        if (!teamId || !userId || !installation.team?.id || !botToken)
          throw new Error("install without a team or a bot");
        await saveInstallation((await database()).db, chatSeal(), {
          teamId,
          platform: "slack",
          workspaceId: installation.team.id,
          workspaceName: installation.team.name ?? null,
          botUserId: installation.bot?.userId ?? null,
          botToken,
          installedBy: userId,
        });
        response.writeHead(303, { Location: `/teams/${teamId}/settings?notice=slack-connected#chat` });
        response.end();
      },
      failure: async (error, _options, _req, response) => {
        logger.warn({ code: (error as { code?: string }).code }, "Slack install failed");
        response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
        response.end(
          "Slack was not connected: the install was cancelled, expired or came from another browser. Start again from the team's settings.",
        );
      },
    });
  });
  return router;
}
