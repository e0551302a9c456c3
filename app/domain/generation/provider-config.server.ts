import { z } from "zod";
import { ConfigError } from "~/config.server";

export type AiProvider = "deepseek" | "custom" | "offline";

export type AiSettings = {
  provider: AiProvider;
  /** Undefined when offline. Never logged, never part of an error message. */
  apiKey: string | undefined;
  baseURL: string;
  /** The model asked for; "offline" when no provider is configured. */
  model: string;
  timeoutMs: number;
};

export const DEEPSEEK_DEFAULTS = { baseURL: "https://api.deepseek.com", model: "deepseek-chat" } as const;
export const DEFAULT_AI_TIMEOUT_MS = 15_000;

/** Blank and whitespace-only values count as unset; others lose surrounding whitespace (pasted keys). */
const trimmed = (value: unknown) => {
  if (typeof value !== "string") return value;
  const v = value.trim();
  return v === "" ? undefined : v;
};

const key = z.preprocess(
  trimmed,
  z
    .string()
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
);

const schema = z.object({
  DEEPSEEK_API_KEY: key,
  AI_API_KEY: key,
  AI_BASE_URL: z.preprocess(
    trimmed,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.openai.com/v1" })
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
  ),
  AI_MODEL: z.preprocess(trimmed, z.string().max(200, "must be at most 200 characters").optional()),
  AI_TIMEOUT_MS: z.preprocess(
    trimmed,
    z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(100, "must be at least 100 (milliseconds)")
      .max(600_000, "must be at most 600000 (10 minutes)")
      .default(DEFAULT_AI_TIMEOUT_MS),
  ),
});

/**
 * Which AI provider the environment asks for (PRODUCT.md "Where questions come from"):
 * - `AI_API_KEY` with `AI_BASE_URL` and `AI_MODEL`: any OpenAI-compatible endpoint ("custom"); it wins over DeepSeek;
 * - `DEEPSEEK_API_KEY`: DeepSeek's deepseek-chat at https://api.deepseek.com, which `AI_BASE_URL` and `AI_MODEL` may override;
 * - neither: the offline composer.
 * `AI_TIMEOUT_MS` (default 15000) bounds each request. A bad value throws a
 * ConfigError whose one-line message names the variable, never a key.
 */
export function aiSettingsFromEnv(env: Record<string, string | undefined>): AiSettings {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? "AI settings")} ${issue?.message}`);
  }
  const v = result.data;
  if (v.AI_API_KEY) {
    if (!v.AI_BASE_URL) {
      throw new ConfigError(
        "Invalid configuration: AI_BASE_URL is required when AI_API_KEY is set (the provider's OpenAI-compatible endpoint)",
      );
    }
    if (!v.AI_MODEL) {
      throw new ConfigError(
        "Invalid configuration: AI_MODEL is required when AI_API_KEY is set (the provider's model)",
      );
    }
    return {
      provider: "custom",
      apiKey: v.AI_API_KEY,
      baseURL: v.AI_BASE_URL,
      model: v.AI_MODEL,
      timeoutMs: v.AI_TIMEOUT_MS,
    };
  }
  if (v.DEEPSEEK_API_KEY) {
    return {
      provider: "deepseek",
      apiKey: v.DEEPSEEK_API_KEY,
      baseURL: v.AI_BASE_URL ?? DEEPSEEK_DEFAULTS.baseURL,
      model: v.AI_MODEL ?? DEEPSEEK_DEFAULTS.model,
      timeoutMs: v.AI_TIMEOUT_MS,
    };
  }
  return {
    provider: "offline",
    apiKey: undefined,
    baseURL: v.AI_BASE_URL ?? DEEPSEEK_DEFAULTS.baseURL,
    model: "offline",
    timeoutMs: v.AI_TIMEOUT_MS,
  };
}
