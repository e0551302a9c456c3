import type { ZodError } from "zod";
import type { CodedError } from "~/shared/errors/codes";

/**
 * A failed check as INVALID_INPUT, naming the field at fault, as in
 * "meetingContext must be one of check-in, ...": the schema's first issue.
 * The sentence is the schema's own; `field` lets a form put it beside the
 * field, where the English catalogue prefixes a sentence that does not say
 * which field it is about.
 */
export function invalidInput(error: ZodError): Extract<CodedError, { code: "INVALID_INPUT" }> {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || undefined;
  const problem = issue?.message ?? "is invalid";
  return { code: "INVALID_INPUT", params: field ? { field, problem } : { problem } };
}
