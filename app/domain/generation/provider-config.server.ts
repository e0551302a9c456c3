import { z } from "zod";

export type AiSettings = {
  provider: "deepseek" | "custom" | "offline";
  apiKey: string | undefined;
  baseURL: string;
  model: string;
  timeoutMs: number;
};

const DEEPSEEK = { baseURL: "https://api.deepseek.com", model: "deepseek-chat" };

const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const schema = z.object({
  DEEPSEEK_API_KEY: z.preprocess(blankAsUndefined, z.string().optional()),
  AI_API_KEY: z.preprocess(blankAsUndefined, z.string().optional()),
  AI_BASE_URL: z.preprocess(
    blankAsUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  AI_MODEL: z.preprocess(blankAsUndefined, z.string().max(200).optional()),
  AI_TIMEOUT_MS: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: "must be a number" }).int().min(100, "must be at least 100").max(600_000).default(15_000),
  ),
});

/**
 * Which AI provider the environment asks for: DEEPSEEK_API_KEY for DeepSeek,
 * AI_API_KEY with AI_BASE_URL and AI_MODEL for any other OpenAI-compatible
 * endpoint, neither for the offline composer. Throws one line naming a bad variable.
 */
export function aiSettingsFromEnv(env: Record<string, string | undefined>): AiSettings {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid configuration: ${String(issue?.path[0])} ${issue?.message}`);
  }
  const v = result.data;
  if (v.AI_API_KEY) {
    if (!v.AI_BASE_URL) throw new Error("Invalid configuration: AI_BASE_URL is required when AI_API_KEY is set");
    if (!v.AI_MODEL) throw new Error("Invalid configuration: AI_MODEL is required when AI_API_KEY is set");
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
      baseURL: v.AI_BASE_URL ?? DEEPSEEK.baseURL,
      model: v.AI_MODEL ?? DEEPSEEK.model,
      timeoutMs: v.AI_TIMEOUT_MS,
    };
  }
  return {
    provider: "offline",
    apiKey: undefined,
    baseURL: DEEPSEEK.baseURL,
    model: "offline",
    timeoutMs: v.AI_TIMEOUT_MS,
  };
}
