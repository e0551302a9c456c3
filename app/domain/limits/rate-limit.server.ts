import crypto from "node:crypto";
import net from "node:net";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { requestLimits } from "~/db/schema";
import { type Outcome, retryableFailure } from "../errors";
import type { LimitRule } from "./rules";

declare const subjectBrand: unique symbol;
/** Whom a limit counts, as stored: made only by memberSubject and addressSubject, so no raw address is ever a key. */
export type LimitSubject = string & { readonly [subjectBrand]: true };

export type LimitDecision = { allowed: boolean; retryAfterSeconds: number };

/** A member, by account id (a UUID that names no one outside the database). */
export function memberSubject(userId: string): LimitSubject {
  return `member:${userId}` as LimitSubject;
}

/** Someone who joined a live round, by their participant id (a random UUID) or their seat token's hash. */
export function participantSubject(participantId: string): LimitSubject {
  return `participant:${participantId}` as LimitSubject;
}

/** An API token, by its id (a random UUID): its own limit, beside its member's. */
export function tokenSubject(tokenId: string): LimitSubject {
  return `token:${tokenId}` as LimitSubject;
}

/** A person in a chat workspace, by the platform's own ids (which name no one outside the platform). */
export function chatSubject(platform: string, workspace: string, user: string): LimitSubject {
  return `chat:${platform}:${workspace}:${user}` as LimitSubject;
}

/** Anyone else, by the keyed hash of their address (addressKey). */
export function addressSubject(ip: string | null, secret: string): LimitSubject {
  return `address:${addressKey(ip, secret)}` as LimitSubject;
}

/** An account by the keyed hash of its lowercased e-mail address, so the key names no one. */
export function accountSubject(email: string, secret: string): LimitSubject {
  const hash = crypto.createHmac("sha256", secret).update(`account:${email.trim().toLowerCase()}`).digest("base64url");
  return `account:${hash}` as LimitSubject;
}

/** One account tried from one network (accountSubject and addressKey together). */
export function accountAddressSubject(email: string, ip: string | null, secret: string): LimitSubject {
  return `${accountSubject(email, secret)}:address:${addressKey(ip, secret)}` as LimitSubject;
}

/**
 * A keyed hash of the network a client's address belongs to: stored instead
 * of the address, and not turned back into one without the secret. Every
 * server of one database must share the secret (AUTH_SECRET) for their
 * counts of an address to meet.
 */
export function addressKey(ip: string | null, secret: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(ip ? clientNetwork(ip) : "unknown")
    .digest("base64url");
}

/** An IPv6 customer usually gets a /56 or more, so counting single addresses would let one client rotate through them. */
const IPV6_PREFIX_BITS = 56;

/** The part of an address that names one client: an IPv4 address (also when IPv4-mapped), or an IPv6 /56. */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!net.isIPv6(ip.split("%")[0] ?? "")) return ip;
  const groups = ipv6Groups(ip.split("%")[0] ?? "");
  const prefix = groups.map((group, index) => {
    const kept = Math.min(16, Math.max(0, IPV6_PREFIX_BITS - index * 16));
    return (group & ((0xffff << (16 - kept)) & 0xffff)).toString(16);
  });
  return `${prefix.join(":")}/${IPV6_PREFIX_BITS}`;
}

/** The eight 16-bit groups of a valid IPv6 address, "::" and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/** The database's clock unless a moment is given: every server of one database then agrees on when a window ends. */
function momentOf(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

/**
 * Counts one request of the subject under the rule and says whether it is
 * within the limit. One statement: the row is created, counted on, or
 * started afresh when its window has ended, under the row lock an insert
 * on conflict takes, so requests arriving together on any number of
 * servers are counted one after another and no more than `limit` pass.
 * Refused requests are counted too and never extend the window.
 */
export async function consumeLimit(
  db: Database,
  rule: LimitRule,
  subject: LimitSubject,
  now?: Date,
): Promise<LimitDecision> {
  const at = momentOf(now);
  const ended = sql`${requestLimits.resetsAt} <= ${at}`;
  const [row] = await db
    .insert(requestLimits)
    .values({
      key: `${rule.name}:${subject}`,
      count: 1,
      resetsAt: sql`${at} + ${rule.windowSeconds}::integer * interval '1 second'`,
    })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${requestLimits.count} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${requestLimits.resetsAt} end`,
      },
    })
    .returning({
      count: requestLimits.count,
      secondsLeft: sql<number>`ceil(extract(epoch from ${requestLimits.resetsAt} - ${at}))::integer`,
    });
  if (!row) throw new Error("The limit counter answered no row");
  if (row.count <= rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  // Each statement reads the clock when its transaction starts; one that waited for the row lock may have started
  // before the window did, so the wait is capped at the window.
  const secondsLeft = Math.min(rule.windowSeconds, Number(row.secondsLeft));
  return { allowed: false, retryAfterSeconds: Math.max(1, secondsLeft) };
}

/** The subject's count in its current window, or null when no window is open. */
async function openWindow(db: Database, rule: LimitRule, subject: LimitSubject, now: Date | undefined) {
  const at = momentOf(now);
  const [row] = await db
    .select({
      count: requestLimits.count,
      secondsLeft: sql<number>`ceil(extract(epoch from ${requestLimits.resetsAt} - ${at}))::integer`,
    })
    .from(requestLimits)
    .where(sql`${requestLimits.key} = ${`${rule.name}:${subject}`} and ${requestLimits.resetsAt} > ${at}`);
  return row ?? null;
}

/**
 * Whether the subject has used up the rule in its current window, without
 * counting a request: for limits counted only on failure (sign-in), checked
 * before the attempt.
 */
export async function limitReached(
  db: Database,
  rule: LimitRule,
  subject: LimitSubject,
  now?: Date,
): Promise<LimitDecision> {
  const row = await openWindow(db, rule, subject, now);
  if (!row || row.count < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.min(rule.windowSeconds, Number(row.secondsLeft))) };
}

/** Whether the subject was counted under the rule within its window: a mark that expires (a known network). */
export async function countedRecently(db: Database, rule: LimitRule, subject: LimitSubject, now?: Date) {
  return (await openWindow(db, rule, subject, now)) !== null;
}

/** consumeLimit as an Outcome: over the limit, a RATE_LIMITED failure that says what and when to try again. */
export async function withinLimit(db: Database, rule: LimitRule, subject: LimitSubject, now?: Date): Promise<Outcome> {
  return limitOutcome(rule, await consumeLimit(db, rule, subject, now));
}

/** A decision as an Outcome: refused, a RATE_LIMITED failure that says what and when to try again. */
export function limitOutcome(rule: LimitRule, decision: LimitDecision): Outcome {
  if (decision.allowed) return { ok: true };
  const { retryAfterSeconds } = decision;
  return retryableFailure(
    "RATE_LIMITED",
    { rule: rule.name, what: rule.what, retryAfterSeconds },
    { retryable: true, retryAfterSeconds },
  );
}

/** Deletes the counters whose window has ended (a request for one would start afresh anyway); how many went. */
export async function pruneLimits(db: Database, now?: Date): Promise<number> {
  const pruned = await db
    .delete(requestLimits)
    .where(sql`${requestLimits.resetsAt} <= ${momentOf(now)}`)
    .returning({ key: requestLimits.key });
  return pruned.length;
}
