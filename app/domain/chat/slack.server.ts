import { ErrorCode, LogLevel, WebClient, type WebClientOptions } from "@slack/web-api";
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
 * Slack's side of the chat bridge: its Web API client, the round's message
 * and thread reply as Block Kit, and the Answer modal. Calls are made once:
 * a 429 is handed to the job (ChatRateLimited with Slack's Retry-After),
 * which tries again after it, and nothing else is retried by the client, so
 * a request Slack may have received is never sent twice.
 */
export function slackClientOptions(apiUrl: string): WebClientOptions {
  return {
    slackApiUrl: apiUrl,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
    timeout: 10_000,
    logLevel: LogLevel.ERROR,
  };
}

export function slackClient(token: string | undefined, apiUrl: string): WebClient {
  return new WebClient(token, slackClientOptions(apiUrl));
}

/** Slack's 429 as the job reads it; any other error is the client's own. */
async function rateLimited<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const coded = error as { code?: string; retryAfter?: number };
    if (coded.code === ErrorCode.RateLimitedError) throw new ChatRateLimited(Number(coded.retryAfter) || 1);
    throw error;
  }
}

/** The action ids CircleUp's messages carry; the web adapter routes on them. */
export const SLACK_ACTIONS = {
  answer: "circleup_answer",
  another: "circleup_another",
  startRound: "circleup_start_round",
} as const;

/** The modal's callback id and its single input's ids. */
export const SLACK_ANSWER_VIEW = "circleup_answer_view";
const ANSWER_BLOCK = "answer";
const ANSWER_INPUT = "value";

const plain = (text: string) => ({ type: "plain_text" as const, text, emoji: true });
const mrkdwnEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function answeredLine(message: RoundMessage): string {
  const people = message.answered === 1 ? "1 person answered" : `${message.answered} people answered`;
  return message.open ? people : `${people} · the round has ended`;
}

/** The round's message: the question, how many answered, and the Answer button while it is open. */
export function roundBlocks(message: RoundMessage) {
  const blocks: object[] = [
    { type: "section", text: { type: "mrkdwn", text: `*${mrkdwnEscape(message.question.text)}*` } },
    { type: "context", elements: [{ type: "mrkdwn", text: answeredLine(message) }] },
  ];
  if (message.open) {
    blocks.push({
      type: "actions",
      elements: [
        {
          type: "button",
          action_id: SLACK_ACTIONS.answer,
          style: "primary",
          text: plain("Answer"),
          value: JSON.stringify({ roundId: message.roundId, position: message.position }),
        },
      ],
    });
  }
  return blocks;
}

function roundText(message: RoundMessage): string {
  return `${message.question.text} (${answeredLine(message)})`;
}

export function slackPoster(apiUrl: string): ChatPoster {
  return {
    async postRound(installation: ChatInstallation, channelId: string, message: RoundMessage) {
      const posted = await rateLimited(() =>
        slackClient(installation.botToken, apiUrl).chat.postMessage({
          channel: channelId,
          text: roundText(message),
          blocks: roundBlocks(message) as never,
        }),
      );
      if (!posted.ts) throw new Error("Slack answered a post without its ts");
      return posted.ts;
    },
    async updateRound(installation, channelId, messageId, message) {
      await rateLimited(() =>
        slackClient(installation.botToken, apiUrl).chat.update({
          channel: channelId,
          ts: messageId,
          text: roundText(message),
          blocks: roundBlocks(message) as never,
        }),
      );
    },
    async postSummary(installation, channelId, threadId, summary: RoundSummary) {
      const text = [`*${mrkdwnEscape(summary.question)}*`, ...summary.lines.map(mrkdwnEscape)].join("\n");
      const posted = await rateLimited(() =>
        slackClient(installation.botToken, apiUrl).chat.postMessage({ channel: channelId, thread_ts: threadId, text }),
      );
      if (!posted.ts) throw new Error("Slack answered a post without its ts");
      return posted.ts;
    },
    postNotice: (installation, channelId, notice) => postNoticeTo(installation, channelId, notice),
    // The app's direct message with the person (im:write), then the notice in it.
    async postDirect(installation, userId, notice) {
      const opened = await rateLimited(() =>
        slackClient(installation.botToken, apiUrl).conversations.open({ users: userId }),
      );
      const channelId = opened.channel?.id;
      if (!channelId) throw new Error("Slack opened no direct message");
      return postNoticeTo(installation, channelId, notice);
    },
  };

  async function postNoticeTo(installation: ChatInstallation, channelId: string, notice: ChatNotice) {
    const blocks: object[] = [{ type: "section", text: { type: "mrkdwn", text: mrkdwnEscape(notice.text) } }];
    if (notice.link) {
      blocks.push({
        type: "actions",
        elements: [{ type: "button", text: plain(notice.link.label), url: notice.link.url }],
      });
    }
    const posted = await rateLimited(() =>
      slackClient(installation.botToken, apiUrl).chat.postMessage({
        channel: channelId,
        text: notice.text,
        blocks: blocks as never,
      }),
    );
    if (!posted.ts) throw new Error("Slack answered a post without its ts");
    return posted.ts;
  }
}

/** Which question the modal answers, carried through Slack in the view's private metadata. */
export type AnswerTarget = { roundId: string; position: number };

export function parseAnswerTarget(value: string | undefined): AnswerTarget | null {
  try {
    const parsed = JSON.parse(value ?? "") as Partial<AnswerTarget>;
    if (typeof parsed.roundId !== "string" || !Number.isInteger(parsed.position)) return null;
    return { roundId: parsed.roundId, position: Number(parsed.position) };
  } catch {
    return null;
  }
}

/** The Answer modal: a text field for text and word questions, the options to pick from for scale and pick. */
export function answerModal(target: AnswerTarget, question: { text: string; mode: AnswerMode; options: string[] }) {
  const choosing = question.mode === "scale" || question.mode === "pick";
  const element = choosing
    ? {
        type: "radio_buttons",
        action_id: ANSWER_INPUT,
        options: question.options.map((label, i) => ({
          text: plain(label.slice(0, 75) || String(i + 1)),
          value: String(i),
        })),
      }
    : {
        type: "plain_text_input",
        action_id: ANSWER_INPUT,
        multiline: question.mode === "text",
        max_length: question.mode === "word" ? 40 : 500,
      };
  return {
    type: "modal" as const,
    callback_id: SLACK_ANSWER_VIEW,
    private_metadata: JSON.stringify(target),
    title: plain("Answer"),
    submit: plain("Send"),
    close: plain("Cancel"),
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${mrkdwnEscape(question.text)}*` } },
      {
        type: "input",
        block_id: ANSWER_BLOCK,
        label: plain(choosing ? "Your pick" : question.mode === "word" ? "One word" : "Your answer"),
        element,
      },
    ],
  };
}

type ViewState = {
  values?: Record<string, Record<string, { value?: string | null; selected_option?: { value?: string } | null }>>;
};

/** The modal's submitted value as an answer to the question at the target's position. */
export function answerFromView(state: ViewState | undefined, position: number): LiveAnswerInput {
  const input = state?.values?.[ANSWER_BLOCK]?.[ANSWER_INPUT];
  const chosen = input?.selected_option?.value;
  if (chosen !== undefined) return { position, choice: Number(chosen) } as LiveAnswerInput;
  return { position, text: input?.value ?? "" } as LiveAnswerInput;
}

/** Where a refusal is shown in the modal: under its one input. */
export const ANSWER_ERROR_BLOCK = ANSWER_BLOCK;
