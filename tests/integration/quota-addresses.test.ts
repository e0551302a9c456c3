import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/db/database.server";
import { aiUsage } from "~/db/schema";
import { consumeAiGeneration, type QuotaLimits, type QuotaSubject } from "~/domain/generation/quota.server";
import { addressSubject } from "~/domain/limits/rate-limit.server";
import { freshDatabase, testEngines } from "../support/databases";

const SECRET = "quota test secret";
const LIMITS: QuotaLimits = { anonymous: 100, anonymousPerIp: 3, free: 25, premium: "unlimited" };

/** A new visitor (a cleared cookie) each time, from the given address. */
let visitors = 0;
const freshVisitor = (ip: string): QuotaSubject => ({
  kind: "anonymous",
  visitorId: `visitor-${visitors++}`,
  address: addressSubject(ip, SECRET),
});

describe.each(testEngines())("the anonymous AI quota's addresses on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let db: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    db = handle.db;
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("counts rotating IPv6 addresses of one /56 as one network", async () => {
    // 2001:db8:aa:bb00::/56, its last addresses' interface parts and eighth byte all different.
    const rotating = ["bb00::1", "bb11::2", "bb22:3::4", "bbff::5", "bb42:1:2:3:4", "bb01::abcd", "bbfe::9"];
    const outcomes = [];
    for (const tail of rotating) {
      outcomes.push((await consumeAiGeneration(db, freshVisitor(`2001:db8:aa:${tail}`), LIMITS)).allowed);
    }
    expect(outcomes).toEqual([true, true, true, false, false, false, false]);
    // Another /56 has its own count.
    expect((await consumeAiGeneration(db, freshVisitor("2001:db8:aa:cc00::1"), LIMITS)).allowed).toBe(true);
  });

  it.skipIf(!available)("stores no address: keys are keyed hashes", async () => {
    await consumeAiGeneration(db, freshVisitor("198.51.100.77"), LIMITS);
    const subjects = (await db.select({ subject: aiUsage.subject }).from(aiUsage)).map((row) => row.subject);
    expect(subjects.length).toBeGreaterThan(0);
    for (const subject of subjects) {
      expect(subject).not.toMatch(/198\.51\.100|2001:db8|::/);
      expect(subject).toMatch(/^(visitor|user|address):/);
    }
  });

  it.skipIf(!available)("the migration drops the counts an older version kept per raw address", async () => {
    await db.insert(aiUsage).values([
      { subject: "ip:2001:db8::1", windowStartedAt: new Date(), used: 5 },
      { subject: "ip:198.51.100.9", windowStartedAt: new Date(), used: 2 },
    ]);
    // A database of the older version runs this migration when it upgrades.
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, "../../drizzle/0012_ai_usage_address_keys.sql"),
      "utf8",
    );
    await db.execute(sql.raw(migration));
    const left = await db.select({ subject: aiUsage.subject }).from(aiUsage).where(sql`${aiUsage.subject} like 'ip:%'`);
    expect(left).toEqual([]);
    const kept = await db.select().from(aiUsage).where(sql`${aiUsage.subject} like 'visitor:%'`);
    expect(kept.length).toBeGreaterThan(0);
  });
});
