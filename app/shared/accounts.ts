import { shownTextProblem, withoutControlCharacters, withoutDirectionControls, writtenTextProblem } from "./text";

/**
 * Account rules shared by the browser and the server. The forms' zod
 * schemas live in accounts-schemas.ts, so account pages ship without zod.
 */

export const PLANS = ["free", "premium"] as const;
export type Plan = (typeof PLANS)[number];

/** At least 8 characters; the sign-up form says so. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

const MAX_NAME_LENGTH = 80;

/**
 * Why a full name cannot be an account's name, or null. One rule for our
 * forms and better-auth's own endpoints (sign-up, update-user): the name is
 * shown on every page and in mails, so it is one line of visible text of at
 * most MAX_NAME_LENGTH characters (after trimming), without control or
 * direction characters, and (like a question's text) without invisible
 * characters or links: "Ad\u200Bmin" would pass for "Admin".
 */
export function fullNameProblem(name: string): string | null {
  const trimmed = name.trim();
  const problem = writtenTextProblem(trimmed);
  if (trimmed === "" || problem === "nothing visible") return "Please enter your full name";
  if (trimmed.length > MAX_NAME_LENGTH) return `Your name must be at most ${MAX_NAME_LENGTH} characters`;
  if (problem === "invisible characters") return "Your name must not contain invisible characters";
  if (problem === "links") return "Your name must not contain a web address";
  if (problem) return "Your name must be one line of letters, without control or text-direction characters";
  return null;
}

/**
 * A name another service vouches for (Google's profile name) cannot be sent
 * back with an error, so it is made to fit the same rule instead: one line,
 * no control or direction characters, at most MAX_NAME_LENGTH characters; a
 * name with nothing left to show becomes the fallback (the e-mail's local
 * part).
 */
export function nameFromProvider(name: string | null | undefined, fallback: string): string {
  const line = withoutDirectionControls(withoutControlCharacters(name ?? ""))
    .replace(/\s+/g, " ")
    .trim();
  let cut = "";
  for (const character of line) {
    if (cut.length + character.length > MAX_NAME_LENGTH) break;
    cut += character;
  }
  cut = cut.trim();
  return fullNameProblem(cut) ? fallback.slice(0, MAX_NAME_LENGTH) : cut;
}

/** A profile picture is a web address (http or https) of at most 2,000 characters; `javascript:` and `data:` are not. */
export function isProfileImageUrl(value: string): boolean {
  if (value.length > 2_000 || hasNonPrintable(value)) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

const hasNonPrintable = (value: string) => shownTextProblem(value) === "control characters" || /\s/.test(value);

/** What relative values are resolved against: a reserved name, never contacted. */
const PARSE_ORIGIN = "http://redirect.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Some servers and proxies decode an encoded "/" or "\" in a path, turning it into a host again. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/**
 * Where to send a browser after signing in or from an e-mail link: a path of
 * this site, judged after the URL parser has normalised it, because the
 * normalised form is what goes into the Location header. Anything else (a
 * scheme, a host, a backslash, a control character, a path that normalises
 * to another host) falls back to "/". Absolute URLs on one of `ownOrigins`
 * become their path.
 */
export function safeRedirectPath(value: unknown, ownOrigins: readonly string[] = []): string {
  const fallback = "/";
  if (typeof value !== "string" || value.includes("\\") || CONTROL_CHARACTERS.test(value)) return fallback;
  try {
    const url = new URL(value, PARSE_ORIGIN);
    const ownPath = value.startsWith("/") && url.origin === PARSE_ORIGIN;
    const ownAbsolute = url.origin !== PARSE_ORIGIN && ownOrigins.includes(url.origin);
    if (!(ownPath || ownAbsolute) || ENCODED_SEPARATOR.test(url.pathname)) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Judged again as a browser reads it: "/.//evil.example" normalises to "//evil.example", another host.
    return new URL(path, PARSE_ORIGIN).origin === PARSE_ORIGIN ? path : fallback;
  } catch {
    return fallback;
  }
}

/** What a profile form action answers: the section it belongs to and its outcome. */
export type ProfileActionResult = {
  section: string;
  error?: string;
  success?: string;
  /** Two-factor setup in progress: the key to scan and the backup codes, shown once. */
  setup?: { totpURI: string; secret: string; qrDataUrl: string; backupCodes: string[] };
  /** An API token just made: its secret, shown this once. */
  created?: { name: string; token: string };
};
