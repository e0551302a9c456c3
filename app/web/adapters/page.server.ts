import { type AppLoadContext, data, redirect } from "react-router";
import type { DomainError } from "~/domain/errors";
import { coded, type ErrorCode, type ParamsArgument } from "~/shared/errors/codes";
import { englishMessage } from "~/shared/errors/english";
import { executeUseCase } from "~/use-cases/execute.server";
import type { AnyUseCase, OutputOf } from "~/use-cases/use-case";
import { domainPageError, statusOf } from "../http.server";
import { returnPath, signInPath } from "../session.server";
import { actorOf } from "./actor.server";
import { callDeps } from "./deps.server";

/** A failure as a form shows it: the sentence beside the form, and the status of the answer. */
export type FormFailure = { ok: false; error: DomainError; message: string; status: number };

/** Refusals of who is asking: a page answers them as a whole (sign in, the 403 or 404 page), never beside a form. */
const PAGE_REFUSALS = new Set<ErrorCode>([
  "UNAUTHENTICATED",
  "ADMIN_REQUIRED",
  "CALLER_NOT_ALLOWED",
  "TEAM_NOT_FOUND",
  "TEAM_ROLE_CANNOT",
]);

/**
 * How a form says an error: its English sentence, except a field's check,
 * whose own sentence stands beside the form without the field's name.
 */
export function formMessage(error: DomainError): string {
  const { coded } = error;
  return coded.code === "INVALID_INPUT" ? coded.params.problem : englishMessage(coded);
}

/** A refusal the page itself decides (an unknown intent), as a form shows it. */
export function formRefusal<C extends ErrorCode>(
  code: C,
  ...params: ParamsArgument<C>
): Pick<FormFailure, "message" | "status"> {
  const error = coded(code, ...params);
  return { message: englishMessage(error), status: statusOf(error) };
}

/** A failure answered as the form's error, `{error}` under its status: the shape most forms read. */
export function formError(failure: Pick<FormFailure, "message" | "status">) {
  return data({ error: failure.message }, { status: failure.status });
}

/**
 * Runs a use case for a page's form post, as the signed-in person (or the
 * visitor) of the request. A visitor where an account is needed is sent to
 * sign in and back; a refused member gets the page's 403 or 404 (thrown);
 * any other failure is answered for the form to show, its sentence from
 * the catalogue. `teamId`: the team the page is about, read with the
 * session in one statement.
 */
export async function runForPage<U extends AnyUseCase>(
  useCase: U,
  { request, context }: { request: Request; context: AppLoadContext },
  input: unknown,
  teamId?: string,
): Promise<{ ok: true; value: OutputOf<U> } | FormFailure> {
  const actor = await actorOf(request, context, teamId);
  const result = await executeUseCase(useCase, await callDeps(), actor, { ok: true, value: input });
  if (result.ok) return result;
  const { error } = result;
  if (error.code === "UNAUTHENTICATED") throw redirect(signInPath(returnPath(request)));
  if (PAGE_REFUSALS.has(error.code)) throw domainPageError(error);
  return { ok: false, error, message: formMessage(error), status: statusOf(error) };
}
