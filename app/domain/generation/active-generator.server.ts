import { createAiGenerator } from "./ai-generator.server";
import type { QuestionGenerator } from "./generator.server";
import { createOfflineGenerator } from "./offline-generator.server";

export type ActiveGenerator = {
  generator: QuestionGenerator;
  /** "deepseek", "custom" or "offline", as /api/health reports it. */
  provider: string;
  /** Only real AI providers count against the quotas. */
  metered: boolean;
};

export type GeneratorSettings = {
  provider: "deepseek" | "custom" | "offline";
  apiKey: string | undefined;
  baseURL: string;
  model: string;
  timeoutMs: number;
};

/** An OpenAI-compatible provider when a key is set, else the offline composer. */
export function createActiveGenerator(settings: GeneratorSettings): ActiveGenerator {
  if (settings.provider === "offline" || !settings.apiKey)
    return { generator: createOfflineGenerator(), provider: "offline", metered: false };
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
