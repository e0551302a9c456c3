import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { seedCategories } from "~/db/seed.server";
import type { QuotaLimits } from "~/domain/generation/quota.server";
import { importLibrary } from "~/domain/questions/library.server";
import { createDatabase } from "./postgres";
import { copyPgliteTemplate } from "./templates";

export type TestEngine = "pglite" | "postgres";

/** Both engines the suite runs on; postgres only when the global setup found a server. */
export function testEngines(): { engine: TestEngine; available: boolean }[] {
  return [
    { engine: "pglite", available: true },
    { engine: "postgres", available: !!inject("postgresUrl") },
  ];
}

export type FreshDatabaseOptions = {
  /** With the question library imported (as a server leaves it after its first start). */
  library?: boolean;
};

/**
 * A fresh, migrated and seeded database on the engine (a copy of the run's
 * template), removed again by the returned cleanup.
 */
export async function freshDatabase(
  engine: TestEngine,
  options: FreshDatabaseOptions = {},
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  const template = options.library ? "library" : "schema";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-db-"));
  const databaseUrl =
    engine === "postgres" ? await createDatabase(inject("postgresUrl") ?? "", "circleup_it", { template }) : undefined;
  if (engine === "pglite") copyPgliteTemplate(template, dataDir);
  const handle = await openDatabase({ databaseUrl, dataDir });
  // A template made from older files is brought up to date, as a server would.
  await handle.migrate();
  await seedCategories(handle.db);
  if (options.library) await importLibrary(handle.db);
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const libraryFolders: string[] = [];

/** Removes every folder libraryFolder() made. */
export function removeLibraryFolders(): void {
  for (const dir of libraryFolders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Writes library files into a temp folder, in the format of content/questions. */
export function libraryFolder(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-lib-"));
  libraryFolders.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), JSON.stringify(content));
  }
  return dir;
}

/** Quotas that never refuse: for tests of what is served, not of how much. */
export const UNLIMITED: QuotaLimits = {
  anonymous: "unlimited",
  anonymousPerIp: "unlimited",
  free: "unlimited",
  premium: "unlimited",
};
