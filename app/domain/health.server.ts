import type { DatabaseHandle, Engine } from "~/db/database.server";
import type { QuestionGenerator } from "./generation/generator.server";

export type AiHealth = { provider: string; model?: string; status: "up" | "down" | "offline"; error?: string };

export type HealthReport = {
  status: "ok" | "unavailable";
  database: { status: "up" | "down"; engine: Engine; latencyMs: number };
  ai: AiHealth;
  uptimeSeconds: number;
};

/** A real provider's 1-token check costs money: load balancers poll often, so it is cached. */
const AI_CHECK_TTL_MS = 60_000;
let cachedAi: { at: number; generator: QuestionGenerator; health: AiHealth } | undefined;

type ActiveAi = { provider: string; generator: QuestionGenerator | null };

async function checkAi(ai: ActiveAi): Promise<AiHealth> {
  if (!ai.generator) return { provider: "offline", status: "offline" };
  if (cachedAi && cachedAi.generator === ai.generator && Date.now() - cachedAi.at < AI_CHECK_TTL_MS) {
    return cachedAi.health;
  }
  const result = await ai.generator.check();
  const health: AiHealth = {
    provider: ai.provider,
    model: ai.generator.name,
    status: result.ok ? "up" : "down",
    ...(result.error ? { error: result.error } : {}),
  };
  cachedAi = { at: Date.now(), generator: ai.generator, health };
  return health;
}

/**
 * Asks the database for a real round trip, and the AI provider for its
 * 1-token check. Only the database decides the status: without AI the
 * library still serves. The report never carries driver details.
 */
export async function checkHealth(handle: DatabaseHandle, ai: ActiveAi): Promise<HealthReport> {
  const started = performance.now();
  const [up, aiHealth] = await Promise.all([
    handle.ping().then(
      () => true,
      () => false,
    ),
    checkAi(ai),
  ]);
  return {
    status: up ? "ok" : "unavailable",
    database: {
      status: up ? "up" : "down",
      engine: handle.engine,
      latencyMs: Math.round(performance.now() - started),
    },
    ai: aiHealth,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
