import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { seedCategories } from "~/db/seed.server";
import { createDatabase } from "./postgres";

export type TestEngine = "pglite" | "postgres";

/** Both engines the suite runs on; postgres only when the global setup found a server. */
export function testEngines(): { engine: TestEngine; available: boolean }[] {
  return [
    { engine: "pglite", available: true },
    { engine: "postgres", available: !!inject("postgresUrl") },
  ];
}

/** A fresh, migrated and seeded database on the engine, removed again by the returned cleanup. */
export async function freshDatabase(
  engine: TestEngine,
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-db-"));
  const databaseUrl =
    engine === "postgres" ? await createDatabase(inject("postgresUrl") ?? "", "circleup_it") : undefined;
  const handle = await openDatabase({ databaseUrl, dataDir });
  await handle.migrate();
  await seedCategories(handle.db);
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
