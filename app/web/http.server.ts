import { type AppLoadContext, data } from "react-router";
import type { ZodType } from "zod";
import type { DomainError, DomainErrorCode } from "~/domain/errors";
import { isUuid } from "~/shared/ids";

/** The one place a domain failure becomes an HTTP status. */
const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  DUPLICATE: 409,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  API_KEY_MISSING: 503,
  API_ERROR: 502,
  NETWORK_ERROR: 504,
  GENERATION_ERROR: 502,
  INVALID_RESPONSE: 502,
};

export function statusOf(error: DomainError): number {
  return STATUS_BY_CODE[error.code];
}

/** A domain failure as an API answer: its message, its code, whether a retry may help (and when, as Retry-After). */
export function domainProblem(error: DomainError, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  if (error.retryAfterSeconds !== undefined) merged.set("Retry-After", String(error.retryAfterSeconds));
  return problem(statusOf(error), error.message, error.code, { retryable: error.retryable }, merged);
}

/** The body of every API error: `{error, code, retryable}` plus anything specific, never a stack. */
export function problemBody(error: string, code: string, extra: Record<string, unknown> = {}) {
  return { error, code, retryable: false, ...extra };
}

/** An API error answer (problemBody) with its status. */
export function problem(
  status: number,
  error: string,
  code: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
): Response {
  return Response.json(problemBody(error, code, extra), { status, headers });
}

/**
 * What a page's loader or action throws when the page cannot be shown: the
 * route's error boundary shows `message` (a sentence for the person, never
 * internals) under `status`, inside the site's header and footer.
 */
export function pageError(status: number, message?: string) {
  return data(message ?? null, { status });
}

/** A domain failure as a page error: its message, under the status of its code. */
export function domainPageError(error: DomainError) {
  return pageError(statusOf(error), error.message);
}

export function methodNotAllowed(allow: string): Response {
  return problem(405, `Method not allowed: use ${allow}`, "METHOD_NOT_ALLOWED", {}, { Allow: allow });
}

/**
 * Validates the JSON body, parsed once before routing (the load context's
 * `body`). The error names the field at fault, as in "meetingContext must
 * be one of check-in, ...".
 */
export function parseJsonBody<T>(
  context: AppLoadContext,
  schema: ZodType<T>,
): { ok: true; data: T } | { ok: false; response: Response } {
  if (context.body.kind !== "json") {
    return { ok: false, response: problem(400, "The request body must be JSON", "INVALID_INPUT") };
  }
  const body = context.body.value;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: problem(400, "The request body must be a JSON object", "INVALID_INPUT") };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  // Messages that already name their field ("Invalid question: ...", "seenIds must ...") are kept as they are.
  const message = issue?.message.includes(String(issue.path.at(-1) ?? "\0"))
    ? issue.message
    : `${field ?? "body"}: ${issue?.message ?? "is invalid"}`;
  return { ok: false, response: problem(400, message, "INVALID_INPUT", { field }) };
}

/** The submitted form, parsed once before routing; an action without one gets an empty form. */
export function formBody(context: AppLoadContext): FormData {
  return context.body.kind === "form" ? context.body.value : new FormData();
}

/** A question id from the path, lower-cased; anything but a UUID is a 400 before the database is asked. */
export function questionIdParam(value: string | undefined): string {
  if (!value || !isUuid(value)) throw problem(400, "Invalid questionId: must be a UUID", "INVALID_INPUT");
  return value.toLowerCase();
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
