import type { ZodType } from "zod";
import type { Outcome } from "~/domain/errors";
import type { LimitRule } from "~/domain/limits/rules";
import type { TeamAccess } from "~/domain/teams/access.server";
import type { TokenScope } from "~/shared/api-tokens";
import type { ErrorCode } from "~/shared/errors/codes";
import type { TeamAbility } from "~/shared/teams";
import type { AcceptedActor, Actor } from "./actors";
import type { UseCaseDeps } from "./deps";

/** Whom a limit counts for one call, or null when this call counts for nobody. */
export type LimitKey = { member: string } | { participant: string } | { address: string | null };

export type LimitDeclaration<I> = {
  rule: LimitRule;
  /**
   * Who is counted: by default the actor (a member by account, anyone else
   * by the network of their address); "address" counts members by address
   * too; a function decides per call.
   */
  by?: "actor" | "address" | ((actor: Actor, input: I) => LimitKey | null);
  /** Counted before the input is checked, so malformed calls spend the limit too. */
  countsInvalidInput?: boolean;
};

export type TeamDeclaration<I> = {
  /** What the actor must be allowed to do in the team (the roles' abilities, app/shared/teams.ts). */
  ability: TeamAbility;
  /** The input field that names the team; a call without it names none, and nothing is checked. */
  field: Extract<keyof I, string>;
};

/** What run() is told besides the actor and the input: the team access the team step granted. */
export type UseCaseScope = { team: TeamAccess | null };

/**
 * One thing a caller can ask CircleUp to do, whoever the caller is. Its
 * declaration is read by every adapter (pages, /api/v1, chat, jobs) and by
 * the API's description; run() is the only place that knows the order of
 * the domain's steps.
 */
export type UseCase<I = unknown, O = unknown> = {
  /** Unique, "area.verb-noun": logs and the API's description name it. */
  name: string;
  /** One sentence: what the caller gets done. */
  summary: string;
  input: ZodType<I, unknown>;
  /** What a successful call answers, as the API's description shows it. */
  output: ZodType<O, unknown>;
  /** The actor kinds let in; "member" lets admins in too. */
  actors: readonly AcceptedActor[];
  /**
   * The scope an API token needs: `read` when the call changes nothing the
   * member keeps, `write` otherwise. Declared by every use case that lets
   * tokens in (a unit test holds it); one that does not is taken as `write`.
   */
  scope?: TokenScope;
  team?: TeamDeclaration<I>;
  limit?: LimitDeclaration<I>;
  /** The codes run() may answer, besides the steps' own (see STEP_ERRORS). */
  errors: readonly ErrorCode[];
  run(deps: UseCaseDeps, actor: Actor, input: I, scope: UseCaseScope): Promise<Outcome<{ value: O }>>;
};

/** A use case whose input and output types are not known where it is handled (registries, adapters). */
// biome-ignore lint/suspicious/noExplicitAny: a use case of any input is still a use case; adapters read its schemas
export type AnyUseCase = UseCase<any, any>;

/** What a use case answers when it succeeds. */
export type OutputOf<U extends AnyUseCase> = U extends UseCase<infer _I, infer O> ? O : never;

/** Declares a use case; the types of run()'s input and answer follow from the schemas. */
export function defineUseCase<I, O>(useCase: UseCase<I, O>): UseCase<I, O> {
  return useCase;
}

/** run()'s successful answer. */
export function done<O>(value: O): { ok: true; value: O } {
  return { ok: true, value };
}
