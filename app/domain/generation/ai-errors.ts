import { APIConnectionError, APIUserAbortError } from "openai";
import { GenerationError } from "./generator.server";

/** The parts of an error the mapping reads; the OpenAI SDK's APIError has all of them. */
type ErrorLike = {
  status?: unknown;
  message?: unknown;
  name?: unknown;
  code?: unknown;
  error?: unknown;
  cause?: unknown;
};

const API_KEY = /api[\s_-]?key/i;
const NETWORK =
  /network|fetch|connect|socket|timed? ?out|timeout|abort|terminated|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EPIPE|EHOSTUNREACH|ENETUNREACH|UND_ERR/i;
/** Things that look like credentials never reach a message, whatever the server echoed. */
const SECRET = /\b(?:sk|pk|rk)[-_](?=[\w*.-]*\d)[\w*.-]{6,}|\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;
const MAX_SERVER_MESSAGE = 200;

function asObject(error: unknown): ErrorLike {
  return typeof error === "object" && error !== null ? (error as ErrorLike) : { message: String(error) };
}

/** The HTTP status of a failed response; undefined for failures that never got one. */
export function httpStatusOf(error: unknown): number | undefined {
  const { status } = asObject(error);
  return typeof status === "number" && status >= 100 && status <= 599 ? status : undefined;
}

/** What the server said in its error body: `{error: {message}}` (OpenAI style) or `{error: "..."}`. */
function serverMessageOf(e: ErrorLike): string {
  const body = e.error;
  const raw =
    typeof body === "string"
      ? body
      : typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string"
        ? (body as { message: string }).message
        : "";
  const text = raw.replace(/\s+/g, " ").replace(SECRET, "[redacted]").trim();
  return text.length > MAX_SERVER_MESSAGE ? `${text.slice(0, MAX_SERVER_MESSAGE - 1)}…` : text;
}

/** Every message and name along the error's cause chain (fetch hides the reason in `cause`). */
function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current != null; depth++) {
    const e = asObject(current);
    for (const value of [e.name, e.message, e.code]) if (typeof value === "string") parts.push(value);
    current = e.cause;
  }
  return parts.join(" ");
}

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof APIConnectionError || error instanceof APIUserAbortError) return true;
  if (asObject(error).status === 0) return true;
  return NETWORK.test(describe(error));
}

/**
 * Maps any provider failure to a user-facing message, code and retryability:
 * - an API key problem (the message mentions "API key", or HTTP 401/403): configuration error, not retryable;
 * - an HTTP error response: the server's error message, else 'Failed to generate question', retryable from 500 up;
 * - a failure without a response (network, fetch, connection, timeout, abort): network error, retryable;
 * - anything else: 'Failed to generate question. Please try again.', retryable.
 * A response's status decides before words in its message: a 400 saying "timeout" is not a network error.
 */
export function toGenerationError(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  const e = asObject(error);
  const status = httpStatusOf(error);
  const message = typeof e.message === "string" ? e.message : "";
  const serverMessage = serverMessageOf(e);
  if (status === 401 || status === 403 || API_KEY.test(message) || API_KEY.test(serverMessage)) {
    return new GenerationError({ code: "API_ERROR", params: { reason: "configuration" } }, false);
  }
  if (status !== undefined) {
    const detail = serverMessage ? { detail: serverMessage } : {};
    return new GenerationError({ code: "API_ERROR", params: { reason: "server", ...detail } }, status >= 500);
  }
  if (isNetworkFailure(error)) {
    return new GenerationError({ code: "NETWORK_ERROR", params: {} }, true);
  }
  return new GenerationError({ code: "GENERATION_ERROR", params: {} }, true);
}
