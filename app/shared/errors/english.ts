import { DIRECTED_AI_IS_PREMIUM } from "~/shared/directed-ai";
import { BROWSER_ERRORS } from "./browser";
import { type CodedError, coded, type ErrorCatalogue, type ErrorCode, type ParamsArgument } from "./codes";

/** "a", "a or b", "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** "40 seconds", "1 minute", "12 minutes": how long to wait, rounded up. */
export function waitPhrase(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? "1 second" : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

const QUOTA_SPENT =
  "You have used your new AI questions for now: they renew 24 hours after the first one. This one comes from our library";

const ACCOUNT_FAILED = {
  "sign-in": "Failed to sign in",
  "sign-up": "Failed to create account",
  "send-reset": "Failed to send reset password email",
  "reset-password": "Failed to reset password",
  "change-password": "Failed to change password",
  "change-email": "Failed to change email",
  "start-two-factor": "Failed to start two-factor setup",
  "verify-code": "That code did not work. Please try again.",
  "stop-two-factor": "Failed to turn off two-factor",
  "sign-out-device": "Failed to sign out that device",
  "delete-account": "Failed to delete your account",
} as const;

const CALLERS = {
  visitor: "without an account",
  member: "while signed in",
  admin: "while signed in",
  token: "with an API token",
  chat: "from a chat",
  job: "by a background job",
} as const;

const TOKEN_SCOPES = {
  read: "This API token may not read: it needs the read scope",
  write: "This API token may not make changes: it needs the write scope",
  member: "A team's API token acts for its team, not for a member: use a member's personal token for this",
  team: "This API token does not act for that team",
} as const;

const HOST_ONLY = {
  act: "Only the host of this round can do this",
  "open-host-screen": "Only the host of this round can open its host screen",
  "open-room-screen": "Only the host of this round can open its room screen",
  delete: "Only the host of this round can delete it",
  "hide-answers": "Only the host of this round can hide answers",
} as const;

/** Every code in English: the words pages, the API's `error` and e-mails show. */
export const ENGLISH: ErrorCatalogue = {
  // A check's sentence that does not name its field is prefixed with it: "direction: ..." ("body" for the whole).
  INVALID_INPUT: ({ field, problem }) =>
    problem.includes(field?.split(".").at(-1) ?? "\0") ? problem : `${field ?? "body"}: ${problem}`,
  QUESTION_TEXT_INVALID: ({ problem }) => problem,
  BODY_NOT_JSON: () => "The request body must be JSON",
  BODY_NOT_OBJECT: () => "The request body must be a JSON object",
  PAYLOAD_TOO_LARGE: ({ megabytes }) => `The request body is larger than ${megabytes} MB`,
  BODY_ENCODING_UNSUPPORTED: () => "The request body's content encoding is not supported",
  BODY_CHARSET_UNSUPPORTED: () => "The request body's character set is not supported",
  JSON_BODY_EXPECTED: () => "Send the request body as JSON, with Content-Type: application/json",
  FORM_BODY_EXPECTED: () => "Send this form as application/x-www-form-urlencoded or multipart/form-data",
  FORM_MALFORMED: () => "The form body is malformed and could not be read",
  TEXT_HAS_NUL: () => "Text in the request contains a NUL character",
  TEXT_HAS_NUL_OR_SURROGATE: () => "Text in the request contains a NUL character or an unpaired surrogate",
  ADDRESS_HAS_CONTROL_CHARACTER: () => "The address contains a control character, which no page accepts",
  ADDRESS_MALFORMED: () => "The address has a malformed percent-encoding",
  METHOD_NOT_ALLOWED: ({ allow }) => `Method not allowed: use ${allow}`,
  FORBIDDEN_ORIGIN: () => "This request came from another site: changes are accepted only from CircleUp's own pages",
  UNKNOWN_ACTION: () => "Unknown action",
  INTENT_UNKNOWN: ({ allowed }) => `intent must be ${orList(allowed)}`,
  SERVICE_UNAVAILABLE: () => "CircleUp cannot reach its database right now. Please try again in a few seconds.",
  NOT_FOUND: () => "Not found",
  BAD_REQUEST: () => "Bad request",
  INTERNAL_ERROR: () => "Something went wrong. Please try again.",
  UNREADABLE_ANSWER: () => BROWSER_ERRORS.UNREADABLE_ANSWER,
  NO_CONNECTION: () => BROWSER_ERRORS.NO_CONNECTION,
  TOO_MANY_TRIES: () => BROWSER_ERRORS.TOO_MANY_TRIES,
  GENERATION_FAILED: () => BROWSER_ERRORS.GENERATION_FAILED,
  AFRESH_FAILED: () => BROWSER_ERRORS.AFRESH_FAILED,
  AI_UNANSWERED: () => BROWSER_ERRORS.AI_UNANSWERED,
  UNAUTHENTICATED: () => "Please sign in to continue",
  CALLER_NOT_ALLOWED: ({ actor }) => `This cannot be done ${CALLERS[actor]}`,
  ADMIN_REQUIRED: () => "Admin access required",
  RATE_LIMITED: ({ what, retryAfterSeconds }) => `Too many ${what}: try again in ${waitPhrase(retryAfterSeconds)}`,
  TOKEN_INVALID: () => "This API token is not valid: send Authorization: Bearer followed by a token made on CircleUp",
  TOKEN_REVOKED: () => "This API token has been revoked",
  TOKEN_EXPIRED: () => "This API token has expired",
  TOKEN_SCOPE_MISSING: ({ scope }) => TOKEN_SCOPES[scope],
  TOKEN_NOT_FOUND: () => "API token not found",
  TOKENS_TOO_MANY: ({ max }) => `You can keep at most ${max} API tokens here: revoke one first`,
  QUESTION_NOT_FOUND: () => "Question not found",
  QUESTION_ALREADY_SUBMITTED: () => "You have already submitted this question",
  QUESTION_ALREADY_PUBLISHED: () => "This question is already in the library",
  NO_QUESTION_FITS: () => "No question fits this choice yet.",
  EXPORT_FORMAT_UNKNOWN: ({ formats }) => `format must be one of ${formats.join(", ")}`,
  PLAN_NOT_FOUND: () => "Plan not found",
  PLAN_QUESTION_GONE: () => "A question in this plan no longer exists. Please pick another one.",
  QUOTA_EXCEEDED: ({ account }) =>
    account
      ? `${QUOTA_SPENT}, and library questions stay unlimited.`
      : `${QUOTA_SPENT}. Library questions stay unlimited, and a free account gets more AI questions.`,
  API_KEY_MISSING: ({ directed }) =>
    directed
      ? "The AI is not configured on this server, so it cannot write questions to your direction here."
      : "DeepSeek API key not configured",
  API_ERROR: ({ reason, detail }) => {
    if (reason === "configuration") return "API configuration error. Please check settings.";
    if (reason === "checkout-page") return "Stripe did not return a checkout page; please try again";
    return detail || BROWSER_ERRORS.GENERATION_FAILED;
  },
  NETWORK_ERROR: () => BROWSER_ERRORS.NETWORK_ERROR,
  GENERATION_ERROR: () => "Failed to generate question. Please try again.",
  INVALID_RESPONSE: ({ directed }) =>
    directed
      ? "The AI did not write a question that fits our content guide. Nothing was saved: please try again, or change the context."
      : BROWSER_ERRORS.INVALID_RESPONSE,
  UNKNOWN_AI_REQUEST: () => "Unknown AI request: use candidates, rewrite or follow-up",
  SOURCE_QUESTION_NOT_FOUND: () => "This question does not exist, or you cannot use it",
  DIRECTED_AI_IS_PREMIUM: () => DIRECTED_AI_IS_PREMIUM,
  OWN_ADMIN_ACCESS: () => "You cannot remove your own admin access",
  USER_NOT_FOUND: () => "User not found",
  NO_ACCOUNT_WITH_EMAIL: ({ email }) => `No account uses ${email}`,
  NO_NEWS_RECIPIENTS: () => "No verified account has asked for product news: nothing was sent.",
  // better-auth says why in its own words where it can; otherwise what failed.
  ACCOUNT_REFUSED: ({ action, detail }) => detail || ACCOUNT_FAILED[action],
  AUTH_TOO_MANY_ATTEMPTS: ({ retryAfterSeconds }) =>
    `Too many attempts. Please wait ${retryAfterSeconds ? `${retryAfterSeconds} seconds` : "a minute"} and try again.`,
  SIGN_IN_THROTTLED: ({ what, retryAfterSeconds }) =>
    `Too many ${what}: try again in ${waitPhrase(retryAfterSeconds)}, or reset your password`,
  SIGN_IN_EXPIRED: () => "This sign-in has expired. Please sign in again.",
  RESET_LINK_EXPIRED: () => BROWSER_ERRORS.RESET_LINK_EXPIRED,
  EMAIL_NOT_VERIFIED: () =>
    "Please verify your email address before signing in. Open the link we e-mailed you, or send a new one.",
  ALREADY_YOUR_EMAIL: () => "That is already your address.",
  SESSION_ALREADY_ENDED: () => "That session has already ended.",
  DELETE_NOT_CONFIRMED: () => 'Type "delete" to confirm.',
  PASSWORD_REQUIRED: () => "Please enter your password",
  EMAIL_OR_PHONE_REQUIRED: () => "You must provide either an email or phone number and a type",
  CONTACT_RATE_LIMITED: () =>
    "You have sent several messages in a short time. Please wait a few minutes and try again.",
  UNSUBSCRIBE_LINK_INVALID: () =>
    "This unsubscribe link is not valid. Check that the whole link was copied from the mail.",
  PLAN_INTERVAL_NOT_OFFERED: ({ interval }) =>
    `Premium is not offered ${interval === "year" ? "yearly" : "monthly"} here`,
  ALREADY_PREMIUM: () => "You have Premium already: change or cancel it with Manage billing",
  NOTHING_TO_MANAGE: () => "There is nothing to manage yet: choose a Premium plan first",
  PLAN_CHOICE_REQUIRED: () => "Choose a plan or Manage billing",
  PREMIUM_NOT_FOR_SALE: () => "Premium cannot be bought on this server",
  STRIPE_UNREACHABLE: () => "Stripe did not answer. Please try again in a minute.",
  PAYMENTS_NOT_SET_UP: () => "Payments are not set up on this server",
  STRIPE_SIGNATURE_MISSING: () => "The Stripe-Signature header is missing",
  STRIPE_SIGNATURE_MALFORMED: () => "The Stripe-Signature header is malformed: it needs t=<seconds> and v1=<signature>",
  STRIPE_SIGNATURE_MISMATCH: () => "The Stripe-Signature header does not match the body and the signing secret",
  STRIPE_EVENT_DEFERRED: () => "The event could not be handled now; it will be taken when Stripe sends it again",
  TEAM_NOT_FOUND: () => "This team does not exist, or you are not in it",
  TEAM_ROLE_CANNOT: ({ role }) => `A team ${role} cannot do this`,
  TEAM_NAME_MISMATCH: ({ teamName }) => `Type the team's name, ${teamName}, to delete it`,
  TEAM_ALREADY_HAS_QUESTION: () => "Your team already has this question",
  QUESTION_NOT_FOR_TEAM: () => "This question is not available to the team",
  ALREADY_IN_TEAM: ({ email }) => `${email} is already in this team`,
  NOT_A_MEMBER: () => "That person is not in this team",
  OWNER_ROLE_FIXED: () => "The owner's role changes only by handing over ownership",
  OWNER_CANNOT_BE_REMOVED: () => "The owner cannot be removed; hand over ownership first",
  OWNER_CANNOT_LEAVE: () => "Hand over ownership to another member before you leave",
  ALREADY_OWNER: () => "You already own this team",
  NO_LONGER_OWNER: () => "You no longer own this team",
  INVITATION_UNKNOWN: () =>
    "This invitation does not exist. Check the link, or ask the person who invited you for a new one.",
  INVITATION_CLOSED: ({ state, days }) => {
    if (state === "expired")
      return `This invitation has expired (they last ${days} days). Ask the person who invited you for a new one.`;
    if (state === "used")
      return "This invitation has been used already: each one lets one person join. Ask for a new one.";
    return "This invitation was withdrawn by the team's owner.";
  },
  INVITATION_GONE: () => "That invitation is used, withdrawn or expired already",
  INVITATION_FOR_ANOTHER: ({ maskedEmail }) =>
    `This invitation is for ${maskedEmail}. Sign in with that address (verified) to accept it.`,
  SERIES_NOT_SAVED: () => "The series could not be saved: please try again",
  SERIES_NOT_FOUND: () => "This series does not exist in this team",
  SKIP_NEEDS_HOSTS: ({ minimum }) => `Skipping needs at least ${minimum} people in the rotation`,
  NO_OTHER_QUESTION: () => "No other question fits this series right now",
  MEETING_NOT_FOUND: () => "Meeting not found",
  TEAM_MEETING_NOT_FOUND: () => "This meeting does not exist in this team",
  CHAT_NOT_CONNECTED: () => "This team has no chat workspace connected; connect one first",
  CHAT_CHANNEL_UNKNOWN: () => "Pick one of the channels listed: the app sees no channel with that id",
  CHAT_LINK_INVALID: () => "This connect link is not one CircleUp made; ask the app in your channel for a new one",
  CHAT_LINK_EXPIRED: () => "This connect link is older than an hour; ask the app in your channel for a new one",
  MEETING_NOT_STARTED: () => "The meeting could not be started: please try again",
  MEETING_ROUND_TAKEN: () => "This meeting has had its team round already",
  ROUND_NEEDS_QUESTION: () => "Choose at least one question for the round",
  ROUND_OUT_OF_REACH: () => "No round has this code, or you have not joined it: check the code with your host",
  ROUND_GONE: () => "This round has ended",
  ROUND_ENDED: () => "This round has ended",
  ROUND_FULL: ({ maxParticipants }) => `This round is full: it has room for ${maxParticipants} people`,
  ROUND_NO_FREE_CODE: () => "No free join code was found: please try again",
  ROUND_QUESTION_UNAVAILABLE: ({ number }) => `Question ${number} is not available any more: remove it and start again`,
  ROUND_QUESTION_HAS_NO_CHOICES: ({ number }) =>
    `Question ${number} has no choices to pick from: choose another answer mode`,
  ROUND_MOVED_ON: () => "The round has moved on to another question: your screen will catch up",
  ROUND_LAST_QUESTION: () => "This is the last question of the round",
  ROUND_FIRST_QUESTION: () => "This is the first question",
  ROUND_LOCKED: () => "The host has locked answers to this question",
  ROUND_NOT_PER_PERSON: () => "This round asks everyone the same question",
  OWN_QUESTIONS_USED_UP: () =>
    "Everyone here already has one of the questions that fit this round: ask the host to start another round",
  JOIN_RACE: () => "Many people joined at the same moment: please try again",
  QUESTION_NOT_AT_POSITION: () => "This is not the question asked at this position: your screen will catch up",
  NOT_YOUR_QUESTION: () => "This question is someone else's: you can answer only your own question",
  HOST_MOVED_ON: () => "The host has moved on to another question",
  HOST_ONLY: ({ action }) => HOST_ONLY[action],
  TIMER_REQUIRED: () => 'action "timer" needs a timer',
  ANSWERS_NOT_SHOWN: () => "These answers are not shown yet",
  ANSWER_NOT_IN_ROUND: () => "This answer is not part of this round",
  RECAP_NOT_FOUND: () => "This recap does not exist or has been deleted",
  NO_SUCH_ROUND_QUESTION: () => "This round has no such question",
  NAME_REQUIRED: () => "Please give a name the host will see",
  NAME_NOT_SHOWABLE: () => "Your name holds characters that cannot be shown",
  CHOICE_REQUIRED: () => "Choose one of the answers",
  CHOICE_NOT_SHOWN: () => "choice must be one of the answers shown",
  ANSWER_REQUIRED: () => "Write an answer, or pass",
  ANSWER_NOT_SHOWABLE: () => "Your answer holds characters that cannot be shown",
  ONE_WORD_ANSWER: ({ maxCharacters }) => `One word, please: at most ${maxCharacters} characters`,
  TOO_MANY_STREAMS: () => "Too many open screens from your network: close some and try again",
  JOIN_CODE_REQUIRED: () => "Please type the code from the host's screen.",
  JOIN_CODE_INVALID: ({ length, typed }) =>
    typed === length
      ? "That is not a join code: codes never use 0, O, 1, I, L, 5, S, 2, Z, 8 or B."
      : `A join code has ${length} letters and numbers; this one has ${typed}.`,
  NOT_A_JOIN_CODE: () => "A join code has six letters and numbers",
  NO_ROUND_WITH_CODE: () => "No round has this code",
  ROOM_SCREEN_NOT_OPEN: () =>
    "This room screen opens from the host's screen, or with the room link the host copies from it.",
};

/** A code's English words, from the code and its parameters. */
export function say<C extends ErrorCode>(code: C, ...params: ParamsArgument<C>): string {
  return englishMessage(coded(code, ...params));
}

/** An error in English, from its code and parameters. */
export function englishMessage(error: CodedError): string {
  return (ENGLISH[error.code] as (params: CodedError["params"]) => string)(error.params);
}
