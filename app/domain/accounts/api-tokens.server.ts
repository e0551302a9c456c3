import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { apiTokens, profiles, teams, users } from "~/db/schema";
import {
  TOKEN_ACCESS,
  TOKEN_PATTERN,
  TOKENS_MAX,
  type TokenAccess,
  type TokenExpiry,
  type TokenListing,
} from "~/shared/api-tokens";
import type { ErrorCode } from "~/shared/errors/codes";
import { recordAudit } from "../admin/audit.server";
import { hasPremium } from "../billing/premium.server";
import { failure, type Outcome } from "../errors";
import { hashToken, newToken } from "../secret-tokens.server";
import type { SignedInUser } from "./viewer.server";

/** A token as a request presents it, once recognised: whom it acts for and within what. */
export type RecognisedToken = {
  id: string;
  scopes: string[];
  /** The member it acts for: a personal token's owner, a team token's maker. */
  user: SignedInUser;
  subject: { kind: "member"; teamId: string | null } | { kind: "team"; teamId: string };
};

/** The last use is written when the one stored is older than this, so a busy token costs one write a minute. */
const LAST_USED_EVERY_MS = 60_000;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Ten characters to tell tokens apart in a list; 36^10 values, so two never meet in practice (the column is unique). */
function publicId(): string {
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

function expiresAtOf(expiry: TokenExpiry, now: Date): Date | null {
  return expiry === "never" ? null : new Date(now.getTime() + Number(expiry) * 24 * 60 * 60 * 1000);
}

/** Tokens that still count against the number one may hold: not revoked, not expired. */
function live(now: Date) {
  return and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));
}

export type NewToken = {
  name: string;
  access: TokenAccess;
  expiry: TokenExpiry;
  /** Who makes it: the owner of a personal token, the team owner making a team token. */
  userId: string;
  /** A team token's team, or the one team a personal token is limited to. */
  teamId?: string | null;
  kind: "personal" | "team";
};

/**
 * Makes a token and answers it whole, the only time it exists outside the
 * request that uses it: only its hash is stored. Its creation is in the
 * audit log, in the same transaction.
 */
export async function createToken(
  db: Database,
  made: NewToken,
  now = new Date(),
): Promise<Outcome<{ token: string; listing: TokenListing }>> {
  return db.transaction(async (tx) => {
    const { kind } = made;
    const owner =
      kind === "team" && made.teamId ? eq(apiTokens.teamId, made.teamId) : eq(apiTokens.userId, made.userId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(apiTokens)
      .where(and(owner, eq(apiTokens.kind, kind), live(now)));
    if ((count?.n ?? 0) >= TOKENS_MAX) return failure("TOKENS_TOO_MANY", { max: TOKENS_MAX });
    const id = publicId();
    const token = `cu_${id}_${newToken(32)}`;
    const [row] = await tx
      .insert(apiTokens)
      .values({
        publicId: id,
        secretHash: hashToken(token),
        kind,
        name: made.name,
        userId: made.userId,
        teamId: made.teamId ?? null,
        scopes: [...TOKEN_ACCESS[made.access].scopes],
        createdAt: now,
        expiresAt: expiresAtOf(made.expiry, now),
      })
      .returning();
    if (!row) throw new Error("Creating a token answered no row");
    await recordAudit(tx as unknown as Database, {
      actorId: made.userId,
      action: "token.create",
      targetType: "token",
      targetId: row.id,
      before: null,
      after: { name: row.name, kind, teamId: row.teamId, scopes: row.scopes, expiresAt: row.expiresAt },
    });
    const listing: TokenListing = {
      id: row.id,
      publicId: row.publicId,
      name: row.name,
      scopes: row.scopes,
      teamName: null,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    };
    return { ok: true, token, listing };
  });
}

/**
 * Revokes one token of the member (personal) or of the team: TOKEN_NOT_FOUND
 * when it is neither theirs nor there, or already revoked. The revocation
 * is in the audit log, with who revoked it.
 */
export async function revokeToken(
  db: Database,
  tokenId: string,
  by: { userId: string; teamId?: string },
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const owner = by.teamId
      ? and(eq(apiTokens.kind, "team"), eq(apiTokens.teamId, by.teamId))
      : and(eq(apiTokens.kind, "personal"), eq(apiTokens.userId, by.userId));
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.id, tokenId), owner, isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!row) return failure("TOKEN_NOT_FOUND");
    await recordAudit(tx as unknown as Database, {
      actorId: by.userId,
      action: "token.revoke",
      targetType: "token",
      targetId: row.id,
      before: { name: row.name },
      after: { revoked: true },
    });
    return { ok: true };
  });
}

/** A member's personal tokens, or a team's tokens: the newest first, revoked ones too (marked). */
export async function listTokens(db: Database, of: { userId: string } | { teamId: string }): Promise<TokenListing[]> {
  const owner =
    "teamId" in of
      ? and(eq(apiTokens.kind, "team"), eq(apiTokens.teamId, of.teamId))
      : and(eq(apiTokens.kind, "personal"), eq(apiTokens.userId, of.userId));
  return db
    .select({
      id: apiTokens.id,
      publicId: apiTokens.publicId,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      teamName: teams.name,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .leftJoin(teams, eq(teams.id, apiTokens.teamId))
    .where(owner)
    .orderBy(desc(apiTokens.createdAt))
    .limit(100);
}

/** A refusal of a token that exists (revoked, expired, out of scope), kept in the audit log beside its creation. */
export async function recordTokenRefusal(db: Database, tokenId: string, code: ErrorCode, useCase?: string) {
  await recordAudit(db, {
    actorId: null,
    action: "token.refuse",
    targetType: "token",
    targetId: tokenId,
    before: null,
    after: useCase ? { code, useCase } : { code },
  });
}

/**
 * The token a request presents, in one read with its member: TOKEN_INVALID
 * for anything malformed or unknown (nothing is written: a stranger sending
 * garbage must not fill the audit log), TOKEN_REVOKED and TOKEN_EXPIRED for
 * tokens that were real (written to the audit log). The last use is
 * written at most once a minute.
 */
export async function recogniseToken(
  db: Database,
  presented: string,
  now = new Date(),
): Promise<Outcome<{ token: RecognisedToken }>> {
  if (!TOKEN_PATTERN.test(presented)) return failure("TOKEN_INVALID");
  const [row] = await db
    .select({
      id: apiTokens.id,
      kind: apiTokens.kind,
      teamId: apiTokens.teamId,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      userId: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      name: profiles.fullName,
      isAdmin: profiles.isAdmin,
      premium: hasPremium(),
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(profiles, eq(profiles.userId, apiTokens.userId))
    .where(eq(apiTokens.secretHash, hashToken(presented)));
  if (!row) return failure("TOKEN_INVALID");
  const refusal: ErrorCode | null = row.revokedAt
    ? "TOKEN_REVOKED"
    : row.expiresAt && row.expiresAt <= now
      ? "TOKEN_EXPIRED"
      : null;
  if (refusal) {
    await recordTokenRefusal(db, row.id, refusal);
    return failure(refusal as "TOKEN_REVOKED" | "TOKEN_EXPIRED");
  }
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  const user: SignedInUser = {
    id: row.userId,
    // A token call has no session; its token stands where a session's id would.
    sessionId: `token:${row.id}`,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    plan: row.premium ? "premium" : "free",
    // A token never carries admin rights: admin use cases let in no tokens, and nothing reads this for one.
    isAdmin: false,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
  };
  const subject =
    row.kind === "team" && row.teamId
      ? { kind: "team" as const, teamId: row.teamId }
      : { kind: "member" as const, teamId: row.teamId };
  return { ok: true, token: { id: row.id, scopes: row.scopes, user, subject } };
}
