import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "~/db/database.server";
import { categories } from "~/db/schema";
import { seedCategories } from "~/db/seed.server";
import { listCategories } from "~/domain/categories.server";
import { checkHealth } from "~/domain/health.server";
import { CATEGORIES } from "~/shared/categories";
import { freePort } from "../support/ports";
import { createDatabase } from "../support/postgres";

const postgresUrl = inject("postgresUrl");
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-it-"));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

type EngineSetup = { engine: "pglite" | "postgres"; options: () => Promise<DatabaseOptions> };

const engines: EngineSetup[] = [
  {
    engine: "pglite",
    options: async () => ({ dataDir: tempDir() }),
  },
  {
    engine: "postgres",
    options: async () => ({
      databaseUrl: await createDatabase(postgresUrl ?? "", "circleup_it"),
      dataDir: os.tmpdir(),
    }),
  },
];

async function prepared(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  await handle.migrate();
  await seedCategories(handle.db);
  return handle;
}

describe.each(engines)("database on $engine", ({ engine, options }) => {
  const skip = engine === "postgres" && !postgresUrl;
  let opts: DatabaseOptions;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    if (skip) return;
    opts = await options();
    handle = await prepared(opts);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.skipIf(skip)("uses the engine it was asked for", () => {
    expect(handle.engine).toBe(engine);
  });

  it.skipIf(skip)("migrates a fresh database and seeds the seven categories in order", async () => {
    const rows = await listCategories(handle.db);
    expect(rows.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
    expect(rows.find((c) => c.slug === "one-on-ones")?.name).toBe("One-on-Ones");
  });

  it.skipIf(skip)("migrating and seeding again changes nothing and repairs edited categories", async () => {
    await handle.db.update(categories).set({ name: "Renamed" }).where(eq(categories.slug, "all-hands"));
    await handle.migrate();
    await seedCategories(handle.db);
    await seedCategories(handle.db);
    const [{ count }] = (await handle.db.select({ count: sql<number>`count(*)::int` }).from(categories)) as [
      { count: number },
    ];
    expect(count).toBe(7);
    const rows = await listCategories(handle.db);
    expect(rows.find((c) => c.slug === "all-hands")?.name).toBe("All Hands");
  });

  it.skipIf(skip)("keeps its data when the database is opened again", async () => {
    await handle.close();
    handle = await prepared(opts);
    expect(await listCategories(handle.db)).toHaveLength(7);
  });

  it.skipIf(skip)("reports healthy while the database answers, unavailable once it is gone", async () => {
    const ai = { provider: "offline", generator: null };
    const up = await checkHealth(handle, ai);
    expect(up).toMatchObject({ status: "ok", database: { status: "up", engine }, ai: { provider: "offline" } });

    const other = await prepared(opts.databaseUrl ? opts : { dataDir: tempDir() });
    await other.close();
    const down = await checkHealth(other, ai);
    expect(down).toMatchObject({ status: "unavailable", database: { status: "down", engine } });
  });
});

describe.skipIf(!postgresUrl)("a PostgreSQL server that cannot be reached", () => {
  it("fails the health check quickly without leaking connection details", async () => {
    const port = await freePort();
    const handle = await openDatabase({
      databaseUrl: `postgres://someone:secret@127.0.0.1:${port}/nothing`,
      dataDir: os.tmpdir(),
    });
    const report = await checkHealth(handle, { provider: "offline", generator: null });
    await handle.close();
    expect(report.status).toBe("unavailable");
    expect(JSON.stringify(report)).not.toMatch(/secret|someone|127\.0\.0\.1/);
  });

  it("refuses to start against it: migrating rejects", async () => {
    const port = await freePort();
    const handle = await openDatabase({ databaseUrl: `postgres://x@127.0.0.1:${port}/x`, dataDir: os.tmpdir() });
    await expect(handle.migrate()).rejects.toThrow();
    await handle.close();
  });
});
