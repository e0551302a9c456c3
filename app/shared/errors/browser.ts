import type { ErrorCode } from "./codes";

/**
 * The errors a page's script says itself, when the server's answer never
 * came or could not be read (or, for a reset link, before asking): codes
 * of the catalogue with their English
 * words, kept apart so a script carries these few sentences and not the
 * whole catalogue. The English catalogue says them in the same words.
 */
export const BROWSER_ERRORS = {
  NETWORK_ERROR: "Network error. Please check your connection and try again.",
  NO_CONNECTION: "No connection. Check your network and try again.",
  INVALID_RESPONSE: "Invalid response from server",
  UNREADABLE_ANSWER: "Something went wrong",
  TOO_MANY_TRIES: "Too many tries. Please wait a moment.",
  GENERATION_FAILED: "Failed to generate question",
  AFRESH_FAILED: "Could not start this choice afresh. Please try again.",
  AI_UNANSWERED: "The AI could not answer just now. Please try again.",
  // The reset page says it from its own address too, before any answer.
  RESET_LINK_EXPIRED:
    "This reset link has expired or was already used. Ask for a new one with 'Forgot password?' on the sign-in page.",
} as const satisfies Partial<Record<ErrorCode, string>>;
