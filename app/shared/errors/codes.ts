/**
 * Every error CircleUp reports, as a code with the parameters its message
 * needs. A caller shows it in its own words from these (the English
 * catalogue is `english.ts`; a chat message or another language renders
 * the same code its own way), so no code carries a sentence of its own,
 * except where the words come from outside: a field check's sentence
 * (`INVALID_INPUT`), an AI provider's or better-auth's answer.
 */

/** The class of an error: what a caller may do about it, and (on the web) its HTTP status. */
export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not-found"
  | "method-not-allowed"
  | "conflict"
  | "too-large"
  | "unsupported-media-type"
  | "rate-limited"
  | "internal"
  | "upstream"
  | "upstream-timeout"
  | "unavailable";

type None = Record<string, never>;

/** A screen only the host of a live round may open or an action only the host may take. */
export type HostOnlyAction = "act" | "open-host-screen" | "open-room-screen" | "delete" | "hide-answers";

/** What an account form asked the accounts service (better-auth) to do, for the words of its refusal. */
export type AccountAction =
  | "sign-in"
  | "sign-up"
  | "send-reset"
  | "reset-password"
  | "change-password"
  | "change-email"
  | "start-two-factor"
  | "verify-code"
  | "stop-two-factor"
  | "sign-out-device"
  | "delete-account";

/** Why an invitation link can no longer be used. */
export type InvitationState = "expired" | "used" | "revoked";

export interface ErrorParams {
  // A request the edge cannot act on.
  INVALID_INPUT: { field?: string; problem: string };
  QUESTION_TEXT_INVALID: { problem: string };
  BODY_NOT_JSON: None;
  BODY_NOT_OBJECT: None;
  PAYLOAD_TOO_LARGE: { megabytes: number };
  BODY_ENCODING_UNSUPPORTED: None;
  BODY_CHARSET_UNSUPPORTED: None;
  JSON_BODY_EXPECTED: None;
  FORM_BODY_EXPECTED: None;
  FORM_MALFORMED: None;
  TEXT_HAS_NUL: None;
  TEXT_HAS_NUL_OR_SURROGATE: None;
  ADDRESS_HAS_CONTROL_CHARACTER: None;
  ADDRESS_MALFORMED: None;
  METHOD_NOT_ALLOWED: { allow: string };
  FORBIDDEN_ORIGIN: None;
  UNKNOWN_ACTION: None;
  INTENT_UNKNOWN: { allowed: readonly string[] };
  SERVICE_UNAVAILABLE: None;
  NOT_FOUND: None;
  BAD_REQUEST: None;
  INTERNAL_ERROR: None;
  UNREADABLE_ANSWER: None;
  NO_CONNECTION: None;
  TOO_MANY_TRIES: None;
  GENERATION_FAILED: None;
  AFRESH_FAILED: None;
  AI_UNANSWERED: None;
  // Who is asking.
  UNAUTHENTICATED: None;
  CALLER_NOT_ALLOWED: { actor: "visitor" | "member" | "admin" | "token" | "chat" | "job" };
  ADMIN_REQUIRED: None;
  RATE_LIMITED: { rule: string; what: string; retryAfterSeconds: number };
  // API tokens (Authorization: Bearer).
  TOKEN_INVALID: None;
  TOKEN_REVOKED: None;
  TOKEN_EXPIRED: None;
  /** `read`, `write`, `member` (a team token asked for something of a person's), or `team` (a team outside the token's). */
  TOKEN_SCOPE_MISSING: { scope: "read" | "write" | "member" | "team" };
  TOKEN_NOT_FOUND: None;
  TOKENS_TOO_MANY: { max: number };
  // Questions and the community.
  QUESTION_NOT_FOUND: None;
  QUESTION_ALREADY_SUBMITTED: None;
  QUESTION_ALREADY_PUBLISHED: None;
  NO_QUESTION_FITS: None;
  EXPORT_FORMAT_UNKNOWN: { formats: readonly string[] };
  PLAN_NOT_FOUND: None;
  PLAN_QUESTION_GONE: None;
  // The AI.
  QUOTA_EXCEEDED: { account: boolean };
  API_KEY_MISSING: { directed?: boolean };
  API_ERROR: { reason: "configuration" | "server" | "checkout-page"; detail?: string };
  NETWORK_ERROR: None;
  GENERATION_ERROR: None;
  INVALID_RESPONSE: { directed?: boolean };
  UNKNOWN_AI_REQUEST: None;
  SOURCE_QUESTION_NOT_FOUND: None;
  DIRECTED_AI_IS_PREMIUM: None;
  // Administration.
  OWN_ADMIN_ACCESS: None;
  USER_NOT_FOUND: None;
  NO_ACCOUNT_WITH_EMAIL: { email: string };
  NO_NEWS_RECIPIENTS: None;
  // Accounts.
  ACCOUNT_REFUSED: { action: AccountAction; code?: string; detail?: string };
  AUTH_TOO_MANY_ATTEMPTS: { retryAfterSeconds?: number };
  SIGN_IN_THROTTLED: { rule: string; what: string; retryAfterSeconds: number };
  SIGN_IN_EXPIRED: None;
  RESET_LINK_EXPIRED: None;
  EMAIL_NOT_VERIFIED: None;
  ALREADY_YOUR_EMAIL: None;
  SESSION_ALREADY_ENDED: None;
  DELETE_NOT_CONFIRMED: None;
  PASSWORD_REQUIRED: None;
  EMAIL_OR_PHONE_REQUIRED: None;
  CONTACT_RATE_LIMITED: None;
  UNSUBSCRIBE_LINK_INVALID: None;
  // Billing.
  PLAN_INTERVAL_NOT_OFFERED: { interval: "month" | "year" };
  ALREADY_PREMIUM: None;
  NOTHING_TO_MANAGE: None;
  PLAN_CHOICE_REQUIRED: None;
  PREMIUM_NOT_FOR_SALE: None;
  STRIPE_UNREACHABLE: None;
  PAYMENTS_NOT_SET_UP: None;
  STRIPE_SIGNATURE_MISSING: None;
  STRIPE_SIGNATURE_MALFORMED: None;
  STRIPE_SIGNATURE_MISMATCH: None;
  STRIPE_EVENT_DEFERRED: None;
  // Teams.
  TEAM_NOT_FOUND: None;
  TEAM_ROLE_CANNOT: { role: string };
  TEAM_NAME_MISMATCH: { teamName: string };
  TEAM_ALREADY_HAS_QUESTION: None;
  QUESTION_NOT_FOR_TEAM: None;
  ALREADY_IN_TEAM: { email: string };
  NOT_A_MEMBER: None;
  OWNER_ROLE_FIXED: None;
  OWNER_CANNOT_BE_REMOVED: None;
  OWNER_CANNOT_LEAVE: None;
  ALREADY_OWNER: None;
  NO_LONGER_OWNER: None;
  INVITATION_UNKNOWN: None;
  INVITATION_CLOSED: { state: InvitationState; days: number };
  INVITATION_GONE: None;
  INVITATION_FOR_ANOTHER: { maskedEmail: string };
  SERIES_NOT_SAVED: None;
  SERIES_NOT_FOUND: None;
  SKIP_NEEDS_HOSTS: { minimum: number };
  NO_OTHER_QUESTION: None;
  MEETING_NOT_FOUND: None;
  TEAM_MEETING_NOT_FOUND: None;
  CHAT_NOT_CONNECTED: None;
  CHAT_CHANNEL_UNKNOWN: None;
  CHAT_LINK_INVALID: None;
  CHAT_LINK_EXPIRED: None;
  MEETING_NOT_STARTED: None;
  MEETING_ROUND_TAKEN: None;
  ROUND_NEEDS_QUESTION: None;
  // Live rounds.
  ROUND_OUT_OF_REACH: None;
  ROUND_GONE: None;
  ROUND_ENDED: None;
  ROUND_FULL: { maxParticipants: number };
  ROUND_NO_FREE_CODE: None;
  ROUND_QUESTION_UNAVAILABLE: { number: number };
  ROUND_QUESTION_HAS_NO_CHOICES: { number: number };
  ROUND_MOVED_ON: None;
  ROUND_LAST_QUESTION: None;
  ROUND_FIRST_QUESTION: None;
  ROUND_LOCKED: { position: number };
  ROUND_NOT_PER_PERSON: None;
  OWN_QUESTIONS_USED_UP: None;
  JOIN_RACE: None;
  QUESTION_NOT_AT_POSITION: None;
  NOT_YOUR_QUESTION: None;
  HOST_MOVED_ON: { position: number };
  HOST_ONLY: { action: HostOnlyAction };
  TIMER_REQUIRED: None;
  ANSWERS_NOT_SHOWN: None;
  ANSWER_NOT_IN_ROUND: None;
  RECAP_NOT_FOUND: None;
  NO_SUCH_ROUND_QUESTION: None;
  NAME_REQUIRED: None;
  NAME_NOT_SHOWABLE: None;
  CHOICE_REQUIRED: None;
  CHOICE_NOT_SHOWN: None;
  ANSWER_REQUIRED: None;
  ANSWER_NOT_SHOWABLE: None;
  ONE_WORD_ANSWER: { maxCharacters: number };
  TOO_MANY_STREAMS: None;
  JOIN_CODE_REQUIRED: None;
  JOIN_CODE_INVALID: { length: number; typed: number };
  NOT_A_JOIN_CODE: None;
  NO_ROUND_WITH_CODE: None;
  ROOM_SCREEN_NOT_OPEN: None;
}

export type ErrorCode = keyof ErrorParams;

/** One error: its code and the parameters of that code. */
export type CodedError = { [C in ErrorCode]: { code: C; params: ErrorParams[C] } }[ErrorCode];

/** A code's parameters as an argument: optional when the code needs none. */
export type ParamsArgument<C extends ErrorCode> = ErrorParams[C] extends None
  ? [params?: ErrorParams[C]]
  : Partial<ErrorParams[C]> extends ErrorParams[C]
    ? [params?: ErrorParams[C]]
    : [params: ErrorParams[C]];

/** Words for every code: the English catalogue is one, another language or a chat platform another. */
export type ErrorCatalogue = { readonly [C in ErrorCode]: (params: ErrorParams[C]) => string };

/** The class of each code, in one table. */
export const ERROR_KINDS: { readonly [C in ErrorCode]: ErrorKind } = {
  INVALID_INPUT: "invalid",
  QUESTION_TEXT_INVALID: "invalid",
  BODY_NOT_JSON: "invalid",
  BODY_NOT_OBJECT: "invalid",
  PAYLOAD_TOO_LARGE: "too-large",
  BODY_ENCODING_UNSUPPORTED: "unsupported-media-type",
  BODY_CHARSET_UNSUPPORTED: "unsupported-media-type",
  JSON_BODY_EXPECTED: "unsupported-media-type",
  FORM_BODY_EXPECTED: "unsupported-media-type",
  FORM_MALFORMED: "invalid",
  TEXT_HAS_NUL: "invalid",
  TEXT_HAS_NUL_OR_SURROGATE: "invalid",
  ADDRESS_HAS_CONTROL_CHARACTER: "invalid",
  ADDRESS_MALFORMED: "invalid",
  METHOD_NOT_ALLOWED: "method-not-allowed",
  FORBIDDEN_ORIGIN: "forbidden",
  UNKNOWN_ACTION: "invalid",
  INTENT_UNKNOWN: "invalid",
  SERVICE_UNAVAILABLE: "unavailable",
  NOT_FOUND: "not-found",
  BAD_REQUEST: "invalid",
  INTERNAL_ERROR: "internal",
  UNREADABLE_ANSWER: "upstream",
  NO_CONNECTION: "upstream-timeout",
  TOO_MANY_TRIES: "rate-limited",
  GENERATION_FAILED: "upstream",
  AFRESH_FAILED: "upstream",
  AI_UNANSWERED: "upstream",
  UNAUTHENTICATED: "unauthenticated",
  CALLER_NOT_ALLOWED: "forbidden",
  ADMIN_REQUIRED: "forbidden",
  RATE_LIMITED: "rate-limited",
  TOKEN_INVALID: "unauthenticated",
  TOKEN_REVOKED: "unauthenticated",
  TOKEN_EXPIRED: "unauthenticated",
  TOKEN_SCOPE_MISSING: "forbidden",
  TOKEN_NOT_FOUND: "not-found",
  TOKENS_TOO_MANY: "conflict",
  QUESTION_NOT_FOUND: "not-found",
  QUESTION_ALREADY_SUBMITTED: "conflict",
  QUESTION_ALREADY_PUBLISHED: "conflict",
  NO_QUESTION_FITS: "not-found",
  EXPORT_FORMAT_UNKNOWN: "invalid",
  PLAN_NOT_FOUND: "not-found",
  PLAN_QUESTION_GONE: "conflict",
  QUOTA_EXCEEDED: "rate-limited",
  API_KEY_MISSING: "unavailable",
  API_ERROR: "upstream",
  NETWORK_ERROR: "upstream-timeout",
  GENERATION_ERROR: "upstream",
  INVALID_RESPONSE: "upstream",
  UNKNOWN_AI_REQUEST: "not-found",
  SOURCE_QUESTION_NOT_FOUND: "not-found",
  DIRECTED_AI_IS_PREMIUM: "forbidden",
  OWN_ADMIN_ACCESS: "conflict",
  USER_NOT_FOUND: "not-found",
  NO_ACCOUNT_WITH_EMAIL: "not-found",
  NO_NEWS_RECIPIENTS: "conflict",
  ACCOUNT_REFUSED: "invalid",
  AUTH_TOO_MANY_ATTEMPTS: "rate-limited",
  SIGN_IN_THROTTLED: "rate-limited",
  SIGN_IN_EXPIRED: "unauthenticated",
  RESET_LINK_EXPIRED: "invalid",
  EMAIL_NOT_VERIFIED: "forbidden",
  ALREADY_YOUR_EMAIL: "invalid",
  SESSION_ALREADY_ENDED: "not-found",
  DELETE_NOT_CONFIRMED: "invalid",
  PASSWORD_REQUIRED: "invalid",
  EMAIL_OR_PHONE_REQUIRED: "invalid",
  CONTACT_RATE_LIMITED: "rate-limited",
  UNSUBSCRIBE_LINK_INVALID: "not-found",
  PLAN_INTERVAL_NOT_OFFERED: "invalid",
  ALREADY_PREMIUM: "conflict",
  NOTHING_TO_MANAGE: "not-found",
  PLAN_CHOICE_REQUIRED: "invalid",
  PREMIUM_NOT_FOR_SALE: "not-found",
  STRIPE_UNREACHABLE: "upstream",
  PAYMENTS_NOT_SET_UP: "not-found",
  STRIPE_SIGNATURE_MISSING: "invalid",
  STRIPE_SIGNATURE_MALFORMED: "invalid",
  STRIPE_SIGNATURE_MISMATCH: "invalid",
  STRIPE_EVENT_DEFERRED: "internal",
  TEAM_NOT_FOUND: "not-found",
  TEAM_ROLE_CANNOT: "forbidden",
  TEAM_NAME_MISMATCH: "invalid",
  TEAM_ALREADY_HAS_QUESTION: "conflict",
  QUESTION_NOT_FOR_TEAM: "not-found",
  ALREADY_IN_TEAM: "conflict",
  NOT_A_MEMBER: "not-found",
  OWNER_ROLE_FIXED: "conflict",
  OWNER_CANNOT_BE_REMOVED: "conflict",
  OWNER_CANNOT_LEAVE: "conflict",
  ALREADY_OWNER: "invalid",
  NO_LONGER_OWNER: "conflict",
  INVITATION_UNKNOWN: "not-found",
  INVITATION_CLOSED: "not-found",
  INVITATION_GONE: "not-found",
  INVITATION_FOR_ANOTHER: "forbidden",
  SERIES_NOT_SAVED: "conflict",
  SERIES_NOT_FOUND: "not-found",
  SKIP_NEEDS_HOSTS: "conflict",
  NO_OTHER_QUESTION: "conflict",
  MEETING_NOT_FOUND: "not-found",
  TEAM_MEETING_NOT_FOUND: "not-found",
  CHAT_NOT_CONNECTED: "not-found",
  CHAT_CHANNEL_UNKNOWN: "invalid",
  CHAT_LINK_INVALID: "invalid",
  CHAT_LINK_EXPIRED: "invalid",
  MEETING_NOT_STARTED: "conflict",
  MEETING_ROUND_TAKEN: "conflict",
  ROUND_NEEDS_QUESTION: "invalid",
  ROUND_OUT_OF_REACH: "not-found",
  ROUND_GONE: "not-found",
  ROUND_ENDED: "conflict",
  ROUND_FULL: "conflict",
  ROUND_NO_FREE_CODE: "conflict",
  ROUND_QUESTION_UNAVAILABLE: "invalid",
  ROUND_QUESTION_HAS_NO_CHOICES: "invalid",
  ROUND_MOVED_ON: "conflict",
  ROUND_LAST_QUESTION: "conflict",
  ROUND_FIRST_QUESTION: "conflict",
  ROUND_LOCKED: "conflict",
  ROUND_NOT_PER_PERSON: "conflict",
  OWN_QUESTIONS_USED_UP: "conflict",
  JOIN_RACE: "conflict",
  QUESTION_NOT_AT_POSITION: "conflict",
  NOT_YOUR_QUESTION: "forbidden",
  HOST_MOVED_ON: "conflict",
  HOST_ONLY: "forbidden",
  TIMER_REQUIRED: "invalid",
  ANSWERS_NOT_SHOWN: "forbidden",
  ANSWER_NOT_IN_ROUND: "not-found",
  RECAP_NOT_FOUND: "not-found",
  NO_SUCH_ROUND_QUESTION: "not-found",
  NAME_REQUIRED: "invalid",
  NAME_NOT_SHOWABLE: "invalid",
  CHOICE_REQUIRED: "invalid",
  CHOICE_NOT_SHOWN: "invalid",
  ANSWER_REQUIRED: "invalid",
  ANSWER_NOT_SHOWABLE: "invalid",
  ONE_WORD_ANSWER: "invalid",
  TOO_MANY_STREAMS: "rate-limited",
  JOIN_CODE_REQUIRED: "invalid",
  JOIN_CODE_INVALID: "invalid",
  NOT_A_JOIN_CODE: "not-found",
  NO_ROUND_WITH_CODE: "not-found",
  ROOM_SCREEN_NOT_OPEN: "not-found",
};

export const ERROR_CODES = Object.keys(ERROR_KINDS) as ErrorCode[];

/** An error value from a code and its parameters (none for a code that needs none). */
export function coded<C extends ErrorCode>(code: C, ...[params]: ParamsArgument<C>): CodedError {
  return { code, params: params ?? {} } as CodedError;
}
