import { createAiGenerator } from "./ai-generator.server";
import type { DirectedWriter, QuestionGenerator } from "./generator.server";

export type ActiveGenerator = {
  /** The AI provider's generator; null when no AI is configured, and the library serves alone. */
  generator: (QuestionGenerator & DirectedWriter) | null;
  /** "deepseek", "custom" or "offline", as /api/health reports it. */
  provider: string;
  /** AI generations count against the quotas. */
  metered: boolean;
};

export type GeneratorSettings = {
  provider: "deepseek" | "custom" | "offline";
  apiKey: string | undefined;
  baseURL: string;
  model: string;
  timeoutMs: number;
};

/** An OpenAI-compatible provider when a key is set; otherwise none. */
export function createActiveGenerator(settings: GeneratorSettings): ActiveGenerator {
  if (settings.provider === "offline" || !settings.apiKey)
    return { generator: null, provider: "offline", metered: false };
  return {
    generator: createAiGenerator({
      apiKey: settings.apiKey,
      baseURL: settings.baseURL,
      model: settings.model,
      timeoutMs: settings.timeoutMs,
    }),
    provider: settings.provider,
    metered: true,
  };
}
