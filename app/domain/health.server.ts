import type { DatabaseHandle, Engine } from "~/db/database.server";

export type HealthReport = {
  status: "ok" | "unavailable";
  database: { status: "up" | "down"; engine: Engine; latencyMs: number };
  ai: { provider: string };
  uptimeSeconds: number;
};

/**
 * Asks the database for a real round trip. The report never carries error
 * details: it is public, and a driver message can name hosts or users.
 */
export async function checkHealth(handle: DatabaseHandle, ai: { provider: string }): Promise<HealthReport> {
  const started = performance.now();
  const up = await handle.ping().then(
    () => true,
    () => false,
  );
  return {
    status: up ? "ok" : "unavailable",
    database: {
      status: up ? "up" : "down",
      engine: handle.engine,
      latencyMs: Math.round(performance.now() - started),
    },
    ai,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
