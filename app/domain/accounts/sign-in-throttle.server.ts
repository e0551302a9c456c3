import type { Database } from "~/db/database.server";
import {
  accountAddressSubject,
  accountSubject,
  consumeLimit,
  countedRecently,
  limitReached,
} from "~/domain/limits/rate-limit.server";
import { LIMITS, type LimitRule } from "~/domain/limits/rules";
import { englishMessage } from "~/shared/errors/english";

/**
 * Password guessing against one account, on top of better-auth's limit per
 * address. Only failures count, in request_limits, so every server of one
 * database sees them:
 * - per account and network (5 in 15 minutes): one guesser stops early, and
 *   the owner on another network is not touched;
 * - per account (30 in 15 minutes): guessing spread over many addresses
 *   stops too, except from a network the account signed in from in the last
 *   30 days, so a distributed attack cannot lock the owner out.
 */
export type SignInAttempt = { db: Database; secret: string; email: string; ip: string | null };

/** The sentence and wait for an attempt that must not be tried now, or null. */
export async function signInRefusal({
  db,
  secret,
  email,
  ip,
}: SignInAttempt): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const here = await limitReached(db, LIMITS.signInFailures, accountAddressSubject(email, ip, secret));
  if (!here.allowed) return refusal(LIMITS.signInFailures, here.retryAfterSeconds);
  const everywhere = await limitReached(db, LIMITS.signInFailuresPerAccount, accountSubject(email, secret));
  if (everywhere.allowed) return null;
  const known = await countedRecently(db, LIMITS.signInKnownNetwork, accountAddressSubject(email, ip, secret));
  return known ? null : refusal(LIMITS.signInFailuresPerAccount, everywhere.retryAfterSeconds);
}

function refusal(rule: LimitRule, retryAfterSeconds: number) {
  const message = englishMessage({
    code: "SIGN_IN_THROTTLED",
    params: { rule: rule.name, what: rule.what, retryAfterSeconds },
  });
  return { message, retryAfterSeconds };
}

/** Counts a wrong password for the account, here and everywhere. */
export async function recordFailedSignIn({ db, secret, email, ip }: SignInAttempt): Promise<void> {
  await consumeLimit(db, LIMITS.signInFailures, accountAddressSubject(email, ip, secret));
  await consumeLimit(db, LIMITS.signInFailuresPerAccount, accountSubject(email, secret));
}

/** Remembers the network the owner signed in from, so the per-account ceiling does not hold it. */
export async function recordSignIn({ db, secret, email, ip }: SignInAttempt): Promise<void> {
  await consumeLimit(db, LIMITS.signInKnownNetwork, accountAddressSubject(email, ip, secret));
}
