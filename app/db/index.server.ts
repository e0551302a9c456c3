import { config } from "~/config.server";
import { importLibrary } from "~/domain/questions/library.server";
import { logger } from "~/logger.server";
import { type DatabaseHandle, openDatabase } from "./database.server";
import { seedCategories } from "./seed.server";

let opening: Promise<DatabaseHandle> | undefined;

/**
 * The process-wide database: opened, migrated, seeded and the question library
 * imported on first use.
 * The server awaits it before listening, so start-up fails loudly on a bad database.
 */
export function database(): Promise<DatabaseHandle> {
  opening ??= (async () => {
    const { databaseUrl, dataDir, databasePoolSize } = config();
    const started = performance.now();
    const handle = await openDatabase({ databaseUrl, dataDir, poolSize: databasePoolSize });
    await handle.migrate();
    await seedCategories(handle.db);
    const library = await importLibrary(handle.db);
    logger.info({ engine: handle.engine, library, ms: Math.round(performance.now() - started) }, "database ready");
    return handle;
  })();
  return opening;
}

export async function closeDatabase(): Promise<void> {
  if (!opening) return;
  const handle = await opening.catch(() => undefined);
  opening = undefined;
  await handle?.close();
}
