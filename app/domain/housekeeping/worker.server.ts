import type { Database } from "~/db/database.server";
import { runHousekeeping } from "./housekeeping.server";

type WorkerLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * Offers a housekeeping run at start and every `intervalMs`, outside any
 * request. A run that fails (the database away) is logged and offered again
 * at the next tick. The timer does not keep the process alive; the returned
 * stop waits for a run in progress so the database can be closed after it.
 */
export function startHousekeepingWorker({
  database,
  server,
  intervalMs,
  log,
}: {
  database: () => Promise<Database>;
  /** Names this process in the run log. */
  server: string;
  intervalMs: number;
  log: WorkerLog;
}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const offer = () => {
    running ??= (async () => {
      // Half an interval: a server whose tick comes just after another's run skips it.
      const outcome = await runHousekeeping(await database(), { server, minGapMs: intervalMs / 2 });
      if (outcome.ran && Object.values(outcome.deleted).some((n) => n > 0))
        log.info({ deleted: outcome.deleted }, "housekeeping deleted expired rows");
    })()
      .catch((error: unknown) =>
        log.error({ error: error instanceof Error ? error.message : String(error) }, "housekeeping run failed"),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(offer, intervalMs);
  timer.unref();
  offer();
  log.info({ intervalMs }, "housekeeping worker started");
  return async () => {
    clearInterval(timer);
    while (running) await running;
  };
}
