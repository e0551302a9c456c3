import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake provider does with one request. */
export type Behaviour =
  /** 200 with a chat completion whose message is `content` (a good question, or any malformed text). */
  | { kind: "answer"; content: string | null; finishReason?: string }
  /** An error status with an OpenAI-style body `{error: {message, type, code}}`; optionally a Retry-After-Ms header. */
  | { kind: "error"; status: number; message: string; type?: string; retryAfterMs?: number }
  /** The same as "error" (the name earlier tests use). */
  | { kind: "status"; status: number; message: string; type?: string; retryAfterMs?: number }
  /** Any status and raw body (an HTML error page, a body that is not JSON, a completion without choices). */
  | { kind: "raw"; status: number; body: string; contentType?: string }
  /** Says nothing at all for `ms`, then drops the connection (longer than the client's timeout). */
  | { kind: "hang"; ms: number }
  /** Sends the headers of a 200 and part of the body, then stalls for `ms` and drops the connection. */
  | { kind: "stall"; ms: number };

/** Ready-made behaviours for the situations the tests need. */
export const behave = {
  answer: (content: string | null): Behaviour => ({ kind: "answer", content }),
  serverError: (message = "The server had an error while processing your request.", retryAfterMs?: number) =>
    ({ kind: "error", status: 500, message, type: "server_error", retryAfterMs }) satisfies Behaviour,
  rateLimited: (retryAfterMs?: number): Behaviour => ({
    kind: "error",
    status: 429,
    message: "Rate limit reached for requests",
    type: "rate_limit_error",
    retryAfterMs,
  }),
  unauthorized: (): Behaviour => ({
    kind: "error",
    status: 401,
    message: "Incorrect API key provided",
    type: "invalid_request_error",
  }),
  forbidden: (): Behaviour => ({
    kind: "error",
    status: 403,
    message: "You are not allowed to use this model",
    type: "permission_error",
  }),
  badRequest: (message = "Invalid request: max_tokens is too large"): Behaviour => ({
    kind: "error",
    status: 400,
    message,
    type: "invalid_request_error",
  }),
  hang: (ms = 5_000): Behaviour => ({ kind: "hang", ms }),
  stall: (ms = 5_000): Behaviour => ({ kind: "stall", ms }),
  numberedList: (): Behaviour => ({
    kind: "answer",
    content: "1. What energises you at work?\n2. What drains you?\n3. What would you change first?",
  }),
  empty: (): Behaviour => ({ kind: "answer", content: "" }),
} as const;

export type ChatMessage = { role: string; content: string };
export type ChatRequestBody = {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  [other: string]: unknown;
};

export type ReceivedRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  body: ChatRequestBody;
};

const COMPLETION_PATHS = new Set(["/v1/chat/completions", "/chat/completions"]);

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

function completion(id: number, model: string, content: string | null, finishReason = "stop") {
  return {
    id: `chatcmpl-fake-${id}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 120, completion_tokens: 18, total_tokens: 138 },
  };
}

/**
 * A real HTTP server on 127.0.0.1 (a free port) speaking the OpenAI
 * chat-completions protocol, standing in for DeepSeek or any compatible
 * provider. Each request takes the next queued behaviour; with none queued it
 * answers with a fresh, valid question. With `apiKey`, a request carrying
 * another bearer gets the provider's 401 whatever is queued.
 */
export async function startFakeOpenAI(options: { apiKey?: string } = {}) {
  const queue: Behaviour[] = [];
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let served = 0;
  let defaults = 0;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      if (req.method !== "POST" || !COMPLETION_PATHS.has(path)) {
        sendJson(res, 404, {
          error: { message: `Unknown request URL: ${req.method} ${path}`, type: "invalid_request_error" },
        });
        return;
      }
      let body: ChatRequestBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequestBody;
      } catch {
        sendJson(res, 400, {
          error: { message: "We could not parse the JSON body of your request.", type: "invalid_request_error" },
        });
        return;
      }
      received.push({ method: req.method, path, authorization: req.headers.authorization, body });
      served++;

      if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        sendJson(res, 401, {
          error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" },
        });
        return;
      }

      const next: Behaviour = queue.shift() ?? {
        kind: "answer",
        content: `Which small moment number ${++defaults} made this week better for you?`,
      };
      switch (next.kind) {
        case "answer":
          sendJson(res, 200, completion(served, body.model, next.content, next.finishReason));
          return;
        case "error":
        case "status":
          sendJson(
            res,
            next.status,
            { error: { message: next.message, type: next.type ?? "api_error", param: null, code: null } },
            next.retryAfterMs === undefined ? {} : { "retry-after-ms": String(next.retryAfterMs) },
          );
          return;
        case "raw":
          res.writeHead(next.status, { "content-type": next.contentType ?? "text/html" }).end(next.body);
          return;
        case "hang":
        case "stall": {
          if (next.kind === "stall")
            res.writeHead(200, { "content-type": "application/json" }).write('{"id":"chatcmpl-');
          const timer = later(next.ms, () => res.destroy());
          res.on("close", () => {
            clearTimeout(timer);
            timers.delete(timer);
          });
          return;
        }
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    /** The endpoint as providers document it, with /v1. */
    baseURL: `http://127.0.0.1:${port}/v1`,
    /** The same server without /v1 (DeepSeek's documented base URL has none). */
    rootURL: `http://127.0.0.1:${port}`,
    /** Every chat-completion request, oldest first. */
    received,
    /** Queues behaviours for the next requests, in order. */
    enqueue: (...behaviours: Behaviour[]) => {
      queue.push(...behaviours);
    },
    /** Behaviours queued but not used yet. */
    pending: () => queue.length,
    /** Forgets queued behaviours and received requests; default answers count from 1 again. */
    reset: () => {
      queue.length = 0;
      received.length = 0;
      defaults = 0;
    },
    /** Stops listening, cuts open connections (hanging ones included) and waits until the port is free. */
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;

/** The settings that point a server at the fake as its AI provider. */
export function aiEnv(fake: FakeOpenAI, apiKey = "sk-fake-provider"): Record<string, string> {
  return { AI_API_KEY: apiKey, AI_BASE_URL: fake.baseURL, AI_MODEL: "deepseek-chat", AI_TIMEOUT_MS: "10000" };
}

/** The system and user prompts of a received request. */
export function promptOf(request: ReceivedRequest | undefined): { system: string; user: string } {
  const messages = request?.body.messages ?? [];
  return {
    system: messages.find((m) => m.role === "system")?.content ?? "",
    user: messages.find((m) => m.role === "user")?.content ?? "",
  };
}
