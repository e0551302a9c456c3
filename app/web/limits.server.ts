import type { DomainError } from "~/domain/errors";
import {
  addressSubject,
  type LimitSubject,
  memberSubject,
  participantSubject,
  withinLimit,
} from "~/domain/limits/rate-limit.server";
import type { LimitRule } from "~/domain/limits/rules";
import { appSecret, database } from "~/services.server";
import { domainProblem } from "./http.server";

/** Whom a request counts for: a member by account id, a live round's participant by theirs, anyone else by address. */
export type Requester = { userId: string } | { participantId: string } | { ip: string | null };

function subjectOf(requester: Requester): LimitSubject {
  if ("userId" in requester) return memberSubject(requester.userId);
  if ("participantId" in requester) return participantSubject(requester.participantId);
  return addressSubject(requester.ip, appSecret());
}

/** Counts one request under the rule; the failure a page shows when it is over the limit, else null. */
export async function overLimit(rule: LimitRule, requester: Requester): Promise<DomainError | null> {
  const { db } = await database();
  const outcome = await withinLimit(db, rule, subjectOf(requester));
  return outcome.ok ? null : outcome.error;
}

/** The same for API routes and resource loaders: over the limit throws the 429 answer with Retry-After. */
export async function requireWithinLimit(rule: LimitRule, requester: Requester): Promise<void> {
  const limited = await overLimit(rule, requester);
  if (limited) throw domainProblem(limited);
}

/** The client's address as limits count it: a keyed hash of its network, never the address. */
export function addressOf(ip: string | null): string {
  return addressSubject(ip, appSecret());
}
