import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { findCategory } from "~/shared/categories";
import {
  ENGAGEMENT_LEVELS,
  MEETING_CONTEXTS,
  QUESTION_STYLES,
  type QuestionStyle,
  type QuestionType,
} from "~/shared/questions";
import { ANSWER_MAX, ANSWER_MIN, recentQuestions, validateAnswer } from "./ai-answer";
import { httpStatusOf, toGenerationError } from "./ai-errors";
import {
  type DirectedPrompt,
  type DirectedWriter,
  GenerationError,
  type GenerationInput,
  type QuestionGenerator,
} from "./generator.server";

export type AiGeneratorOptions = {
  /** The provider's key; without one, `generate` rejects with API_KEY_MISSING and nothing is sent. */
  apiKey: string | undefined;
  /** An OpenAI-compatible endpoint, such as https://api.deepseek.com or http://127.0.0.1:11434/v1. */
  baseURL: string;
  model: string;
  /** Time allowed for one request, answer body included. Default 15 s. */
  timeoutMs?: number;
  /** Extra attempts after a network error, a timeout, a 408, a 429 or a 5xx. Default 2; never on other 4xx. */
  maxRetries?: number;
  /** The fetch the SDK uses (tests, proxies). Default: the global fetch. */
  fetch?: typeof fetch;
};

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_RETRIES = 2;
const TEMPERATURE = 0.9;
/** A 300-character question is about 75 tokens: room for that, not for an essay. */
const MAX_TOKENS = 150;
/** Backoff before retry n (0-based): 400 ms, 800 ms, 1.6 s ... with up to 25% jitter, at most 4 s. */
const BACKOFF_BASE_MS = 400;
const BACKOFF_MAX_MS = 4_000;
/** A server asking for a longer pause (Retry-After) than this is not waited for: a person is waiting. */
const MAX_SERVER_PAUSE_MS = 5_000;
/** Longest previous question quoted in the prompt. */
const QUOTED_MAX = 300;

/** What each option means, where questions.ts has only a label. */
const TYPE_MEANING: Record<QuestionType, string> = {
  "check-in": "opens the meeting, helping people arrive and connect",
  energizer: "wakes the room up: quick, lively, easy to answer on the spot",
  "check-out": "closes the meeting: reflect, appreciate, take something away",
};
const STYLE_MEANING: Record<QuestionStyle, string> = {
  reflective: "thoughtful, inviting a moment of honest reflection",
  playful: "light and fun, a little surprising, easy to smile about",
  professional: "grounded in work, comfortable in any workplace and at any seniority",
  inspirational: "uplifting and forward-looking: growth, hopes, what is possible",
};

export const SYSTEM_PROMPT = [
  "You write questions that a team answers in a round at the start, in the middle or at the end of a meeting.",
  "Write exactly ONE question.",
  "Rules:",
  "- Everyone can answer it, whatever their role, seniority, culture, background, family situation, body, abilities or budget.",
  "- Safe for work and inclusive. Answering is an invitation: never make people disclose health (physical or mental), trauma, money or income, religion, politics, relationships, family plans, age or other parts of their private life.",
  "- Specific and fresh, not a cliche.",
  "- It must not repeat or closely rephrase any of the recent questions you are given.",
  `Output: only the bare question text, one sentence on one line, ${ANSWER_MIN} to ${ANSWER_MAX} characters, ending with a single question mark. No quotes, no "Question:" label, no numbering, no explanation, no alternatives.`,
].join("\n");

const quoted = (text: string) => (text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX - 1)}…` : text);

/** The user message: what to write, what the options mean, what not to repeat, and why the last answer failed. */
export function buildUserPrompt(input: GenerationInput, rejectedBecause?: string): string {
  const context = MEETING_CONTEXTS.find((c) => c.value === input.meetingContext);
  const style = QUESTION_STYLES.find((s) => s.value === input.questionStyle);
  const engagement = ENGAGEMENT_LEVELS.find((e) => e.value === input.engagementLevel);
  const category = input.categorySlug ? findCategory(input.categorySlug) : undefined;
  const recent = recentQuestions(input.previousQuestions);
  const lines = [
    `Write one ${input.type} question.`,
    `Type: ${input.type}, which ${TYPE_MEANING[input.type]}.`,
    `Meeting moment: ${context?.label ?? input.meetingContext} (${context?.description ?? ""}).`,
    `Style: ${style?.label ?? input.questionStyle} (${STYLE_MEANING[input.questionStyle]}).`,
    engagement
      ? `Engagement: ${engagement.label} (${engagement.description}); each person answers in about ${engagement.answerSeconds} seconds.`
      : `Engagement: ${input.engagementLevel}.`,
    input.categorySlug
      ? `Meeting category: ${category ? `${category.name} (${category.description})` : input.categorySlug.replaceAll("-", " ")}.`
      : "",
    recent.length
      ? `Recent questions, do not repeat or closely rephrase any of them:\n${recent.map((q) => `- ${quoted(q)}`).join("\n")}`
      : "",
    rejectedBecause
      ? `Your previous answer was rejected because ${rejectedBecause}. Follow the output rules strictly: a new question, one line, ${ANSWER_MIN} to ${ANSWER_MAX} characters, one question mark at the very end, nothing else.`
      : "",
    "Reply with the question only.",
  ];
  return lines.filter(Boolean).join("\n");
}

/** Waits, unless the caller gives up first. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const done = () => {
      signal?.removeEventListener("abort", abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/** Network errors, timeouts, 408, 429 and 5xx are worth another attempt; 400, 401, 403 and other 4xx are not. */
function isTransient(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return false;
  const status = httpStatusOf(error);
  if (status !== undefined) return status === 408 || status === 429 || status >= 500;
  return toGenerationError(error).code === "NETWORK_ERROR";
}

/** How long to wait before retry `n`: what the server asks for (Retry-After), else exponential backoff; null: don't. */
function retryDelay(error: unknown, n: number): number | null {
  const headers = error instanceof APIError ? error.headers : undefined;
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  const seconds = headers?.get("retry-after");
  let asked = Number.isFinite(ms) ? ms : undefined;
  if (asked === undefined && seconds) {
    asked = /^\d+(\.\d+)?$/.test(seconds.trim()) ? Number(seconds) * 1000 : Date.parse(seconds) - Date.now();
  }
  if (asked !== undefined && Number.isFinite(asked)) {
    return asked > MAX_SERVER_PAUSE_MS ? null : Math.max(0, asked);
  }
  return Math.min(BACKOFF_BASE_MS * 2 ** n, BACKOFF_MAX_MS) * (1 - Math.random() * 0.25);
}

/**
 * A question generator for any OpenAI-compatible chat-completions endpoint
 * (DeepSeek by default). Each request has its own deadline covering the whole
 * answer; transient failures are retried with backoff; an answer that is not
 * one new question is asked for once more, more strictly. Every failure is a
 * GenerationError with a user-facing text; the key is never part of one.
 */
export function createAiGenerator(options: AiGeneratorOptions): QuestionGenerator & DirectedWriter {
  const apiKey = options.apiKey?.trim() || undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? DEFAULT_MAX_RETRIES));
  const client = apiKey
    ? new OpenAI({
        apiKey,
        baseURL: options.baseURL,
        // Retries and the deadline are ours (below): the SDK would wait as long as a Retry-After asks,
        // and its timeout stops at the response headers.
        maxRetries: 0,
        timeout: timeoutMs + 1_000,
        fetch: options.fetch,
        // Nothing from OPENAI_* variables leaks into requests to another provider, and the SDK logs nothing.
        organization: null,
        project: null,
        logLevel: "off",
      })
    : null;

  const missingKey = () => new GenerationError({ code: "API_KEY_MISSING", params: {} }, false);

  /** A GenerationError whose message cannot carry the key, even if a server echoed it. */
  const failure = (error: unknown): GenerationError => {
    const mapped = toGenerationError(error);
    const { coded } = mapped;
    const said = coded.code === "API_ERROR" ? coded.params.detail : undefined;
    if (!apiKey || !said?.includes(apiKey)) return mapped;
    const params = { reason: "server" as const, detail: said.replaceAll(apiKey, "[redacted]") };
    return new GenerationError({ code: "API_ERROR", params }, mapped.retryable);
  };

  /** One request with a deadline for the whole exchange; the caller's signal still cancels it. */
  async function once<T>(
    send: (client: OpenAI, signal: AbortSignal) => Promise<T>,
    limitMs: number,
    signal?: AbortSignal,
  ): Promise<T> {
    if (!client) throw missingKey();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs);
    const forward = () => controller.abort();
    signal?.addEventListener("abort", forward, { once: true });
    try {
      if (signal?.aborted) throw new APIUserAbortError();
      return await send(client, controller.signal);
    } catch (error) {
      if (timedOut) throw new APIConnectionTimeoutError({ message: "Request timed out." });
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", forward);
    }
  }

  async function withRetries<T>(send: (client: OpenAI, signal: AbortSignal) => Promise<T>, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(send, timeoutMs, signal);
      } catch (error) {
        if (attempt >= maxRetries || signal?.aborted || !isTransient(error)) throw error;
        const delay = retryDelay(error, attempt);
        if (delay === null) throw error;
        await pause(delay, signal);
      }
    }
  }

  async function ask(prompt: DirectedPrompt, rejectedBecause: string | undefined, signal?: AbortSignal) {
    const completion = await withRetries(
      (openai, requestSignal) =>
        openai.chat.completions.create(
          {
            model: options.model,
            temperature: TEMPERATURE,
            max_tokens: MAX_TOKENS,
            messages: [
              { role: "system", content: prompt.system },
              { role: "user", content: prompt.user(rejectedBecause) },
            ],
          },
          { signal: requestSignal },
        ),
      signal,
    );
    return validateAnswer(completion.choices?.[0]?.message?.content, prompt.mustDiffer);
  }

  /** One question for the prompt: a rejected answer is asked for once more, saying why; then INVALID_RESPONSE. */
  async function write(prompt: DirectedPrompt, signal?: AbortSignal): Promise<string> {
    if (!client) throw missingKey();
    try {
      const first = await ask(prompt, undefined, signal);
      if (first.ok) return first.question;
      const second = await ask(prompt, first.reason, signal);
      if (second.ok) return second.question;
    } catch (error) {
      throw failure(error);
    }
    throw new GenerationError({ code: "INVALID_RESPONSE", params: {} }, true);
  }

  return {
    name: options.model,

    generate: (input, signal) =>
      write(
        {
          system: SYSTEM_PROMPT,
          user: (rejectedBecause) => buildUserPrompt(input, rejectedBecause),
          mustDiffer: input.previousQuestions,
        },
        signal,
      ),

    write,

    async check() {
      if (!client) return { ok: false, error: missingKey().message };
      try {
        await once(
          (openai, signal) =>
            openai.chat.completions.create(
              { model: options.model, max_tokens: 1, messages: [{ role: "user", content: "Reply with OK." }] },
              { signal },
            ),
          timeoutMs,
        );
        return { ok: true };
      } catch (error) {
        return { ok: false, error: failure(error).message };
      }
    },
  };
}
