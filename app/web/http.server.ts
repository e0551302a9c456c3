import { type AppLoadContext, data } from "react-router";
import type { DomainError } from "~/domain/errors";
import { type CodedError, coded, ERROR_KINDS, type ErrorCode, type ErrorKind } from "~/shared/errors/codes";
import { englishMessage } from "~/shared/errors/english";

/** The one place an error's class becomes an HTTP status. */
const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  "method-not-allowed": 405,
  conflict: 409,
  "too-large": 413,
  "unsupported-media-type": 415,
  "rate-limited": 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
  "upstream-timeout": 504,
};

/** The HTTP status of an error, from its code. */
export function statusOf(error: { code: ErrorCode }): number {
  return STATUS_BY_KIND[ERROR_KINDS[error.code]];
}

/** A domain failure as an API answer: its code and parameters, its words, whether a retry may help (and when, as Retry-After). */
export function domainProblem(error: DomainError, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  if (error.retryAfterSeconds !== undefined) merged.set("Retry-After", String(error.retryAfterSeconds));
  return problem(error.coded, { retryable: error.retryable }, merged);
}

/**
 * The body of every API error: `{error, code, params, retryable}` plus
 * anything specific, never a stack. `error` is the English catalogue's
 * sentence, which existing clients show; `code` and `params` let any other
 * caller say it in its own words.
 */
export function problemBody(error: CodedError, extra: Record<string, unknown> = {}) {
  // A refused field is named at the top too, where clients have always read it.
  const field = error.code === "INVALID_INPUT" && error.params.field ? { field: error.params.field } : {};
  return { error: englishMessage(error), code: error.code, params: error.params, retryable: false, ...field, ...extra };
}

/** An API error answer (problemBody) under the status of its code. */
export function problem(error: CodedError, extra: Record<string, unknown> = {}, headers?: HeadersInit): Response {
  return Response.json(problemBody(error, extra), { status: statusOf(error), headers });
}

/**
 * What a page's loader or action throws when the page cannot be shown: the
 * route's error boundary shows the error in English under its status,
 * inside the site's header and footer.
 */
export function pageError(error: CodedError) {
  return data(englishMessage(error), { status: statusOf(error) });
}

/** The not-found page for an address that names nothing: no reason beyond that. */
export function notFoundPage() {
  return data(null, { status: 404 });
}

/** A domain failure as a page error. */
export function domainPageError(error: DomainError) {
  return pageError(error.coded);
}

export function methodNotAllowed(allow: string): Response {
  return problem(coded("METHOD_NOT_ALLOWED", { allow }), {}, { Allow: allow });
}

/** The JSON object the request carried, parsed once before routing; anything else is the error to answer. */
export function jsonObjectBody(
  context: AppLoadContext,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: CodedError } {
  if (context.body.kind !== "json") return { ok: false, error: coded("BODY_NOT_JSON") };
  const body = context.body.value;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, error: coded("BODY_NOT_OBJECT") };
  }
  return { ok: true, value: body as Record<string, unknown> };
}

/** The submitted form, parsed once before routing; an action without one gets an empty form. */
export function formBody(context: AppLoadContext): FormData {
  return context.body.kind === "form" ? context.body.value : new FormData();
}

/**
 * Whether the client already holds this version (If-None-Match names the
 * ETag, or `*`), so a 304 without a body will do. The comparison is weak, as
 * the header's rules ask: `W/"x"` matches `"x"`.
 */
export function clientHasVersion(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
