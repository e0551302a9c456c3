import { DiscordAPIError, RateLimitError, REST } from "@discordjs/rest";
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIMessage,
  type APIModalInteractionResponseCallbackData,
  type APIWebhook,
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type RESTPostAPIWebhookWithTokenJSONBody,
  type RESTPostOAuth2AccessTokenResult,
  Routes,
  TextInputStyle,
} from "discord-api-types/v10";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { chatInstallations } from "~/db/schema";
import { startRoundPath } from "~/shared/chat";
import type { AnswerMode } from "~/shared/live";
import type { LiveAnswerInput } from "~/shared/live-schemas";
import type { ChatInstallation } from "./installations.server";
import {
  type ChatNotice,
  type ChatPoster,
  ChatRateLimited,
  type RoundMessage,
  type RoundSummary,
} from "./round-posts.server";

/**
 * Discord's side of the chat bridge. An install is the OAuth2 grant of
 * `webhook.incoming`: Discord lets the installer pick the channel and hands
 * back a webhook in it, owned by the application. That webhook (its id and
 * token, sealed in the installation's token) is the per-install secret and
 * all CircleUp posts with: no bot joins the server, and because the webhook
 * belongs to the application its messages may carry buttons whose clicks
 * come back to the interactions endpoint. The installation's workspace is
 * the guild, its channel the webhook's, and its "bot user" the Discord user
 * who authorized the install (the one APPLICATION_DEAUTHORIZED names).
 *
 * Calls go through @discordjs/rest once: a 429 is handed to the job
 * (ChatRateLimited with Discord's Retry-After) and the client retries
 * nothing itself, so a message Discord may have received is never sent twice.
 */

/** The scopes of the install: the command, the channel's webhook, and who and where (for the settings page and deauthorization). */
export const DISCORD_SCOPES = ["applications.commands", "webhook.incoming", "identify", "guilds"];

const clients = new Map<string, REST>();

/** One client per API base: rate-limit state is the client's, and no client retries or waits out a 429 on its own. */
export function discordRest(apiUrl: string): REST {
  let rest = clients.get(apiUrl);
  if (!rest) {
    const versioned = /^(.*)\/v(\d+)$/.exec(apiUrl);
    rest = new REST({
      api: versioned?.[1] ?? apiUrl,
      version: versioned?.[2] ?? "10",
      retries: 0,
      rejectOnRateLimit: () => true,
      timeout: 10_000,
      // Sweeping buckets runs a timer per client; a handful of calls a minute needs none.
      hashSweepInterval: 0,
      handlerSweepInterval: 0,
    });
    clients.set(apiUrl, rest);
  }
  return rest;
}

/** The installation's secret: the webhook CircleUp posts through. */
export type DiscordWebhook = { id: string; token: string };

export function webhookOf(installation: ChatInstallation): DiscordWebhook {
  const parsed = JSON.parse(installation.botToken) as Partial<DiscordWebhook>;
  if (typeof parsed.id !== "string" || typeof parsed.token !== "string") throw new Error("not a Discord webhook");
  return { id: parsed.id, token: parsed.token };
}

/** The webhook was deleted in Discord (or its channel, or the app removed): the installation was deleted with it. */
export class DiscordWebhookGone extends Error {
  constructor() {
    super("Discord answered Unknown Webhook: the installation is deleted");
  }
}

/** Discord's JSON error code for a webhook that no longer exists. */
const UNKNOWN_WEBHOOK = 10015;

/**
 * One call. Discord's 429 carries Retry-After (and retry_after in its body,
 * the same seconds); the client reads the header. A 404 means the webhook
 * is gone: this installation (only this one, another team may share the
 * guild) is deleted, and the job ends on its next try as for a team without
 * a channel.
 */
async function call<T>(db: Database, installation: ChatInstallation, request: () => Promise<unknown>): Promise<T> {
  try {
    return (await request()) as T;
  } catch (error) {
    if (error instanceof RateLimitError) {
      throw new ChatRateLimited(Math.max(1, Math.ceil(error.retryAfter / 1000)));
    }
    if (error instanceof DiscordAPIError && (error.code === UNKNOWN_WEBHOOK || error.status === 404)) {
      await db.delete(chatInstallations).where(eq(chatInstallations.id, installation.id));
      throw new DiscordWebhookGone();
    }
    throw error;
  }
}

/** custom_ids the messages and modals carry, routed on by the web adapter. */
export const DISCORD_IDS = {
  answer: "circleup:answer",
  answerForm: "circleup:answer-form",
  another: "circleup:another",
  answerInput: "answer",
} as const;

/** Which question an Answer button or a modal is for, carried in its custom_id. */
export type AnswerTarget = { roundId: string; position: number };

export function targetId(prefix: string, target: AnswerTarget): string {
  return `${prefix}:${target.roundId}:${target.position}`;
}

export function parseTarget(prefix: string, customId: string | undefined): AnswerTarget | null {
  if (!customId?.startsWith(`${prefix}:`)) return null;
  const [roundId, position] = customId.slice(prefix.length + 1).split(":");
  if (!roundId || !position || !/^\d{1,4}$/.test(position)) return null;
  return { roundId, position: Number(position) };
}

function answeredLine(message: RoundMessage): string {
  const people = message.answered === 1 ? "1 person answered" : `${message.answered} people answered`;
  return message.open ? people : `${people} · the round has ended`;
}

/** Markdown characters in a question are shown as written, never as formatting or a mention. */
const asWritten = (text: string) =>
  text
    .replace(/([\\*_~`|[\]])/g, "\\$1")
    .replace(/^([#>-])/gm, "\\$1")
    .replace(/@/g, "@\u200b");

/** Nobody is pinged by what a question or an answer says. */
const NO_MENTIONS: { parse: [] } = { parse: [] };

/** The round's message: the question, how many answered, and the Answer button while it is open. */
export function roundMessageBody(message: RoundMessage): RESTPostAPIWebhookWithTokenJSONBody {
  const components: APIActionRowComponent<APIButtonComponent>[] = message.open
    ? [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              style: ButtonStyle.Primary,
              label: "Answer",
              custom_id: targetId(DISCORD_IDS.answer, message),
            },
          ],
        },
      ]
    : [];
  return {
    content: `**${asWritten(message.question.text)}**\n-# ${answeredLine(message)}`,
    components,
    allowed_mentions: NO_MENTIONS,
  };
}

/**
 * A link to a message of the channel. Summaries are new messages that link
 * back to the round's: a webhook can post into an existing thread
 * (thread_id) but cannot start one from a message, and it cannot send a
 * reply (message_reference), so a linked message is what a webhook can do.
 */
function messageLink(installation: ChatInstallation, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${installation.workspaceId}/${channelId}/${messageId}`;
}

/** Discord limits a message to 2,000 characters; a long summary is cut at a line. */
function withinLimit(lines: string[]): string {
  let text = "";
  for (const line of lines) {
    if (text.length + line.length + 1 > 1950) return `${text}\n…`;
    text = text ? `${text}\n${line}` : line;
  }
  return text;
}

export function discordPoster(db: Database, apiUrl: string): ChatPoster {
  const rest = discordRest(apiUrl);
  const execute = (installation: ChatInstallation, body: RESTPostAPIWebhookWithTokenJSONBody) => {
    const hook = webhookOf(installation);
    return call<APIMessage>(db, installation, () =>
      rest.post(Routes.webhook(hook.id, hook.token), {
        body,
        auth: false,
        // wait: Discord answers the message (its id); with_components: the application's webhook may send buttons.
        query: new URLSearchParams({ wait: "true", with_components: "true" }),
      }),
    );
  };
  return {
    async postRound(installation, _channelId, message) {
      return (await execute(installation, roundMessageBody(message))).id;
    },
    async updateRound(installation, _channelId, messageId, message) {
      const hook = webhookOf(installation);
      await call(db, installation, () =>
        rest.patch(Routes.webhookMessage(hook.id, hook.token, messageId), {
          body: roundMessageBody(message),
          auth: false,
          query: new URLSearchParams({ with_components: "true" }),
        }),
      );
    },
    async postSummary(installation, channelId, threadId, summary: RoundSummary) {
      const lines = [
        `**${asWritten(summary.question)}** · [the round](${messageLink(installation, channelId, threadId)})`,
        ...summary.lines.map(asWritten),
      ];
      return (await execute(installation, { content: withinLimit(lines), allowed_mentions: NO_MENTIONS })).id;
    },
    async postNotice(installation, _channelId, notice: ChatNotice) {
      const components: APIActionRowComponent<APIButtonComponent>[] = notice.link
        ? [
            {
              type: ComponentType.ActionRow,
              components: [
                { type: ComponentType.Button, style: ButtonStyle.Link, label: notice.link.label, url: notice.link.url },
              ],
            },
          ]
        : [];
      return (
        await execute(installation, { content: asWritten(notice.text), components, allowed_mentions: NO_MENTIONS })
      ).id;
    },
  };
}

/**
 * The Answer modal: the question, then a text field for text and word
 * questions or a select of the options for scale and pick (a select inside
 * a Label is what Discord's modals take).
 */
export function answerModal(
  target: AnswerTarget,
  question: { text: string; mode: AnswerMode; options: string[] },
): APIModalInteractionResponseCallbackData {
  const choosing = question.mode === "scale" || question.mode === "pick";
  const input = choosing
    ? {
        type: ComponentType.StringSelect as const,
        custom_id: DISCORD_IDS.answerInput,
        placeholder: "Choose one",
        options: question.options.slice(0, 25).map((label, i) => ({
          label: label.slice(0, 100) || String(i + 1),
          value: String(i),
        })),
      }
    : {
        type: ComponentType.TextInput as const,
        custom_id: DISCORD_IDS.answerInput,
        style: question.mode === "text" ? TextInputStyle.Paragraph : TextInputStyle.Short,
        max_length: question.mode === "word" ? 40 : 500,
        required: true,
      };
  return {
    custom_id: targetId(DISCORD_IDS.answerForm, target),
    title: "Answer",
    components: [
      { type: ComponentType.TextDisplay, content: `**${asWritten(question.text).slice(0, 3900)}**` },
      {
        type: ComponentType.Label,
        label: choosing ? "Your pick" : question.mode === "word" ? "One word" : "Your answer",
        component: input,
      },
    ],
  } as APIModalInteractionResponseCallbackData;
}

type Submitted = {
  type?: number;
  custom_id?: string;
  value?: string;
  values?: string[];
  component?: Submitted;
  components?: Submitted[];
};

function findInput(components: Submitted[] | undefined): Submitted | undefined {
  for (const component of components ?? []) {
    if (component.custom_id === DISCORD_IDS.answerInput) return component;
    const inner = findInput([...(component.component ? [component.component] : []), ...(component.components ?? [])]);
    if (inner) return inner;
  }
  return undefined;
}

/** The modal's submitted value as an answer to the question at the target's position (rows or Labels alike). */
export function answerFromModal(components: unknown, position: number): LiveAnswerInput {
  const input = findInput(Array.isArray(components) ? (components as Submitted[]) : []);
  const chosen = input?.values?.[0];
  if (chosen !== undefined) return { position, choice: Number(chosen) } as LiveAnswerInput;
  return { position, text: input?.value ?? "" } as LiveAnswerInput;
}

/** A reply only the person who clicked or asked sees. */
export function ephemeral(content: string, components: APIActionRowComponent<APIButtonComponent>[] = []) {
  return { content, components, flags: MessageFlags.Ephemeral, allowed_mentions: NO_MENTIONS };
}

/** A question for the moment: Another (asks again) and Start a round (the question's page). */
export function questionMessage(question: { id: string; text: string }, publicUrl: string) {
  return ephemeral(`**${asWritten(question.text)}**`, [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          label: "Another",
          custom_id: `${DISCORD_IDS.another}:${question.id}`,
        },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Link,
          label: "Start a round",
          url: `${publicUrl}${startRoundPath(question.id)}`,
        },
      ],
    },
  ]);
}

/** What finishing the install learns from Discord: the webhook (channel and guild), the guild's name and who installed. */
export type DiscordGrant = {
  webhook: DiscordWebhook;
  guildId: string;
  guildName: string | null;
  channelId: string;
  installerId: string | null;
};

/** The authorization code exchanged at Discord's token endpoint, and the installer and guild read with its access token. */
export async function exchangeCode(
  apiUrl: string,
  client: { id: string; secret: string },
  code: string,
  redirectUri: string,
): Promise<DiscordGrant> {
  const rest = discordRest(apiUrl);
  const granted = (await rest.post(Routes.oauth2TokenExchange(), {
    auth: false,
    passThroughBody: true,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: client.id,
      client_secret: client.secret,
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
    }).toString(),
  })) as RESTPostOAuth2AccessTokenResult & { webhook?: APIWebhook };
  const hook = granted.webhook;
  if (!hook?.token || !hook.guild_id || !hook.channel_id) throw new Error("Discord's grant carried no webhook");
  const bearer = { auth: false, headers: { Authorization: `Bearer ${granted.access_token}` } };
  // The installer and the guild's name are for deauthorization and the settings page; an install stands without them.
  const [me, guilds] = await Promise.all([
    rest.get(Routes.user(), bearer).catch(() => null) as Promise<{ id?: string } | null>,
    rest.get(Routes.userGuilds(), bearer).catch(() => []) as Promise<{ id: string; name: string }[]>,
  ]);
  return {
    webhook: { id: hook.id, token: hook.token },
    guildId: hook.guild_id,
    guildName: guilds.find((g) => g.id === hook.guild_id)?.name ?? null,
    channelId: hook.channel_id,
    installerId: me?.id ?? null,
  };
}

/** The guilds whose install a Discord user authorized: what APPLICATION_DEAUTHORIZED (naming only the user) ends. */
export async function guildsInstalledBy(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ guild: chatInstallations.workspaceId })
    .from(chatInstallations)
    .where(and(eq(chatInstallations.platform, "discord"), eq(chatInstallations.botUserId, userId)));
  return [...new Set(rows.map((row) => row.guild))];
}
