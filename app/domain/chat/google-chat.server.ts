import { createHash } from "node:crypto";
import { JWT, OAuth2Client } from "google-auth-library";
import { startRoundPath } from "~/shared/chat";
import type { AnswerMode } from "~/shared/live";
import type { LiveAnswerInput } from "~/shared/live-schemas";
import type { ChatPlace } from "./connect-links.server";
import type { ChatInstallation } from "./installations.server";
import {
  type ChatNotice,
  type ChatPoster,
  ChatRateLimited,
  type RoundMessage,
  type RoundSummary,
} from "./round-posts.server";

/**
 * Google Chat's side of the chat bridge: checking the bearer token Google
 * signs each event with, posting through the Chat REST API as the app's
 * service account, and the cards and dialog the app shows. The app posts
 * with its own credentials, so nothing per space is secret: a space's name
 * is all an installation keeps.
 */

/** The app's settings as the caller read them (GOOGLE_CHAT_*). */
type GoogleChatSettings = {
  audience: string;
  serviceAccount: { clientEmail: string; privateKey: string };
  apiUrl: string;
  certsUrl: string;
  tokenUrl: string;
};

/** Who signs Chat's events: the issuer of a project-number token, the e-mail of an endpoint-URL ID token. */
export const GOOGLE_CHAT_SIGNER = "chat@system.gserviceaccount.com";
const GOOGLE_ID_TOKEN_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
/** Where google-auth-library sends the service account's assertion; the settings may point it elsewhere. */
const LIBRARY_TOKEN_URL = "https://oauth2.googleapis.com/token";
const CHAT_SCOPE = "https://www.googleapis.com/auth/chat.bot";

/** Function names the app's cards call; the web adapter routes on them. */
export const GOOGLE_CHAT_ACTIONS = {
  answer: "circleup_answer",
  send: "circleup_send",
  another: "circleup_another",
} as const;

const ANSWER_INPUT = "answer";

/** Without Retry-After, a 429 is waited out for this long: Chat's per-space write quota is counted per second. */
export const GOOGLE_CHAT_BACKOFF_SECONDS = 5;

export type GoogleChatVerifier = { verify(token: string): Promise<boolean> };

/**
 * Checks an event's bearer token as Google describes it: signed by one of
 * the keys at the certificates URL, unexpired, for this app's audience; a
 * project-number audience is a JWT issued by Chat's own service account, an
 * endpoint-URL audience a Google ID token whose e-mail is that account.
 */
export function googleChatVerifier(settings: GoogleChatSettings): GoogleChatVerifier {
  const client = new OAuth2Client({ endpoints: { oauth2FederatedSignonPemCertsUrl: settings.certsUrl } });
  const byUrl = !/^\d+$/.test(settings.audience);
  return {
    async verify(token) {
      try {
        const { certs } = await client.getFederatedSignonCertsAsync();
        const ticket = await client.verifySignedJwtWithCertsAsync(
          token,
          certs,
          settings.audience,
          byUrl ? GOOGLE_ID_TOKEN_ISSUERS : [GOOGLE_CHAT_SIGNER],
        );
        if (!byUrl) return true;
        const payload = ticket.getPayload();
        return payload?.email === GOOGLE_CHAT_SIGNER && payload.email_verified === true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * The space's place for a connect link: the space is the workspace, the
 * channel and what the app posts to. Not the Workspace customer: the app is
 * added to and removed from one space at a time (a removal must forget that
 * space only), a chat user may answer only rounds posted where they are, and
 * people on personal Google accounts belong to no customer at all.
 */
export function spacePlace(space: { name: string; displayName?: string | null }): ChatPlace {
  const name = space.displayName?.trim() || null;
  return {
    platform: "google-chat",
    workspaceId: space.name,
    workspaceName: name,
    channelId: space.name,
    channelName: name,
    botUserId: null,
    reference: space.name,
  };
}

/** Chat's card text takes a little HTML: what people wrote is shown as text. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const paragraph = (text: string) => ({ textParagraph: { text } });
const linkButton = (text: string, url: string) => ({ text, onClick: { openLink: { url } } });
const params = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => ({ key, value }));

function card(cardId: string, title: string | null, widgets: object[]) {
  return { cardId, card: { ...(title ? { header: { title } } : {}), sections: [{ widgets }] } };
}

function answeredLine(message: RoundMessage): string {
  const people = message.answered === 1 ? "1 person answered" : `${message.answered} people answered`;
  return message.open ? people : `${people} · the round has ended`;
}

/** The round's message: the question, how many answered, and an Answer button opening the dialog while it is open. */
export function roundCardMessage(message: RoundMessage) {
  const widgets: object[] = [
    paragraph(`<b>${escapeHtml(message.question.text)}</b>`),
    paragraph(answeredLine(message)),
  ];
  if (message.open) {
    const target = { roundId: message.roundId, position: String(message.position) };
    widgets.push({
      buttonList: {
        buttons: [
          {
            text: "Answer",
            onClick: {
              action: { function: GOOGLE_CHAT_ACTIONS.answer, interaction: "OPEN_DIALOG", parameters: params(target) },
            },
          },
        ],
      },
    });
  }
  return {
    text: `${message.question.text} (${answeredLine(message)})`,
    cardsV2: [card("circleup-round", null, widgets)],
  };
}

/** The answer to being added to a space (or asked to connect): a card whose button is the connect link. */
export function connectCardMessage(link: string) {
  return {
    text: "Connect this space to a CircleUp team to answer its rounds here.",
    cardsV2: [
      card("circleup-connect", "CircleUp", [
        paragraph(
          "A team owner connects this space to their CircleUp team: the team's rounds are then posted here, and people answer them in the space or on their phones. The link works for an hour.",
        ),
        { buttonList: { buttons: [linkButton("Connect to CircleUp", link)] } },
      ]),
    ],
  };
}

/** A question for the moment with Another and Start a round (the question's page, where a host starts one). */
export function questionCardMessage(question: { id: string; text: string }, publicUrl: string) {
  return {
    text: question.text,
    cardsV2: [
      card("circleup-question", null, [
        paragraph(`<b>${escapeHtml(question.text)}</b>`),
        {
          buttonList: {
            buttons: [
              {
                text: "Another",
                onClick: {
                  action: { function: GOOGLE_CHAT_ACTIONS.another, parameters: params({ after: question.id }) },
                },
              },
              linkButton("Start a round", `${publicUrl}${startRoundPath(question.id)}`),
            ],
          },
        },
      ]),
    ],
  };
}

/** Which question a dialog answers; its parameters travel through Chat as strings. */
export type AnswerTarget = { roundId: string; position: number };

type Parameters = Record<string, string> | { key: string; value: string }[] | undefined;

export function answerTargetOf(parameters: Parameters): AnswerTarget | null {
  const map = Array.isArray(parameters)
    ? Object.fromEntries(parameters.map((p) => [p.key, p.value]))
    : (parameters ?? {});
  const position = Number(map.position);
  if (typeof map.roundId !== "string" || !Number.isInteger(position)) return null;
  return { roundId: map.roundId, position };
}

/** The Answer dialog: a text field for text and word questions, radio buttons for scale and pick, and Send. */
export function answerDialog(target: AnswerTarget, question: { text: string; mode: AnswerMode; options: string[] }) {
  const choosing = question.mode === "scale" || question.mode === "pick";
  const input = choosing
    ? {
        selectionInput: {
          name: ANSWER_INPUT,
          label: "Your pick",
          type: "RADIO_BUTTON",
          items: question.options.map((label, i) => ({
            text: label || String(i + 1),
            value: String(i),
            selected: false,
          })),
        },
      }
    : {
        textInput: {
          name: ANSWER_INPUT,
          label: question.mode === "word" ? "One word" : "Your answer",
          type: question.mode === "text" ? "MULTIPLE_LINE" : "SINGLE_LINE",
        },
      };
  const send = {
    text: "Send",
    onClick: {
      action: {
        function: GOOGLE_CHAT_ACTIONS.send,
        parameters: params({
          roundId: target.roundId,
          position: String(target.position),
          kind: choosing ? "choice" : "text",
        }),
      },
    },
  };
  return {
    actionResponse: {
      type: "DIALOG",
      dialogAction: {
        dialog: {
          body: {
            sections: [{ widgets: [paragraph(`<b>${escapeHtml(question.text)}</b>`), input] }],
            fixedFooter: { primaryButton: send },
          },
        },
      },
    },
  };
}

/** What the dialog's Send tells Chat: close it with a thank-you, or keep it open with what was wrong. */
export function dialogStatus(error: string | null) {
  return {
    actionResponse: {
      type: "DIALOG",
      dialogAction: {
        actionStatus: error
          ? { statusCode: "INVALID_ARGUMENT", userFacingMessage: error }
          : { statusCode: "OK", userFacingMessage: "Thanks, your answer is in" },
      },
    },
  };
}

type FormInputs = Record<string, { stringInputs?: { value?: string[] } }>;

/**
 * The dialog's submitted value as an answer to the question at the target's
 * position (its Send says whether it was a pick); null when nothing was picked.
 */
export function answerFromDialog(
  formInputs: FormInputs | undefined,
  target: AnswerTarget,
  parameters: Parameters,
): LiveAnswerInput | null {
  const value = formInputs?.[ANSWER_INPUT]?.stringInputs?.value?.[0];
  const map = Array.isArray(parameters)
    ? Object.fromEntries(parameters.map((p) => [p.key, p.value]))
    : (parameters ?? {});
  if (map.kind === "choice") {
    return value === undefined || value === "" ? null : { position: target.position, choice: Number(value) };
  }
  return { position: target.position, text: value ?? "" };
}

/** A client-assigned message id (Chat refuses a second create with it): `client-` and a hash of what the post is. */
export function clientMessageId(kind: string, ...parts: string[]): string {
  return `client-${kind}-${createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 40)}`;
}

/** The Chat REST API, called as the app's service account; each call is made once (no retries of the client's own). */
export type GoogleChatApi = {
  request<T>(method: "GET" | "POST" | "PATCH", path: string, query?: object, body?: object): Promise<T>;
};

export function googleChatApi(settings: GoogleChatSettings): GoogleChatApi {
  const auth = new JWT({
    email: settings.serviceAccount.clientEmail,
    key: settings.serviceAccount.privateKey,
    scopes: [CHAT_SCOPE],
  });
  // The library's token endpoint is fixed; the settings may name another (a stand-in in tests).
  if (settings.tokenUrl !== LIBRARY_TOKEN_URL) {
    auth.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.href === LIBRARY_TOKEN_URL) options.url = new URL(settings.tokenUrl);
        return options;
      },
    });
  }
  return {
    async request<T>(method: "GET" | "POST" | "PATCH", path: string, query?: object, body?: object) {
      const response = await auth.request<T>({
        url: `${settings.apiUrl}/v1/${path}`,
        method,
        params: query,
        data: body,
        retry: false,
        timeout: 10_000,
      });
      return response.data;
    },
  };
}

/** The app was removed from the space (Chat refuses with 403, or 404 on the space): the installation goes. */
export class ChatSpaceGone extends Error {
  constructor(readonly space: string) {
    super(`the app is no longer in ${space}`);
  }
}

type ApiError = { status?: number; response?: { status?: number; headers?: Headers } };

function statusOf(error: unknown): number | undefined {
  const e = error as ApiError;
  return e.response?.status ?? e.status;
}

/**
 * Chat's 429 and "gone" as the job reads them; a 409 is left to the caller.
 * Gone is a 403 anywhere or a 404 on the space's messages; a 404 on one
 * message (someone deleted the round's message) is that message's, so the
 * caller passes `message` and gets null.
 */
async function calling<T>(
  space: string,
  onGone: (space: string) => Promise<void>,
  call: () => Promise<T>,
  target: "space" | "message" = "space",
): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    const status = statusOf(error);
    if (status === 429) {
      const header = (error as ApiError).response?.headers?.get?.("retry-after");
      throw new ChatRateLimited(Number(header) > 0 ? Number(header) : GOOGLE_CHAT_BACKOFF_SECONDS);
    }
    if (status === 404 && target === "message") return null;
    if (status === 403 || status === 404) {
      await onGone(space);
      throw new ChatSpaceGone(space);
    }
    throw error;
  }
}

type Message = { name: string; thread?: { name?: string } };

/**
 * Posts as the app. Each create names its message (a client-assigned id
 * derived from what the post is), so a create Chat already took is refused
 * as a duplicate (409) and answered with that message instead of a second
 * one, on top of chat_posts. `onGone` is told when Chat says the app is no
 * longer in the space.
 */
export function googleChatPoster(api: GoogleChatApi, onGone: (space: string) => Promise<void>): ChatPoster {
  async function create(space: string, messageId: string, body: object, query: object = {}): Promise<Message> {
    try {
      const created = await calling(space, onGone, () =>
        api.request<Message>("POST", `${space}/messages`, { messageId, ...query }, body),
      );
      if (!created) throw new Error("Chat answered a create without its message");
      return created;
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
      return { name: `${space}/messages/${messageId}` };
    }
  }
  return {
    async postRound(_installation: ChatInstallation, space: string, message: RoundMessage) {
      const posted = await create(space, clientMessageId("round", space, message.roundId), roundCardMessage(message));
      return posted.name;
    },
    async updateRound(_installation, space, messageName, message) {
      // A round message someone deleted is not updated: there is nothing left to show the count on.
      await calling(
        space,
        onGone,
        () => api.request("PATCH", messageName, { updateMask: "text,cardsV2" }, roundCardMessage(message)),
        "message",
      );
    },
    async postSummary(_installation, space, messageName, summary: RoundSummary) {
      // The reply goes in the round message's thread, which Chat names apart from the message; a deleted
      // message leaves no thread, and the summary starts a new one.
      const round = await calling(space, onGone, () => api.request<Message>("GET", messageName), "message");
      const text = [`*${summary.question}*`, ...summary.lines].join("\n");
      const posted = await create(
        space,
        clientMessageId("summary", messageName, summary.question),
        { text, ...(round?.thread?.name ? { thread: { name: round.thread.name } } : {}) },
        { messageReplyOption: "REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD" },
      );
      return posted.name;
    },
    async postNotice(_installation, space, notice: ChatNotice) {
      const widgets: object[] = [paragraph(escapeHtml(notice.text))];
      if (notice.link) widgets.push({ buttonList: { buttons: [linkButton(notice.link.label, notice.link.url)] } });
      // One notice of the same words a day in a space: a retried job finds the day's message.
      const day = new Date().toISOString().slice(0, 10);
      const posted = await create(space, clientMessageId("notice", space, day, notice.text, notice.link?.url ?? ""), {
        text: notice.text,
        cardsV2: [card("circleup-notice", null, widgets)],
      });
      return posted.name;
    },
  };
}
