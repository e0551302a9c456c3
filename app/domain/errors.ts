import type { GenerationErrorCode } from "~/shared/questions";

/**
 * What went wrong, as a code the web edge maps to an HTTP status in one
 * place (app/web/http.server.ts). The generation codes are the public
 * generator contract's own.
 */
export type DomainErrorCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "CONFLICT"
  | "DUPLICATE"
  | "RATE_LIMITED"
  | GenerationErrorCode;

/** The one shape of every failure the domain reports: a message a person can read, and a code. */
export class DomainError extends Error {
  override name = "DomainError";
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Whether trying the same request again later may succeed. */
    readonly retryable = false,
    /** When it may succeed, if that is known: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A domain operation's answer: its result, or the failure the caller shows. */
export type Outcome<T extends object = object> = ({ ok: true } & T) | { ok: false; error: DomainError };

export function failure(code: DomainErrorCode, message: string, retryable = false): { ok: false; error: DomainError } {
  return { ok: false, error: new DomainError(code, message, retryable) };
}
