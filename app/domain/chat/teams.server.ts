import {
  AppCredentials,
  AuthenticationConstants,
  ConnectorClient,
  ServiceClientCredentialsFactory,
} from "botframework-connector";
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
 * Microsoft Teams' side of the chat bridge: the bot's own token, the
 * Bot Framework connector it posts with, and the Adaptive Cards it posts
 * (the round with its answer form in the card, the summary in the round's
 * thread, notices, the connect card, a question for the moment).
 */

/** Where the bot posts in a connected channel: what Teams told it when it was added, kept sealed as the install's token. */
export type TeamsReference = {
  serviceUrl: string;
  /** The channel's conversation id (its thread root, without `;messageid=`). */
  conversationId: string;
  tenantId: string;
  botId: string;
  /** The Teams team the channel belongs to (its id is the installation's workspace). */
  teamId: string;
};

export function parseTeamsReference(token: string): TeamsReference | null {
  try {
    const parsed = JSON.parse(token) as Partial<TeamsReference>;
    if (
      typeof parsed.serviceUrl !== "string" ||
      typeof parsed.conversationId !== "string" ||
      typeof parsed.tenantId !== "string" ||
      typeof parsed.botId !== "string" ||
      typeof parsed.teamId !== "string"
    )
      return null;
    return parsed as TeamsReference;
  } catch {
    return null;
  }
}

/** What the bot signs in with (the configuration's Teams settings). */
type TeamsSettings = { appId: string; appPassword: string; tenantId: string | undefined; loginUrl: string };

/** The card actions' verbs; the web adapter routes on them. */
export const TEAMS_VERBS = { answer: "circleup.answer", another: "circleup.another" } as const;

/** The answer form's input ids in the round's card. */
const TEXT_INPUT = "answerText";
const CHOICE_INPUT = "answerChoice";

/**
 * The bot's token for the connector: the OAuth client-credentials grant at
 * the configured authority. MSAL (the SDK's default) only talks to https
 * authorities it can discover at Microsoft, so a local stand-in could not
 * answer it; this is the same grant over a plain request.
 */
class TeamsAppCredentials extends AppCredentials {
  constructor(private readonly settings: TeamsSettings) {
    super(settings.appId, settings.tenantId, AuthenticationConstants.ToChannelFromBotOAuthScope);
  }

  protected async refreshToken(): Promise<{ accessToken: string; expiresOn: Date }> {
    const response = await fetch(`${this.settings.loginUrl}/oauth2/v2.0/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: this.settings.appId,
        client_secret: this.settings.appPassword,
        scope: `${AuthenticationConstants.ToChannelFromBotOAuthScope}/.default`,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new Error(`The bot's token was refused (${response.status})`);
    return { accessToken: body.access_token, expiresOn: new Date(Date.now() + (body.expires_in ?? 3600) * 1000) };
  }
}

/** What the adapter signs its replies with: the bot's one app id, with the token above. */
export class TeamsCredentialsFactory extends ServiceClientCredentialsFactory {
  private readonly credentials: TeamsAppCredentials;
  constructor(private readonly settings: TeamsSettings) {
    super();
    this.credentials = new TeamsAppCredentials(settings);
  }
  async isValidAppId(appId: string): Promise<boolean> {
    return appId === this.settings.appId;
  }
  async isAuthenticationDisabled(): Promise<boolean> {
    return false;
  }
  async createCredentials(appId: string) {
    if (appId !== this.settings.appId) throw new Error("Invalid appId.");
    return this.credentials;
  }
}

/**
 * A connector client for one conversation's service that sends each call
 * once: the pipeline's retry phase (which would wait out a 429's
 * Retry-After, and repeat a call after a 5xx that Teams may have acted on)
 * is removed, so the job sees the 429 as ChatRateLimited and waits itself.
 */
function connector(credentials: AppCredentials, serviceUrl: string): ConnectorClient {
  const client = new ConnectorClient(credentials, { baseUri: serviceUrl });
  const pipeline = (client as unknown as { client?: { pipeline?: { removePolicy(o: { phase: string }): unknown } } })
    .client?.pipeline;
  if (!pipeline) throw new Error("The connector client's pipeline is not where it was: check its retry policy");
  pipeline.removePolicy({ phase: "Retry" });
  return client;
}

async function rateLimited<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const rest = error as { statusCode?: number; response?: { headers?: { get(name: string): string | undefined } } };
    if (rest.statusCode === 429) {
      throw new ChatRateLimited(Number(rest.response?.headers?.get("retry-after")) || 1);
    }
    throw error;
  }
}

type CardElement = Record<string, unknown>;

const adaptiveCard = (body: CardElement[], actions: CardElement[] = []) => ({
  contentType: "application/vnd.microsoft.card.adaptive",
  content: {
    type: "AdaptiveCard",
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    // 1.5: Action.Execute, whose invoke is answered with a card for the person who pressed it.
    version: "1.5",
    body,
    ...(actions.length > 0 ? { actions } : {}),
  },
});

const text = (value: string, extra: CardElement = {}): CardElement => ({
  type: "TextBlock",
  text: value,
  wrap: true,
  ...extra,
});

function answeredLine(message: RoundMessage): string {
  const people = message.answered === 1 ? "1 person answered" : `${message.answered} people answered`;
  return message.open ? people : `${people} · the round has ended`;
}

/** Which question a card's Send answers, carried in the action's data. */
export type TeamsAnswerTarget = { roundId: string; position: number };

/** The round's card: the question, how many answered, and while it is open the answer form with Send. */
export function roundCard(message: RoundMessage) {
  const body: CardElement[] = [
    text(message.question.text, { weight: "Bolder", size: "Medium" }),
    text(answeredLine(message), { isSubtle: true, spacing: "Small" }),
  ];
  if (!message.open) return adaptiveCard(body);
  body.push(answerInput(message.question));
  const data = { verb: TEAMS_VERBS.answer, roundId: message.roundId, position: message.position };
  return adaptiveCard(body, [
    {
      type: "Action.Execute",
      title: "Send",
      verb: TEAMS_VERBS.answer,
      data,
      style: "positive",
      // Clients before Universal Actions send the same data as a message.
      fallback: { type: "Action.Submit", title: "Send", data },
    },
  ]);
}

function answerInput(question: { mode: AnswerMode; options: string[] }): CardElement {
  if (question.mode === "scale" || question.mode === "pick") {
    return {
      type: "Input.ChoiceSet",
      id: CHOICE_INPUT,
      label: "Your pick",
      style: "expanded",
      isRequired: true,
      errorMessage: "Pick one",
      choices: question.options.map((label, i) => ({ title: label || String(i + 1), value: String(i) })),
    };
  }
  return {
    type: "Input.Text",
    id: TEXT_INPUT,
    label: question.mode === "word" ? "One word" : "Your answer",
    isMultiline: question.mode === "text",
    maxLength: question.mode === "word" ? 40 : 500,
    isRequired: true,
    errorMessage: "Write your answer first",
  };
}

/** The Send's target and answer, from an Action.Execute's data or an Action.Submit's value; null when it is not one. */
export function answerFromCard(
  data: Record<string, unknown> | undefined,
): { target: TeamsAnswerTarget; answer: LiveAnswerInput } | null {
  if (!data || data.verb !== TEAMS_VERBS.answer) return null;
  const { roundId, position } = data;
  if (typeof roundId !== "string" || !Number.isInteger(position)) return null;
  const target = { roundId, position: Number(position) };
  const choice = data[CHOICE_INPUT];
  if (typeof choice === "string" && choice !== "") {
    return { target, answer: { position: target.position, choice: Number(choice) } as LiveAnswerInput };
  }
  const written = typeof data[TEXT_INPUT] === "string" ? (data[TEXT_INPUT] as string) : "";
  return { target, answer: { position: target.position, text: written } as LiveAnswerInput };
}

/** What the person who pressed Send sees in place of the card: thanks, or why it was refused. */
export function answeredCard(message: string, ok: boolean) {
  return adaptiveCard([text(message, ok ? { weight: "Bolder" } : { color: "Attention" })]).content;
}

/** A revealed question's summary in the round's thread. */
export function summaryCard(summary: RoundSummary) {
  return adaptiveCard([
    text(summary.question, { weight: "Bolder" }),
    ...summary.lines.map((line) => text(line, { spacing: "Small" })),
  ]);
}

export function noticeCard(notice: ChatNotice) {
  const actions = notice.link ? [{ type: "Action.OpenUrl", title: notice.link.label, url: notice.link.url }] : [];
  return adaptiveCard([text(notice.text)], actions);
}

/** Posted when the bot is added to a channel (or asked with "connect"): an owner follows it to pick the team. */
export function connectCard(url: string) {
  return adaptiveCard(
    [
      text("CircleUp can post your team's rounds in this channel.", { weight: "Bolder" }),
      text("A team owner connects it: the link works for an hour, then write “connect” to me for a new one."),
    ],
    [{ type: "Action.OpenUrl", title: "Connect to CircleUp", url }],
  );
}

/** A question for the moment, with Another and Start a round (the question's page). */
export function questionCard(question: { id: string; text: string }, publicUrl: string) {
  return adaptiveCard(
    [text(question.text, { weight: "Bolder", size: "Medium" })],
    [
      {
        type: "Action.Execute",
        title: "Another",
        verb: TEAMS_VERBS.another,
        data: { verb: TEAMS_VERBS.another, after: question.id },
        fallback: { type: "Action.Submit", title: "Another", data: { verb: TEAMS_VERBS.another, after: question.id } },
      },
      { type: "Action.OpenUrl", title: "Start a round", url: `${publicUrl}${startRoundPath(question.id)}` },
    ],
  );
}

function referenceOf(installation: ChatInstallation): TeamsReference {
  const reference = parseTeamsReference(installation.botToken);
  if (!reference) throw new Error("The Teams installation holds no conversation reference");
  return reference;
}

/** Posts through the connector at the channel's serviceUrl, each call once (see connector()). */
export function teamsPoster(settings: TeamsSettings): ChatPoster {
  const credentials = new TeamsAppCredentials(settings);
  const send = async (installation: ChatInstallation, conversationId: string, activity: object) => {
    const reference = referenceOf(installation);
    const client = connector(credentials, reference.serviceUrl);
    const sent = await rateLimited(() =>
      client.conversations.sendToConversation(conversationId, {
        type: "message",
        from: { id: reference.botId, name: "CircleUp" },
        conversation: { id: conversationId, isGroup: true, tenantId: reference.tenantId, name: "" },
        channelData: { tenant: { id: reference.tenantId } },
        ...activity,
      } as never),
    );
    if (!sent.id) throw new Error("Teams answered a post without its id");
    return sent.id;
  };
  return {
    postRound: (installation, channelId, message) =>
      send(installation, channelId, { attachments: [roundCard(message)], summary: message.question.text }),
    async updateRound(installation, channelId, messageId, message) {
      const reference = referenceOf(installation);
      await rateLimited(() =>
        connector(credentials, reference.serviceUrl).conversations.updateActivity(channelId, messageId, {
          type: "message",
          id: messageId,
          attachments: [roundCard(message)],
          summary: message.question.text,
        } as never),
      );
    },
    // A reply in the round's thread: the channel's conversation id with the round message as its root.
    postSummary: (installation, channelId, threadId, summary) =>
      send(installation, `${channelId};messageid=${threadId}`, {
        replyToId: threadId,
        attachments: [summaryCard(summary)],
        summary: summary.question,
      }),
    postNotice: (installation, channelId, notice) =>
      send(installation, channelId, { attachments: [noticeCard(notice)], summary: notice.text }),
  };
}
