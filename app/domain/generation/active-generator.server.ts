import { createAiGenerator } from "./ai-generator.server";
import type { QuestionGenerator } from "./generator.server";
import { createOfflineGenerator } from "./offline-generator.server";
import { aiSettingsFromEnv } from "./provider-config.server";

export type ActiveGenerator = {
  generator: QuestionGenerator;
  /** "deepseek", "custom" or "offline", as /api/health reports it. */
  provider: string;
  /** Only real AI providers count against the quotas. */
  metered: boolean;
};

let active: ActiveGenerator | undefined;

/** The generator this process uses: an OpenAI-compatible provider when a key is set, else the offline composer. */
export function activeGenerator(env: Record<string, string | undefined> = process.env): ActiveGenerator {
  if (active) return active;
  const settings = aiSettingsFromEnv(env);
  active =
    settings.provider === "offline"
      ? { generator: createOfflineGenerator(), provider: "offline", metered: false }
      : {
          generator: createAiGenerator({
            apiKey: settings.apiKey,
            baseURL: settings.baseURL,
            model: settings.model,
            timeoutMs: settings.timeoutMs,
          }),
          provider: settings.provider,
          metered: true,
        };
  return active;
}
