import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { requestLimits } from "~/db/schema";
import { recordFailedSignIn, recordSignIn, signInRefusal } from "~/domain/accounts/sign-in-throttle.server";
import { freshDatabase, testEngines } from "../support/databases";

const SECRET = "a-test-secret-of-at-least-32-characters";

describe.each(testEngines())("the sign-in throttle on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const attempt = (email: string, ip: string) => ({ db: handle.db, secret: SECRET, email, ip });

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("refuses a network after 5 failures on one account, not other networks", async () => {
    const email = "Owner@Example.com";
    for (let i = 0; i < 5; i++) {
      expect(await signInRefusal(attempt(email, "198.51.100.1"))).toBeNull();
      await recordFailedSignIn(attempt(email, "198.51.100.1"));
    }
    // The address is counted however it is written.
    const refused = await signInRefusal(attempt("owner@example.com ", "198.51.100.1"));
    expect(refused?.message).toMatch(/^Too many failed sign-ins: try again in 15 minutes, or reset your password$/);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(await signInRefusal(attempt(email, "198.51.100.2"))).toBeNull();
    // Another account from the same network is not affected.
    expect(await signInRefusal(attempt("someone-else@example.com", "198.51.100.1"))).toBeNull();
  });

  it.skipIf(!available)("refuses every new network after 30 failures spread wide, but not the owner's", async () => {
    const email = "spread@example.com";
    await recordSignIn(attempt(email, "2001:db8:1:100::1"));
    for (let i = 0; i < 30; i++) await recordFailedSignIn(attempt(email, `100.64.${i}.9`));
    expect((await signInRefusal(attempt(email, "100.64.200.9")))?.message).toMatch(/for this account/);
    // The owner's network (an IPv6 /56: another address of it) still gets through.
    expect(await signInRefusal(attempt(email, "2001:db8:1:1ff::42"))).toBeNull();
  });

  it.skipIf(!available)("stores neither the e-mail address nor the network", async () => {
    const keys = (await handle.db.select({ key: requestLimits.key }).from(requestLimits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toMatch(/example\.com|198\.51|100\.64|2001:db8/i);
  });
});
