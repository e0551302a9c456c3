import pino from "pino";
import { config } from "~/config.server";

/** "ada.lovelace@example.com" → "a***@example.com": enough to tell mails apart, not to read an address. */
// Bounded parts keep the scan linear: a long run of letters with no "@" is tried once per letter.
const EMAIL = /([A-Za-z0-9])[A-Za-z0-9._%+-]{0,63}@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+)/g;
/** Messages can quote what a client sent; a log line keeps the start of it. */
const MAX_TEXT = 2_000;
/** Drizzle appends a failed query's parameters (session tokens, addresses) to its message. */
const QUERY_PARAMS = /\n\s*params:[\s\S]*$/;

/**
 * Routes whose address is itself the secret: better-auth's password-reset
 * link (whoever holds it sets the password), a live round's recap, a team
 * invitation, a product-news unsubscribe link and a saved plan's unguessable link. A log
 * line names the route with a placeholder.
 * Matched without regard to case, as the router matches.
 */
const SECRET_PATHS: readonly [RegExp, string][] = [
  [/(\/api\/auth\/reset-password\/)[^/?#\s"]+/gi, "$1:token"],
  [/(\/live\/recap\/)[^/?#\s"]+/gi, "$1:token"],
  [/(\/teams\/join\/)[^/?#\s"]+/gi, "$1:token"],
  [/(\/unsubscribe\/)[^/?#\s"]+/gi, "$1:token"],
  [/(^|[\s"'(])(\/p\/)[^/?#\s"]+/gi, "$1$2:id"],
];
/** A token handed in a query (e-mail links, the reset page): its value is dropped wherever a message quotes it. */
const TOKEN_IN_QUERY = /([?&](?:token|code|state)=)[^&#\s"]+/gi;
/** Paths are cut to this many characters: a 15 KB address would otherwise write 30 KB for one refused request. */
export const MAX_LOGGED_PATH = 200;

function withoutSecretPaths(text: string): string {
  let scrubbed = text;
  for (const [pattern, placeholder] of SECRET_PATHS) scrubbed = scrubbed.replace(pattern, placeholder);
  return scrubbed.replace(TOKEN_IN_QUERY, "$1[redacted]");
}

/** Log text without query parameters, secret paths, tokens or full e-mail addresses. */
export function scrubLogText(text: string): string {
  const short = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} characters)` : text;
  return withoutSecretPaths(short.replace(QUERY_PARAMS, "")).replace(EMAIL, "$1***@$2");
}

/** Each segment as the router reads it (percent-decoded where that is valid), so "%40" cannot hide an address. */
function decodedPath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * The path the router serves: "." and ".." segments resolved (also ones that
 * decoding made, from "%2e" or "%2f"), a backslash read as "/" as URL
 * parsers read it, empty segments dropped. Scrubbing the path as sent would
 * let "/live/x/../recap/{token}" keep its token.
 */
function resolvedPath(decoded: string): string {
  const segments: string[] = [];
  const parts = decoded.replace(/\\/g, "/").split("/");
  for (const part of parts) {
    if (part === "..") segments.pop();
    else if (part !== "." && part !== "") segments.push(part);
  }
  const last = parts.at(-1);
  const trailing = segments.length > 0 && (last === "" || last === "." || last === "..");
  return `/${segments.join("/")}${trailing ? "/" : ""}`;
}

/**
 * A request path as logged: without its query, percent-decoded, dot
 * segments resolved and runs of "/" made one, secrets replaced by a
 * placeholder, e-mail addresses shortened and at most MAX_LOGGED_PATH
 * characters.
 */
export function loggedPath(path: unknown): unknown {
  if (typeof path !== "string") return path;
  const bare = resolvedPath(decodedPath(path.slice(0, MAX_LOGGED_PATH * 4).split(/[?#]/)[0] ?? ""));
  const scrubbed = withoutSecretPaths(bare.replace(/^\/p\/[^/]+/i, "/p/:id")).replace(EMAIL, "$1***@$2");
  return scrubbed.length > MAX_LOGGED_PATH
    ? `${scrubbed.slice(0, MAX_LOGGED_PATH)}… (${path.length} characters)`
    : scrubbed;
}

/**
 * A log line's own fields with every text value scrubbed like a message
 * (a better-auth message, a mail subject can quote an address or a link);
 * `path` has its serializer, errors theirs.
 */
export function scrubLogFields(fields: unknown): unknown {
  if (!fields || typeof fields !== "object" || Array.isArray(fields) || fields instanceof Error) return fields;
  let scrubbed: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(fields)) {
    if (name === "path" || typeof value !== "string") continue;
    const clean = scrubLogText(value);
    if (clean !== value) scrubbed = { ...(scrubbed ?? fields), [name]: clean };
  }
  return scrubbed ?? fields;
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
  // Every line's `path` goes through loggedPath, whoever writes it.
  serializers: { err: (error: unknown) => serializeError(error), path: loggedPath },
  hooks: {
    logMethod(args, method) {
      const scrubbed = args.map((arg, index) =>
        typeof arg === "string" ? scrubLogText(arg) : index === 0 ? scrubLogFields(arg) : arg,
      );
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
