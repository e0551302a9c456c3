import { describe, expect, it } from "vitest";
import { type CodedError, ERROR_CODES, ERROR_KINDS, type ErrorCode, type ErrorParams } from "~/shared/errors/codes";
import { ENGLISH, englishMessage } from "~/shared/errors/english";

/**
 * Example parameters for every code, each variant its message has: the type
 * makes a new code without an example fail to compile, so every message is
 * rendered here at least once.
 */
const EXAMPLES: { [C in ErrorCode]: readonly ErrorParams[C][] } = {
  INVALID_INPUT: [
    { field: "direction", problem: "direction must be up or down" },
    { field: "updates.question", problem: "Invalid question: must be a non-empty string" },
    { field: "text", problem: "Please write the news" },
    { problem: "Give isAdmin or plan" },
  ],
  QUESTION_TEXT_INVALID: [{ problem: "A question should end with a question mark" }],
  BODY_NOT_JSON: [{}],
  BODY_NOT_OBJECT: [{}],
  PAYLOAD_TOO_LARGE: [{ megabytes: 1 }],
  BODY_ENCODING_UNSUPPORTED: [{}],
  BODY_CHARSET_UNSUPPORTED: [{}],
  JSON_BODY_EXPECTED: [{}],
  FORM_BODY_EXPECTED: [{}],
  FORM_MALFORMED: [{}],
  TEXT_HAS_NUL: [{}],
  TEXT_HAS_NUL_OR_SURROGATE: [{}],
  ADDRESS_HAS_CONTROL_CHARACTER: [{}],
  ADDRESS_MALFORMED: [{}],
  METHOD_NOT_ALLOWED: [{ allow: "PUT, DELETE" }],
  FORBIDDEN_ORIGIN: [{}],
  UNKNOWN_ACTION: [{}],
  INTENT_UNKNOWN: [{ allowed: ["start", "draw"] }, { allowed: ["save", "delete", "join"] }],
  SERVICE_UNAVAILABLE: [{}],
  NOT_FOUND: [{}],
  BAD_REQUEST: [{}],
  INTERNAL_ERROR: [{}],
  UNREADABLE_ANSWER: [{}],
  NO_CONNECTION: [{}],
  TOO_MANY_TRIES: [{}],
  GENERATION_FAILED: [{}],
  AFRESH_FAILED: [{}],
  AI_UNANSWERED: [{}],
  UNAUTHENTICATED: [{}],
  CALLER_NOT_ALLOWED: [
    { actor: "visitor" },
    { actor: "member" },
    { actor: "token" },
    { actor: "chat" },
    { actor: "job" },
  ],
  ADMIN_REQUIRED: [{}],
  TOKEN_INVALID: [{}],
  TOKEN_REVOKED: [{}],
  TOKEN_EXPIRED: [{}],
  TOKEN_SCOPE_MISSING: [{ scope: "read" }, { scope: "write" }, { scope: "member" }, { scope: "team" }],
  TOKEN_NOT_FOUND: [{}],
  TOKENS_TOO_MANY: [{ max: 20 }],
  RATE_LIMITED: [
    { rule: "votes", what: "votes", retryAfterSeconds: 40 },
    { rule: "submissions", what: "submitted questions", retryAfterSeconds: 3599 },
  ],
  QUESTION_NOT_FOUND: [{}],
  QUESTION_ALREADY_SUBMITTED: [{}],
  QUESTION_ALREADY_PUBLISHED: [{}],
  NO_QUESTION_FITS: [{}],
  EXPORT_FORMAT_UNKNOWN: [{ formats: ["csv", "json", "markdown"] }],
  PLAN_NOT_FOUND: [{}],
  PLAN_QUESTION_GONE: [{}],
  QUOTA_EXCEEDED: [{ account: true }, { account: false }],
  API_KEY_MISSING: [{}, { directed: true }],
  API_ERROR: [
    { reason: "configuration" },
    { reason: "server" },
    { reason: "server", detail: "Upstream overloaded" },
    { reason: "checkout-page" },
  ],
  NETWORK_ERROR: [{}],
  GENERATION_ERROR: [{}],
  INVALID_RESPONSE: [{}, { directed: true }],
  UNKNOWN_AI_REQUEST: [{}],
  SOURCE_QUESTION_NOT_FOUND: [{}],
  DIRECTED_AI_IS_PREMIUM: [{}],
  OWN_ADMIN_ACCESS: [{}],
  USER_NOT_FOUND: [{}],
  NO_ACCOUNT_WITH_EMAIL: [{ email: "someone@example.com" }],
  NO_NEWS_RECIPIENTS: [{}],
  ACCOUNT_REFUSED: [
    { action: "sign-in" },
    { action: "sign-up" },
    { action: "send-reset" },
    { action: "reset-password" },
    { action: "change-password" },
    { action: "change-email" },
    { action: "start-two-factor" },
    { action: "verify-code" },
    { action: "stop-two-factor" },
    { action: "sign-out-device" },
    { action: "delete-account" },
    { action: "change-password", code: "INVALID_PASSWORD", detail: "Invalid password" },
  ],
  AUTH_TOO_MANY_ATTEMPTS: [{}, { retryAfterSeconds: 30 }],
  SIGN_IN_THROTTLED: [{ rule: "sign-in-failures", what: "failed sign-ins", retryAfterSeconds: 600 }],
  SIGN_IN_EXPIRED: [{}],
  RESET_LINK_EXPIRED: [{}],
  EMAIL_NOT_VERIFIED: [{}],
  ALREADY_YOUR_EMAIL: [{}],
  SESSION_ALREADY_ENDED: [{}],
  DELETE_NOT_CONFIRMED: [{}],
  PASSWORD_REQUIRED: [{}],
  EMAIL_OR_PHONE_REQUIRED: [{}],
  CONTACT_RATE_LIMITED: [{}],
  UNSUBSCRIBE_LINK_INVALID: [{}],
  PLAN_INTERVAL_NOT_OFFERED: [{ interval: "month" }, { interval: "year" }],
  ALREADY_PREMIUM: [{}],
  NOTHING_TO_MANAGE: [{}],
  PLAN_CHOICE_REQUIRED: [{}],
  PREMIUM_NOT_FOR_SALE: [{}],
  STRIPE_UNREACHABLE: [{}],
  PAYMENTS_NOT_SET_UP: [{}],
  STRIPE_SIGNATURE_MISSING: [{}],
  STRIPE_SIGNATURE_MALFORMED: [{}],
  STRIPE_SIGNATURE_MISMATCH: [{}],
  STRIPE_EVENT_DEFERRED: [{}],
  TEAM_NOT_FOUND: [{}],
  TEAM_ROLE_CANNOT: [{ role: "member" }],
  TEAM_NAME_MISMATCH: [{ teamName: "Doomed team" }],
  TEAM_ALREADY_HAS_QUESTION: [{}],
  QUESTION_NOT_FOR_TEAM: [{}],
  ALREADY_IN_TEAM: [{ email: "ada@example.com" }],
  NOT_A_MEMBER: [{}],
  OWNER_ROLE_FIXED: [{}],
  OWNER_CANNOT_BE_REMOVED: [{}],
  OWNER_CANNOT_LEAVE: [{}],
  ALREADY_OWNER: [{}],
  NO_LONGER_OWNER: [{}],
  INVITATION_UNKNOWN: [{}],
  INVITATION_CLOSED: [
    { state: "expired", days: 7 },
    { state: "used", days: 7 },
    { state: "revoked", days: 7 },
  ],
  INVITATION_GONE: [{}],
  INVITATION_FOR_ANOTHER: [{ maskedEmail: "a***@example.com" }],
  SERIES_NOT_SAVED: [{}],
  SERIES_NOT_FOUND: [{}],
  SKIP_NEEDS_HOSTS: [{ minimum: 3 }],
  NO_OTHER_QUESTION: [{}],
  MEETING_NOT_FOUND: [{}],
  TEAM_MEETING_NOT_FOUND: [{}],
  CHAT_NOT_CONNECTED: [{}],
  CHAT_CHANNEL_UNKNOWN: [{}],
  CHAT_LINK_INVALID: [{}],
  CHAT_LINK_EXPIRED: [{}],
  MEETING_NOT_STARTED: [{}],
  MEETING_ROUND_TAKEN: [{}],
  ROUND_NEEDS_QUESTION: [{}],
  ROUND_OUT_OF_REACH: [{}],
  ROUND_GONE: [{}],
  ROUND_ENDED: [{}],
  ROUND_FULL: [{ maxParticipants: 200 }],
  ROUND_NO_FREE_CODE: [{}],
  ROUND_QUESTION_UNAVAILABLE: [{ number: 2 }],
  ROUND_QUESTION_HAS_NO_CHOICES: [{ number: 3 }],
  ROUND_MOVED_ON: [{}],
  ROUND_LAST_QUESTION: [{}],
  ROUND_FIRST_QUESTION: [{}],
  ROUND_LOCKED: [{ position: 2 }],
  ROUND_NOT_PER_PERSON: [{}],
  OWN_QUESTIONS_USED_UP: [{}],
  JOIN_RACE: [{}],
  QUESTION_NOT_AT_POSITION: [{}],
  NOT_YOUR_QUESTION: [{}],
  HOST_MOVED_ON: [{ position: 2 }],
  HOST_ONLY: [
    { action: "act" },
    { action: "open-host-screen" },
    { action: "open-room-screen" },
    { action: "delete" },
    { action: "hide-answers" },
  ],
  TIMER_REQUIRED: [{}],
  ANSWERS_NOT_SHOWN: [{}],
  ANSWER_NOT_IN_ROUND: [{}],
  RECAP_NOT_FOUND: [{}],
  NO_SUCH_ROUND_QUESTION: [{}],
  NAME_REQUIRED: [{}],
  NAME_NOT_SHOWABLE: [{}],
  CHOICE_REQUIRED: [{}],
  CHOICE_NOT_SHOWN: [{}],
  ANSWER_REQUIRED: [{}],
  ANSWER_NOT_SHOWABLE: [{}],
  ONE_WORD_ANSWER: [{ maxCharacters: 30 }],
  TOO_MANY_STREAMS: [{}],
  JOIN_CODE_REQUIRED: [{}],
  JOIN_CODE_INVALID: [
    { length: 6, typed: 6 },
    { length: 6, typed: 4 },
  ],
  NOT_A_JOIN_CODE: [{}],
  NO_ROUND_WITH_CODE: [{}],
  ROOM_SCREEN_NOT_OPEN: [{}],
};

const rendered = ERROR_CODES.flatMap((code) =>
  (EXAMPLES[code] as readonly ErrorParams[ErrorCode][]).map((params) => ({
    code,
    params,
    message: englishMessage({ code, params } as CodedError),
  })),
);

describe("the error catalogue", () => {
  it("has a class and an English message for every code, and nothing for a code that does not exist", () => {
    expect(Object.keys(ENGLISH).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_CODES.length).toBe(Object.keys(ERROR_KINDS).length);
  });

  it.each(rendered)("renders $code $params as one finished sentence", ({ message, params }) => {
    expect(message.trim()).not.toBe("");
    expect(message).toBe(message.trim());
    expect(message).not.toMatch(/undefined|null|NaN|\[object|\$\{/);
    expect(message).not.toContain("\n");
    // Whatever a parameter names is said, except names that are there for other languages and fallbacks.
    for (const [key, value] of Object.entries(params)) {
      if (
        typeof value === "string" &&
        !["rule", "reason", "state", "action", "code", "interval", "fallback", "actor", "field"].includes(key)
      ) {
        expect(message).toContain(value);
      }
    }
  });

  it("keeps the words pages, tests and clients already rely on", () => {
    const say = (error: CodedError) => englishMessage(error);
    expect(say({ code: "RATE_LIMITED", params: { rule: "votes", what: "votes", retryAfterSeconds: 40 } })).toBe(
      "Too many votes: try again in 40 seconds",
    );
    expect(say({ code: "API_KEY_MISSING", params: {} })).toBe("DeepSeek API key not configured");
    expect(say({ code: "INVALID_RESPONSE", params: {} })).toBe("Invalid response from server");
    expect(say({ code: "API_ERROR", params: { reason: "server" } })).toBe("Failed to generate question");
    expect(say({ code: "METHOD_NOT_ALLOWED", params: { allow: "GET, POST" } })).toBe(
      "Method not allowed: use GET, POST",
    );
    expect(say({ code: "INTENT_UNKNOWN", params: { allowed: ["save", "delete", "join", "leave"] } })).toBe(
      "intent must be save, delete, join or leave",
    );
    expect(say({ code: "TEAM_NAME_MISMATCH", params: { teamName: "Doomed team" } })).toBe(
      "Type the team's name, Doomed team, to delete it",
    );
    expect(say({ code: "ROUND_LOCKED", params: { position: 2 } })).toBe("The host has locked answers to this question");
    expect(say({ code: "INVALID_INPUT", params: { field: "text", problem: "Please write the news" } })).toBe(
      "text: Please write the news",
    );
    expect(say({ code: "INVALID_INPUT", params: { problem: "Give isAdmin or plan" } })).toBe(
      "body: Give isAdmin or plan",
    );
  });
});
