import { recordTokenRefusal } from "~/domain/accounts/api-tokens.server";
import { DomainError, failure, type Outcome } from "~/domain/errors";
import {
  addressSubject,
  chatSubject,
  type LimitSubject,
  memberSubject,
  participantSubject,
  tokenSubject,
  withinLimit,
} from "~/domain/limits/rate-limit.server";
import { LIMITS } from "~/domain/limits/rules";
import { accessOf, type TeamAccess, teamAccess } from "~/domain/teams/access.server";
import { TEAM_TOKEN_ABILITIES } from "~/shared/api-tokens";
import type { CodedError, ErrorCode } from "~/shared/errors/codes";
import { isUuid } from "~/shared/ids";
import { type Actor, addressOf, signedInUser, type TokenActor } from "./actors";
import type { UseCaseDeps } from "./deps";
import type { AnyUseCase, LimitKey, UseCase } from "./use-case";
import { invalidInput } from "./validation";

/** The input as the adapter read it: the value, or why it could not be read (a body that is not JSON). */
export type RawInput = { ok: true; value: unknown } | { ok: false; error: CodedError };

/**
 * The codes the steps themselves answer, whatever the use case: a caller
 * refused, input refused, a team refused, a limit reached. A use case
 * declares only the codes its own run() adds.
 */
export const STEP_ERRORS = [
  "UNAUTHENTICATED",
  "ADMIN_REQUIRED",
  "CALLER_NOT_ALLOWED",
  "INVALID_INPUT",
  "BODY_NOT_JSON",
  "BODY_NOT_OBJECT",
  "TEAM_NOT_FOUND",
  "TEAM_ROLE_CANNOT",
  "RATE_LIMITED",
  "TOKEN_SCOPE_MISSING",
] as const satisfies readonly ErrorCode[];

/** Why this actor may not ask for the use case at all, or null. */
export function actorRefusal(
  useCase: Pick<AnyUseCase, "actors">,
  actor: Actor,
): { ok: false; error: DomainError } | null {
  const { actors } = useCase;
  if (actors.includes(actor.kind) || (actor.kind === "admin" && actors.includes("member"))) return null;
  const forAccounts = actors.includes("member") || actors.includes("admin");
  if (actor.kind === "visitor" && forAccounts) return failure("UNAUTHENTICATED");
  if (actor.kind === "member" && actors.includes("admin")) return failure("ADMIN_REQUIRED");
  return failure("CALLER_NOT_ALLOWED", { actor: actor.kind });
}

function subjectOf(key: LimitKey, secret: string): LimitSubject {
  if ("member" in key) return memberSubject(key.member);
  if ("participant" in key) return participantSubject(key.participant);
  return addressSubject(key.address, secret);
}

/** Whom a call counts for when the use case does not say: a member by account, a chat user by theirs, anyone else by address. */
function actorKey(actor: Actor): LimitKey | LimitSubject | null {
  const user = signedInUser(actor);
  if (user) return { member: user.id };
  if (actor.kind === "chat") return chatSubject(actor.platform, actor.workspace, actor.user);
  // Jobs are the server's own work: their queue bounds them, not a limit meant for people.
  if (actor.kind === "job") return null;
  return { address: actor.address };
}

async function counted<I>(
  useCase: UseCase<I, unknown>,
  deps: UseCaseDeps,
  actor: Actor,
  input: I,
): Promise<{ ok: false; error: DomainError } | null> {
  const { limit } = useCase;
  if (!limit) return null;
  const by = limit.by ?? "actor";
  const key = by === "actor" ? actorKey(actor) : by === "address" ? { address: addressOf(actor) } : by(actor, input);
  if (key === null) return null;
  const subject = typeof key === "string" ? key : subjectOf(key, deps.secret);
  const outcome = await withinLimit(deps.db, limit.rule, subject);
  return outcome.ok ? null : outcome;
}

/**
 * A token's own checks, before anything else: every call counts against the
 * token's limit (refused ones too, so a script in a loop is slowed even when
 * it is wrong), then the use case's scope. A refusal of scope is kept in the
 * audit log.
 */
async function tokenRefusal(useCase: AnyUseCase, deps: UseCaseDeps, actor: TokenActor) {
  const limited = await withinLimit(deps.db, LIMITS.apiTokens, tokenSubject(actor.tokenId));
  if (!limited.ok) return limited;
  const needed = useCase.scope ?? "write";
  if (!actor.scopes.includes(needed)) return tokenScopeMissing(useCase, deps, actor, needed);
  return null;
}

async function tokenScopeMissing(
  useCase: AnyUseCase,
  deps: UseCaseDeps,
  actor: TokenActor,
  scope: "read" | "write" | "member" | "team",
) {
  await recordTokenRefusal(deps.db, actor.tokenId, "TOKEN_SCOPE_MISSING", useCase.name);
  return failure("TOKEN_SCOPE_MISSING", { scope });
}

/**
 * Where a token may act in a team: a team token in its team only, a
 * personal token made for one team in that one; a team token with a
 * facilitator's abilities at most.
 */
async function tokenTeamRefusal(useCase: AnyUseCase, deps: UseCaseDeps, actor: Actor, teamId: string | undefined) {
  if (actor.kind !== "token") return null;
  const { subject } = actor;
  if (teamId === undefined) return subject.kind === "team" ? tokenScopeMissing(useCase, deps, actor, "member") : null;
  if (subject.teamId !== null && subject.teamId !== teamId) return tokenScopeMissing(useCase, deps, actor, "team");
  const ability = useCase.team?.ability ?? "view";
  if (subject.kind === "team" && !TEAM_TOKEN_ABILITIES.includes(ability)) {
    return failure("TEAM_ROLE_CANNOT", { role: "token" });
  }
  return null;
}

/** The team a call names in this field of its input, if it names one as text. */
function namedTeam(useCase: AnyUseCase, input: unknown): string | undefined {
  const field = useCase.team?.field;
  if (!field || typeof input !== "object" || input === null) return undefined;
  const value = (input as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

/** The actor's access to the team, as the team step decides it for every caller alike. */
async function teamAccessOf(
  useCase: AnyUseCase,
  deps: UseCaseDeps,
  actor: Actor,
  teamId: string,
): Promise<Outcome<{ access: TeamAccess }>> {
  const ability = useCase.team?.ability ?? "view";
  const user = signedInUser(actor);
  // Teams are their members': a visitor signs in first, whether or not the team exists; other callers are strangers.
  if (!user) return actor.kind === "visitor" ? failure("UNAUTHENTICATED") : failure("TEAM_NOT_FOUND");
  if (!isUuid(teamId)) return accessOf("", user.id, null, ability);
  const known = "membership" in actor ? actor.membership : undefined;
  if (known && known.teamId === teamId) return accessOf(teamId, user.id, known.membership, ability);
  return teamAccess(deps.db, teamId, user.id, ability);
}

/**
 * Runs a use case for an actor, in the one order every caller gets: who
 * asks and their place in the team the call names (refused callers learn
 * nothing else, their input not even whether it was right), the input, the
 * limit, then the use case's own run(). A team named by something other
 * than an id is left for the input's check. A use case whose limit counts
 * invalid input counts before the input is read.
 */
export async function executeUseCase<I, O>(
  useCase: UseCase<I, O>,
  deps: UseCaseDeps,
  actor: Actor,
  raw: RawInput,
): Promise<Outcome<{ value: O }>> {
  const refused = actorRefusal(useCase, actor);
  if (refused) return refused;
  if (actor.kind === "token") {
    const outOfScope = await tokenRefusal(useCase, deps, actor);
    if (outOfScope) return outOfScope;
  }
  const early = useCase.limit?.countsInvalidInput === true;
  if (early) {
    const over = await counted(useCase as UseCase<unknown, unknown>, deps, actor, raw.ok ? raw.value : undefined);
    if (over) return over;
  }
  const named = raw.ok ? namedTeam(useCase, raw.value) : undefined;
  let team: TeamAccess | null = null;
  if (named !== undefined && isUuid(named)) {
    const outside = await tokenTeamRefusal(useCase, deps, actor, named);
    if (outside) return outside;
    const checked = await teamAccessOf(useCase, deps, actor, named);
    if (!checked.ok) return checked;
    team = checked.access;
  }
  if (!raw.ok) return { ok: false, error: new DomainError(raw.error) };
  const parsed = useCase.input.safeParse(raw.value);
  if (!parsed.success) return { ok: false, error: new DomainError(invalidInput(parsed.error)) };
  const input = parsed.data;
  const teamId = namedTeam(useCase, input);
  if (!team) {
    const outside = await tokenTeamRefusal(useCase, deps, actor, teamId);
    if (outside) return outside;
  }
  if (!team && teamId !== undefined) {
    const checked = await teamAccessOf(useCase, deps, actor, teamId);
    if (!checked.ok) return checked;
    team = checked.access;
  }
  if (!early) {
    const over = await counted(useCase, deps, actor, input);
    if (over) return over;
  }
  return useCase.run(deps, actor, input, { team });
}

/** The same for a caller that holds the input itself (a job, a chat command, a test). */
export function callUseCase<I, O>(
  useCase: UseCase<I, O>,
  deps: UseCaseDeps,
  actor: Actor,
  input: unknown,
): Promise<Outcome<{ value: O }>> {
  return executeUseCase(useCase, deps, actor, { ok: true, value: input });
}
