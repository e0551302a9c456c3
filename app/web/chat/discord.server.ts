import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type APIInteraction,
  type APIUser,
  ApplicationWebhookType,
  InteractionResponseType,
  InteractionType,
} from "discord-api-types/v10";
import { verifyKey } from "discord-interactions";
import express from "express";
import { config, type DiscordSettings } from "~/config.server";
import {
  answerFromModal,
  answerModal,
  DISCORD_IDS,
  DISCORD_SCOPES,
  type DiscordGrant,
  ephemeral,
  exchangeCode,
  guildsInstalledBy,
  parseTarget,
  questionMessage,
} from "~/domain/chat/discord.server";
import { chooseChannel, saveInstallation, workspaceInstallation } from "~/domain/chat/installations.server";
import { logger } from "~/logger.server";
import { appSecret, chatSeal, database } from "~/services.server";
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
 * Discord's door into CircleUp. Every request to the interactions and
 * event endpoints is checked before anything runs: Discord's Ed25519
 * signature over timestamp + body with the application's public key, and a
 * timestamp within five minutes (a replay outside it is refused). An
 * interaction from a guild with no installation here is refused the same
 * way (401), so a removed install changes nothing. Handlers turn the
 * verified interaction into a chat actor and call the use cases; posting
 * happens in jobs. Responses wait for the use case (a database write, well
 * within Discord's three seconds), so a refusal is shown to the person.
 */
export const DISCORD_PATHS = {
  interactions: "/chat/discord/interactions",
  events: "/chat/discord/events",
  oauthRedirect: "/chat/discord/oauth_redirect",
} as const;

/** How far a request's X-Signature-Timestamp may be from now. */
const WINDOW_SECONDS = 5 * 60;

const STATE_COOKIE = "circleup-discord-state";
const STATE_SECONDS = 600;

function actorOf(guild: string | undefined, user: string | undefined): ChatActor | null {
  if (!guild || !user) return null;
  return { kind: "chat", platform: "discord", workspace: guild, user };
}

async function run<I, O>(useCase: UseCase<I, O>, actor: ChatActor, input: unknown) {
  return executeUseCase(useCase, await callDeps(), actor, { ok: true, value: input });
}

/** The state's signing key: a key of its own derived from the app's secret. */
function stateKey(): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret(), "circleup", "discord oauth state", 32));
}

const sign = (payload: string) => createHmac("sha256", stateKey()).update(payload).digest("base64url");

type State = { teamId: string; userId: string; nonce: string; expires: number };

/** The team and the owner travel signed in the state; its nonce must match this browser's cookie. */
function readState(state: string | undefined, nonce: string | undefined): State | null {
  const [payload, mac] = (state ?? "").split(".");
  if (!payload || !mac || !nonce) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as State;
    if (parsed.nonce !== nonce || parsed.expires < Date.now() / 1000) return null;
    return parsed;
  } catch {
    return null;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

const redirectUri = () => `${config().publicUrl}${DISCORD_PATHS.oauthRedirect}`;

/** Where "Connect Discord" sends the owner (Discord's authorize page), and the cookie that ties the answer to this browser. */
export function startDiscordInstall(teamId: string, userId: string): { url: string; cookie: string } | null {
  const discord = config().discord;
  if (!discord) return null;
  const nonce = randomBytes(16).toString("base64url");
  const payload = Buffer.from(
    JSON.stringify({ teamId, userId, nonce, expires: Math.floor(Date.now() / 1000) + STATE_SECONDS }),
  ).toString("base64url");
  const url = new URL("/oauth2/authorize", discord.apiUrl);
  url.search = new URLSearchParams({
    client_id: discord.applicationId,
    response_type: "code",
    scope: DISCORD_SCOPES.join(" "),
    redirect_uri: redirectUri(),
    state: `${payload}.${sign(payload)}`,
    prompt: "consent",
  }).toString();
  const secure = config().publicUrl.startsWith("https:") ? "; Secure" : "";
  const cookie = `${STATE_COOKIE}=${nonce}; Path=${DISCORD_PATHS.oauthRedirect}; HttpOnly; SameSite=Lax; Max-Age=${STATE_SECONDS}${secure}`;
  return { url: url.toString(), cookie };
}

/** Discord's display name: the server nickname, else the global name, else the username. */
function displayNameOf(interaction: APIInteraction): { id: string; name: string } | null {
  const user: APIUser | undefined = interaction.member?.user ?? interaction.user;
  if (!user) return null;
  const name = interaction.member?.nick ?? user.global_name ?? user.username;
  return { id: user.id, name: (name || user.id).slice(0, 80) };
}

type Reply = { status: number; body?: unknown };

const message = (data: unknown): Reply => ({
  status: 200,
  body: { type: InteractionResponseType.ChannelMessageWithSource, data },
});

/** One verified interaction, answered as Discord expects it. */
async function interact(interaction: APIInteraction, publicUrl: string): Promise<Reply> {
  if (interaction.type === InteractionType.Ping) return { status: 200, body: { type: InteractionResponseType.Pong } };
  const who = displayNameOf(interaction);
  const actor = actorOf(interaction.guild_id, who?.id);
  // Only a guild that connected CircleUp is answered; a DM or a foreign guild learns nothing.
  if (!actor || !who) return { status: 401 };
  const installed = await workspaceInstallation((await database()).db, chatSeal(), "discord", actor.workspace);
  if (!installed) return { status: 401 };

  if (interaction.type === InteractionType.ApplicationCommand) {
    const served = await run(chatQuestionNow, actor, {});
    return message(served.ok ? questionMessage(served.value.question, publicUrl) : ephemeral(served.error.message));
  }

  if (interaction.type === InteractionType.MessageComponent) {
    const customId = interaction.data.custom_id;
    if (customId.startsWith(`${DISCORD_IDS.another}:`)) {
      const after = customId.slice(DISCORD_IDS.another.length + 1);
      const served = await run(chatQuestionNow, actor, after ? { after } : {});
      if (!served.ok) return message(ephemeral(served.error.message));
      // The ephemeral question is replaced by the next one.
      return {
        status: 200,
        body: { type: InteractionResponseType.UpdateMessage, data: questionMessage(served.value.question, publicUrl) },
      };
    }
    const target = parseTarget(DISCORD_IDS.answer, customId);
    if (!target) return message(ephemeral("This button is no longer in use."));
    const found = await run(chatRoundQuestion, actor, { roundId: target.roundId });
    if (!found.ok) return message(ephemeral(found.error.message));
    const { position, question } = found.value;
    return {
      status: 200,
      body: {
        type: InteractionResponseType.Modal,
        data: answerModal({ roundId: target.roundId, position }, question as Parameters<typeof answerModal>[1]),
      },
    };
  }

  if (interaction.type === InteractionType.ModalSubmit) {
    const target = parseTarget(DISCORD_IDS.answerForm, interaction.data.custom_id);
    if (!target) return message(ephemeral("This form is no longer in use."));
    const answered = await run(answerFromChatRound, actor, {
      roundId: target.roundId,
      displayName: who.name,
      ...answerFromModal(interaction.data.components, target.position),
    });
    return message(ephemeral(answered.ok ? "Thanks, your answer is in" : answered.error.message));
  }
  return { status: 400, body: { error: "This interaction type is not handled" } };
}

/** Discord's webhook events: the application was deauthorized by the user who installed it. */
async function onEvent(body: {
  type?: number;
  event?: { type?: string; data?: { user?: { id?: string } } };
}): Promise<Reply> {
  if (body.type === ApplicationWebhookType.Ping) return { status: 204 };
  if (body.type !== ApplicationWebhookType.Event) return { status: 204 };
  if (body.event?.type !== "APPLICATION_DEAUTHORIZED") return { status: 204 };
  const user = body.event.data?.user?.id;
  if (!user) return { status: 204 };
  // The event names only the user: every guild they installed CircleUp in is forgotten.
  for (const guild of await guildsInstalledBy((await database()).db, user)) {
    const actor: ChatActor = { kind: "chat", platform: "discord", workspace: guild, user };
    const forgotten = await run(forgetChatWorkspace, actor, {});
    logger.info({ forgotten: forgotten.ok ? forgotten.value.forgotten : 0 }, "Discord guild disconnected");
  }
  return { status: 204 };
}

/** The signature and the five-minute window, checked on the exact bytes Discord sent. */
async function verified(req: express.Request, discord: DiscordSettings): Promise<unknown | null> {
  const signature = req.get("x-signature-ed25519");
  const timestamp = req.get("x-signature-timestamp");
  const raw = req.body as unknown;
  if (!signature || !timestamp || !Buffer.isBuffer(raw)) return null;
  const at = Number(timestamp);
  if (!Number.isFinite(at) || Math.abs(Date.now() / 1000 - at) > WINDOW_SECONDS) return null;
  try {
    if (!(await verifyKey(raw, signature, timestamp, discord.publicKey))) return null;
    return JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    return null;
  }
}

/** The Discord routes, or null when Discord is not set up. */
export function discordRouter(): express.Router | null {
  const discord = config().discord;
  if (!discord) return null;
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: "256kb" });

  const signed =
    (handle: (body: never) => Promise<Reply>): express.RequestHandler =>
    async (req, res, next) => {
      try {
        const body = await verified(req, discord);
        if (body === null) return void res.status(401).type("text/plain").send("invalid request signature");
        const reply = await handle(body as never);
        if (reply.body === undefined) return void res.status(reply.status).end();
        res.status(reply.status).json(reply.body);
      } catch (error) {
        next(error);
      }
    };

  router.post(
    DISCORD_PATHS.interactions,
    raw,
    signed((body: APIInteraction) => interact(body, config().publicUrl)),
  );
  router.post(DISCORD_PATHS.events, raw, signed(onEvent));

  // The end of the install: Discord sends the owner back with a code, exchanged for the channel's webhook.
  router.get(DISCORD_PATHS.oauthRedirect, async (req, res, next) => {
    const refuse = (text: string) => res.status(400).type("text/plain; charset=utf-8").send(text);
    const state = readState(
      typeof req.query.state === "string" ? req.query.state : undefined,
      cookieValue(req.headers.cookie, STATE_COOKIE),
    );
    const code = typeof req.query.code === "string" ? req.query.code : "";
    if (!state || !code) {
      return void refuse(
        "Discord was not connected: the install was cancelled, expired or came from another browser. Start again from the team's settings.",
      );
    }
    let grant: DiscordGrant;
    try {
      grant = await exchangeCode(
        discord.apiUrl,
        { id: discord.applicationId, secret: discord.clientSecret },
        code,
        redirectUri(),
      );
    } catch (error) {
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, "Discord install failed");
      return void refuse(
        "Discord was not connected: Discord did not confirm the install or gave no channel. Start again from the team's settings.",
      );
    }
    try {
      const { db } = await database();
      await saveInstallation(db, chatSeal(), {
        teamId: state.teamId,
        platform: "discord",
        workspaceId: grant.guildId,
        workspaceName: grant.guildName,
        botUserId: grant.installerId,
        botToken: JSON.stringify(grant.webhook),
        installedBy: state.userId,
      });
      // The channel was picked on Discord's page: the webhook's.
      await chooseChannel(db, state.teamId, "discord", { id: grant.channelId, name: "" });
      res.setHeader("Set-Cookie", `${STATE_COOKIE}=; Path=${DISCORD_PATHS.oauthRedirect}; HttpOnly; Max-Age=0`);
      res.redirect(303, `/teams/${state.teamId}/settings?notice=discord-connected#discord`);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
