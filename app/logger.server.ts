import pino from "pino";
import { config } from "~/config.server";

/** "ada.lovelace@example.com" → "a***@example.com": enough to tell mails apart, not to read an address. */
// Bounded parts keep the scan linear: a long run of letters with no "@" is tried once per letter.
const EMAIL = /([A-Za-z0-9])[A-Za-z0-9._%+-]{0,63}@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+)/g;
/** Messages can quote what a client sent; a log line keeps the start of it. */
const MAX_TEXT = 2_000;
/** Drizzle appends a failed query's parameters (session tokens, addresses) to its message. */
const QUERY_PARAMS = /\n\s*params:[\s\S]*$/;

/** Log text without query parameters or full e-mail addresses. */
export function scrubLogText(text: string): string {
  const short = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} characters)` : text;
  return short.replace(QUERY_PARAMS, "").replace(EMAIL, "$1***@$2");
}

type ErrorLike = Error & { code?: unknown; cause?: unknown };

/**
 * An error as logged: name, scrubbed message, code, stack frames, cause.
 * Nothing else is copied, because drivers attach the failed query's values
 * (params, detail, where) as properties.
 */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? scrubLogText(error) : error;
  const { name, code, cause } = error as ErrorLike;
  const message = scrubLogText(error.message);
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return {
    type: name,
    message,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    stack: [`${name}: ${message}`, ...frames].join("\n"),
    ...(cause !== undefined && depth < 4 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}

/**
 * One structured logger for the server. Errors are serialized without their
 * data, and messages are scrubbed; code must still not log secrets.
 */
export const logger = pino({
  level: config().logLevel,
  base: { app: config().appName },
  serializers: { err: (error: unknown) => serializeError(error) },
  hooks: {
    logMethod(args, method) {
      const scrubbed = args.map((arg) => (typeof arg === "string" ? scrubLogText(arg) : arg));
      method.apply(this, scrubbed as Parameters<typeof method>);
    },
  },
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "req.headers.cookie",
      'req.headers["set-cookie"]',
      "req.headers.authorization",
      'res.headers["set-cookie"]',
    ],
    censor: "[redacted]",
  },
});
