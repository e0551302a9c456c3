import {
  type CodedError,
  ERROR_KINDS,
  type ErrorCode,
  type ErrorKind,
  type ErrorParams,
  type ParamsArgument,
} from "~/shared/errors/codes";
import { englishMessage } from "~/shared/errors/english";

type Retry = {
  /** Whether trying the same request again later may succeed. */
  retryable?: boolean;
  /** When it may succeed, if that is known: sent as Retry-After. */
  retryAfterSeconds?: number;
};

/**
 * The one shape of every failure the domain reports: a typed code with its
 * parameters (app/shared/errors/codes.ts). Its message is the English
 * catalogue's rendering of them, for logs and callers that show English;
 * other callers render the code in their own words.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  override name = "DomainError";
  readonly code: C;
  readonly params: ErrorParams[C];
  readonly retryable: boolean;
  readonly retryAfterSeconds?: number;
  constructor(error: Extract<CodedError, { code: C }>, retry: Retry = {}) {
    super(englishMessage(error));
    this.code = error.code;
    this.params = error.params as ErrorParams[C];
    this.retryable = retry.retryable ?? false;
    if (retry.retryAfterSeconds !== undefined) this.retryAfterSeconds = retry.retryAfterSeconds;
  }

  /** The class of the failure (not found, conflict...), which decides an HTTP status. */
  get kind(): ErrorKind {
    return ERROR_KINDS[this.code];
  }

  /** The code and parameters, without the English words: what an API body, a log or a chat message carries. */
  get coded(): CodedError {
    return { code: this.code, params: this.params } as CodedError;
  }
}

/** A domain operation's answer: its result, or the failure the caller shows. */
export type Outcome<T extends object = object> = ({ ok: true } & T) | { ok: false; error: DomainError };

/** A failed Outcome with the code and its parameters. */
export function failure<C extends ErrorCode>(
  code: C,
  ...[params]: ParamsArgument<C>
): { ok: false; error: DomainError } {
  return { ok: false, error: new DomainError({ code, params: params ?? {} } as Extract<CodedError, { code: C }>) };
}

/** The same failure, with whether and when trying again may help. */
export function retryableFailure<C extends ErrorCode>(
  code: C,
  params: ErrorParams[C],
  retry: Retry,
): { ok: false; error: DomainError } {
  return { ok: false, error: new DomainError({ code, params } as Extract<CodedError, { code: C }>, retry) };
}
