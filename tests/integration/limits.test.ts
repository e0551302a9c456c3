import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { contactMessages, requestLimits } from "~/db/schema";
import { submitContactMessage } from "~/domain/contact/messages.server";
import {
  addressSubject,
  consumeLimit,
  memberSubject,
  pruneLimits,
  withinLimit,
} from "~/domain/limits/rate-limit.server";
import type { LimitRule } from "~/domain/limits/rules";
import { freshDatabase, testEngines } from "../support/databases";

const SECRET = "a-test-secret-of-at-least-32-characters";
const THREE_A_MINUTE: LimitRule = { name: "test", what: "tries", limit: 3, windowSeconds: 60 };

describe.each(testEngines())("rate limits on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let subjects = 0;
  /** A subject no other test has counted. */
  const fresh = () => memberSubject(`00000000-0000-4000-8000-${String(++subjects).padStart(12, "0")}`);

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    // Every connection of the pool open before the tests: parallel requests then really run at once on PostgreSQL.
    await Promise.all(Array.from({ length: 10 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("lets exactly 3 of 40 parallel requests through a limit of 3", async () => {
    const subject = fresh();
    const decisions = await Promise.all(
      Array.from({ length: 40 }, () => consumeLimit(handle.db, THREE_A_MINUTE, subject)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    for (const refused of decisions.filter((d) => !d.allowed)) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it.skipIf(!available)("allows again once the window has ended, and says when that is", async () => {
    const subject = fresh();
    const start = new Date("2030-01-01T10:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (const second of [0, 5, 10]) {
      expect(await consumeLimit(handle.db, THREE_A_MINUTE, subject, at(second))).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    }
    expect(await consumeLimit(handle.db, THREE_A_MINUTE, subject, at(20))).toEqual({
      allowed: false,
      retryAfterSeconds: 40,
    });
    // Refused requests do not push the window further out.
    expect(await consumeLimit(handle.db, THREE_A_MINUTE, subject, at(59.5))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    const next = await Promise.all(
      [61, 61, 61, 61].map((s) => consumeLimit(handle.db, THREE_A_MINUTE, subject, at(s))),
    );
    expect(next.map((d) => d.allowed).sort()).toEqual([false, true, true, true]);
    expect(next.find((d) => !d.allowed)?.retryAfterSeconds).toBe(60);
  });

  it.skipIf(!available)("counts each subject and each rule on its own", async () => {
    const busy = fresh();
    const other = fresh();
    for (let i = 0; i < 3; i++) await consumeLimit(handle.db, THREE_A_MINUTE, busy);
    expect((await consumeLimit(handle.db, THREE_A_MINUTE, busy)).allowed).toBe(false);
    expect((await consumeLimit(handle.db, THREE_A_MINUTE, other)).allowed).toBe(true);
    expect((await consumeLimit(handle.db, { ...THREE_A_MINUTE, name: "another" }, busy)).allowed).toBe(true);

    const office = addressSubject("203.0.113.7", SECRET);
    for (let i = 0; i < 3; i++) await consumeLimit(handle.db, THREE_A_MINUTE, office);
    expect((await consumeLimit(handle.db, THREE_A_MINUTE, office)).allowed).toBe(false);
    expect((await consumeLimit(handle.db, THREE_A_MINUTE, addressSubject("203.0.113.8", SECRET))).allowed).toBe(true);
  });

  it.skipIf(!available)("answers a refusal that says what and when, and stores no address", async () => {
    const votes: LimitRule = { name: "test-votes", what: "votes", limit: 1, windowSeconds: 60 };
    const subject = addressSubject("198.51.100.23", SECRET);
    const now = new Date("2030-02-01T08:00:00Z");
    expect(await withinLimit(handle.db, votes, subject, now)).toEqual({ ok: true });
    const refused = await withinLimit(handle.db, votes, subject, new Date(now.getTime() + 20_000));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many votes: try again in 40 seconds",
      retryable: true,
      retryAfterSeconds: 40,
    });
    const keys = (await handle.db.select({ key: requestLimits.key }).from(requestLimits)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => /\d+\.\d+\.\d+\.\d+/.test(key))).toEqual([]);
  });

  it.skipIf(!available)("deletes counters whose window has ended and keeps the others", async () => {
    const ended = fresh();
    const running = fresh();
    const start = new Date("2031-01-01T00:00:00Z");
    await consumeLimit(handle.db, THREE_A_MINUTE, ended, start);
    await consumeLimit(handle.db, THREE_A_MINUTE, running, new Date(start.getTime() + 30_000));
    await pruneLimits(handle.db, new Date(start.getTime() + 60_000));
    const keys = (await handle.db.select({ key: requestLimits.key }).from(requestLimits)).map((r) => r.key);
    expect(keys).toContain(`test:${running}`);
    expect(keys).not.toContain(`test:${ended}`);
  });

  it.skipIf(!available)("stores exactly 3 of 12 contact messages sent at once from one address", async () => {
    const sendEmail = () => {};
    const settings = { appName: "CircleUp", contactEmail: undefined, secret: SECRET, sendEmail };
    const message = (n: number) => ({
      name: `Sender ${n}`,
      email: "sender@example.com",
      message: `Message number ${n} about our retrospectives.`,
      website: "",
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        submitContactMessage(handle.db, message(n), { ip: "192.0.2.44", userId: null }, settings),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.flatMap((r) => (r.ok ? [] : [r.error]));
    expect(refused).toHaveLength(9);
    for (const error of refused) {
      expect(error).toMatchObject({
        code: "CONTACT_RATE_LIMITED",
        message: "You have sent several messages in a short time. Please wait a few minutes and try again.",
      });
    }
    expect(await handle.db.$count(contactMessages)).toBe(3);
    const keys = await handle.db.select({ key: contactMessages.senderKey }).from(contactMessages);
    expect(keys.filter(({ key }) => key.includes("192.0.2"))).toEqual([]);
    // Another address is not held back by this one.
    const other = await submitContactMessage(handle.db, message(99), { ip: "192.0.2.45", userId: null }, settings);
    expect(other).toEqual({ ok: true });
  });
});
