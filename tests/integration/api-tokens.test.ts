import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { adminAuditLog, apiTokens, profiles, requestLimits, users } from "~/db/schema";
import { createToken, recogniseToken } from "~/domain/accounts/api-tokens.server";
import { LIMITS } from "~/domain/limits/rules";
import type { Actor } from "~/use-cases/actors";
import { listCommunityQuestions } from "~/use-cases/community/community.server";
import type { UseCaseDeps } from "~/use-cases/deps";
import { callUseCase } from "~/use-cases/execute.server";
import { saveQuestion } from "~/use-cases/questions/questions.server";
import { freshDatabase, testEngines } from "../support/databases";

const DAY = 24 * 60 * 60 * 1000;

/** What a token is worth over time: it expires on its day, and its last use is written at most once a minute. */
describe.each(testEngines())("API tokens on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let userId: string;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    const email = `scripter-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const [row] = await handle.db
      .insert(users)
      .values({ name: "Sam", email, emailVerified: true })
      .returning({ id: users.id });
    userId = row?.id as string;
    await handle.db.insert(profiles).values({ userId, fullName: "Sam Scripter" });
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("refuses a token from its expiry on, and says so in the audit log", async () => {
    const made = new Date("2026-03-01T09:00:00Z");
    const created = await createToken(
      handle.db,
      { kind: "personal", name: "Monthly", access: "read", expiry: "30", userId },
      made,
    );
    if (!created.ok) throw new Error("not created");
    const dayBefore = new Date(made.getTime() + 29 * DAY);
    const recognised = await recogniseToken(handle.db, created.token, dayBefore);
    expect(recognised.ok && recognised.token.user.id).toBe(userId);
    const expired = await recogniseToken(handle.db, created.token, new Date(made.getTime() + 30 * DAY));
    expect(expired).toMatchObject({ ok: false, error: { code: "TOKEN_EXPIRED" } });
    const logged = await handle.db
      .select({ action: adminAuditLog.action, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, created.listing.id));
    expect(logged).toEqual([
      expect.objectContaining({ action: "token.create" }),
      { action: "token.refuse", after: { code: "TOKEN_EXPIRED" } },
    ]);
  });

  it.skipIf(!available)("writes the last use once a minute, however often the token is used", async () => {
    const created = await createToken(handle.db, {
      kind: "personal",
      name: "Busy",
      access: "write",
      expiry: "never",
      userId,
    });
    if (!created.ok) throw new Error("not created");
    const lastUsed = async () =>
      (await handle.db.select().from(apiTokens).where(eq(apiTokens.id, created.listing.id)))[0]?.lastUsedAt;
    const first = new Date("2026-03-01T09:00:00Z");
    await recogniseToken(handle.db, created.token, first);
    expect(await lastUsed()).toEqual(first);
    await recogniseToken(handle.db, created.token, new Date(first.getTime() + 59_000));
    expect(await lastUsed()).toEqual(first);
    const later = new Date(first.getTime() + 60_000);
    await recogniseToken(handle.db, created.token, later);
    expect(await lastUsed()).toEqual(later);
  });

  it.skipIf(!available)("counts every call of a token against its own limit, before its scope", async () => {
    const created = await createToken(handle.db, {
      kind: "personal",
      name: "Loop",
      access: "read",
      expiry: "never",
      userId,
    });
    if (!created.ok) throw new Error("not created");
    const recognised = await recogniseToken(handle.db, created.token);
    if (!recognised.ok) throw new Error("not recognised");
    const { id, scopes, user, subject } = recognised.token;
    const actor: Actor = { kind: "token", tokenId: id, scopes, user, subject, address: "198.51.100.7" };
    const deps = { db: handle.db, secret: "a-test-secret-of-at-least-32-characters" } as UseCaseDeps;
    expect((await callUseCase(listCommunityQuestions, deps, actor, {})).ok).toBe(true);
    const questionId = "00000000-0000-4000-8000-000000000000";
    expect(await callUseCase(saveQuestion, deps, actor, { questionId })).toMatchObject({
      ok: false,
      error: { code: "TOKEN_SCOPE_MISSING", params: { scope: "write" } },
    });
    await handle.db
      .update(requestLimits)
      .set({ count: LIMITS.apiTokens.limit })
      .where(eq(requestLimits.key, `${LIMITS.apiTokens.name}:token:${id}`));
    expect(await callUseCase(listCommunityQuestions, deps, actor, {})).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED", params: { rule: "api-tokens" } },
    });
  });
});
