import {
  type Activity,
  ActivityTypes,
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  type InvokeResponse,
  type TurnContext,
} from "botbuilder";
import { AuthenticationConstants, AuthenticationError } from "botframework-connector";
import express from "express";
import { config, type TeamsSettings } from "~/config.server";
import { connectLink } from "~/domain/chat/connect-links.server";
import { workspaceInstallation } from "~/domain/chat/installations.server";
import {
  answeredCard,
  answerFromCard,
  connectCard,
  parseTeamsReference,
  questionCard,
  TEAMS_VERBS,
  TeamsCredentialsFactory,
  type TeamsReference,
} from "~/domain/chat/teams.server";
import { logger } from "~/logger.server";
import { chatSeal, database } from "~/services.server";
import type { ChatActor } from "~/use-cases/actors";
import { answerFromChatRound, chatQuestionNow, forgetChatWorkspace } from "~/use-cases/chat/chat.server";
import { executeUseCase } from "~/use-cases/execute.server";
import type { UseCase } from "~/use-cases/use-case";
import { callDeps } from "../adapters/deps.server";

/**
 * Microsoft Teams' door into CircleUp: the Bot Framework posts every
 * activity to TEAMS_MESSAGES_PATH with a JWT, which the SDK's CloudAdapter
 * checks (signature against the OpenID metadata's keys, issuer, audience =
 * our app id, expiry, the serviceUrl claim) before anything runs; a request
 * it refuses gets 401. A Teams team is a workspace: its installation is
 * made when an owner follows the connect card the bot posts on being
 * added, and activities from a team with none (or from another tenant than
 * the one it was connected in) change nothing.
 */
export const TEAMS_MESSAGES_PATH = "/chat/teams/messages";

type ChannelData = {
  tenant?: { id?: string };
  team?: { id?: string; name?: string; aadGroupId?: string };
  channel?: { id?: string; name?: string };
};

const channelDataOf = (activity: Activity) => (activity.channelData ?? {}) as ChannelData;
const tenantOf = (activity: Activity) => activity.conversation?.tenantId ?? channelDataOf(activity).tenant?.id ?? "";

/** The channel an activity came from, without the thread a message may carry (`;messageid=`). */
function channelOf(activity: Activity): string {
  return channelDataOf(activity).channel?.id ?? activity.conversation?.id?.split(";")[0] ?? "";
}

async function run<I, O>(useCase: UseCase<I, O>, actor: ChatActor, input: unknown) {
  return executeUseCase(useCase, await callDeps(), actor, { ok: true, value: input });
}

const invokeResponse = (status: number, body?: unknown): Partial<Activity> => ({
  type: ActivityTypes.InvokeResponse,
  value: { status, body } satisfies InvokeResponse,
});

/** An Action.Execute's answer: a card the person who pressed it sees in place of the one they pressed. */
const cardResponse = (card: object) =>
  invokeResponse(200, { statusCode: 200, type: "application/vnd.microsoft.card.adaptive", value: card });

/** The message's text without the bot's @mention, lowercased: the command a person wrote. */
function commandOf(activity: Activity): string {
  return (activity.text ?? "")
    .replace(/<at>[^<]*<\/at>/g, "")
    .trim()
    .toLowerCase();
}

function botWasAdded(activity: Activity): boolean {
  if (activity.type === ActivityTypes.InstallationUpdate) return activity.action === "add";
  return (
    activity.type === ActivityTypes.ConversationUpdate &&
    (activity.membersAdded ?? []).some((m) => m.id === activity.recipient?.id)
  );
}

function botWasRemoved(activity: Activity): boolean {
  if (activity.type === ActivityTypes.InstallationUpdate) return activity.action === "remove";
  return (
    activity.type === ActivityTypes.ConversationUpdate &&
    (activity.membersRemoved ?? []).some((m) => m.id === activity.recipient?.id)
  );
}

/** Posts the connect card in the channel the activity came from. */
async function offerConnect(context: TurnContext, teamId: string): Promise<void> {
  const activity = context.activity;
  const data = channelDataOf(activity);
  const channelId = channelOf(activity);
  const reference: TeamsReference = {
    serviceUrl: activity.serviceUrl,
    conversationId: channelId,
    tenantId: tenantOf(activity),
    botId: activity.recipient.id,
    teamId,
  };
  const link = connectLink(chatSeal(), config().publicUrl, {
    platform: "teams",
    workspaceId: teamId,
    workspaceName: data.team?.name ?? null,
    channelId,
    // Teams names every channel but the team's first one, whose id is the team's.
    channelName: data.channel?.name ?? (channelId === teamId ? "General" : null),
    botUserId: activity.recipient.id,
    reference: JSON.stringify(reference),
  });
  await context.sendActivity({ attachments: [connectCard(link)] });
}

async function onTurn(context: TurnContext, settings: TeamsSettings): Promise<void> {
  const activity = context.activity;
  const tenant = tenantOf(activity);
  const refuse = async () => {
    if (activity.type === ActivityTypes.Invoke) await context.sendActivity(invokeResponse(403));
  };
  if (settings.tenantId && tenant !== settings.tenantId) return refuse();
  const teamId = channelDataOf(activity).team?.id ?? "";
  const command = activity.type === ActivityTypes.Message && !activity.value ? commandOf(activity) : "";

  if (!teamId) {
    // A personal or group chat: rounds live in a team's channel.
    if (activity.type === ActivityTypes.Message)
      await context.sendActivity("CircleUp works in a team's channel: add it to one, then press Connect in its card.");
    return refuse();
  }
  if (botWasAdded(activity) || command === "connect") return offerConnect(context, teamId);

  const installation = await workspaceInstallation((await database()).db, chatSeal(), "teams", teamId);
  const reference = installation ? parseTeamsReference(installation.botToken) : null;
  if (!reference || reference.tenantId !== tenant) {
    if (command) return offerConnect(context, teamId);
    return refuse();
  }
  const actor: ChatActor = {
    kind: "chat",
    platform: "teams",
    workspace: teamId,
    user: activity.from?.aadObjectId ?? activity.from?.id ?? "",
  };

  if (botWasRemoved(activity)) {
    const forgotten = await run(forgetChatWorkspace, { ...actor, user: "teams" }, {});
    logger.info({ forgotten: forgotten.ok ? forgotten.value.forgotten : 0 }, "Teams team disconnected");
    return;
  }

  // A card's button: Action.Execute arrives as an invoke, Action.Submit (older clients) as a message with a value.
  const isAction = activity.type === ActivityTypes.Invoke && activity.name === "adaptiveCard/action";
  const data = isAction
    ? ((activity.value as { action?: { data?: Record<string, unknown> } } | undefined)?.action?.data ?? {})
    : activity.type === ActivityTypes.Message && activity.value && typeof activity.value === "object"
      ? (activity.value as Record<string, unknown>)
      : null;
  const reply = (card: object) =>
    isAction
      ? context.sendActivity(cardResponse(card))
      : context.sendActivity({
          attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: card }],
        });

  if (data) {
    if (!actor.user) return refuse();
    const answer = answerFromCard(data);
    if (answer) {
      const answered = await run(answerFromChatRound, actor, {
        roundId: answer.target.roundId,
        displayName: (activity.from?.name ?? "").trim().slice(0, 80) || "Teams user",
        ...answer.answer,
      });
      await reply(answeredCard(answered.ok ? "Thanks, your answer is in" : answered.error.message, answered.ok));
      return;
    }
    if (data.verb === TEAMS_VERBS.another) {
      const after = typeof data.after === "string" ? data.after : undefined;
      const served = await run(chatQuestionNow, actor, after ? { after } : {});
      await reply(
        served.ok
          ? questionCard(served.value.question, config().publicUrl).content
          : answeredCard(served.error.message, false),
      );
      return;
    }
    return refuse();
  }

  if (command === "question") {
    const served = await run(chatQuestionNow, actor, {});
    if (!served.ok) return void (await context.sendActivity(served.error.message));
    await context.sendActivity({ attachments: [questionCard(served.value.question, config().publicUrl)] });
    return;
  }
  if (command) {
    await context.sendActivity(
      "Write “question” for a question for the moment, or “connect” to connect this channel to a CircleUp team.",
    );
  }
  return refuse();
}

/** A refused token: the SDK's own refusals and the JWT library's (bad signature, expired, not yet valid). */
function isAuthFailure(error: unknown): boolean {
  if (error instanceof AuthenticationError) return true;
  const name = (error as { name?: string } | null)?.name ?? "";
  return ["JsonWebTokenError", "TokenExpiredError", "NotBeforeError"].includes(name);
}

/**
 * The adapter's own process() answers 500 to a token the JWT library
 * refuses (a bad signature): activities are handed to processActivity here,
 * and every refusal of the token becomes 401.
 */
class TeamsAdapter extends CloudAdapter {
  handle(authHeader: string, activity: Activity, logic: (context: TurnContext) => Promise<void>) {
    return this.processActivity(authHeader, activity, logic);
  }
}

/** The Teams route, or null when Teams is not set up. */
export function teamsRouter(): express.Router | null {
  const settings = config().teams;
  if (!settings) return null;
  const custom = settings.openIdUrl !== AuthenticationConstants.ToBotFromChannelOpenIdMetadataUrl;
  const auth = new ConfigurationBotFrameworkAuthentication(
    {
      MicrosoftAppId: settings.appId,
      MicrosoftAppTenantId: settings.tenantId ?? "",
      ValidateAuthority: true,
      ToChannelFromBotLoginUrl: settings.loginUrl,
      ToChannelFromBotOAuthScope: AuthenticationConstants.ToChannelFromBotOAuthScope,
      ToBotFromChannelTokenIssuer: AuthenticationConstants.ToBotFromChannelTokenIssuer,
      OAuthUrl: AuthenticationConstants.OAuthUrl,
      ToBotFromChannelOpenIdMetadataUrl: settings.openIdUrl,
      // With another metadata document (a stand-in), emulator-issued tokens are checked against it too, never Microsoft's.
      ToBotFromEmulatorOpenIdMetadataUrl: custom
        ? settings.openIdUrl
        : AuthenticationConstants.ToBotFromEmulatorOpenIdMetadataUrl,
      CallerId: "urn:botframework:azure",
    },
    new TeamsCredentialsFactory(settings),
  );
  const adapter = new TeamsAdapter(auth);
  const router = express.Router();
  router.post(TEAMS_MESSAGES_PATH, express.json({ limit: "256kb" }), async (req, res) => {
    const activity = req.body as Activity | undefined;
    if (!activity || typeof activity !== "object" || typeof activity.type !== "string") {
      res.status(400).json({ error: "The body must be a Bot Framework activity (JSON with a type)" });
      return;
    }
    try {
      const answered = await adapter.handle(req.headers.authorization ?? "", activity, (context) =>
        onTurn(context, settings),
      );
      res.status(answered?.status ?? 200);
      if (answered?.body === undefined) res.end();
      else res.json(answered.body);
    } catch (error) {
      if (isAuthFailure(error)) {
        res.status(401).end();
        return;
      }
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, "Teams activity failed");
      res.status(500).end();
    }
  });
  return router;
}
