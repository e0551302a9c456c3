import { describe, expect, it } from "vitest";
import { aiSettingsFromEnv, ConfigError } from "~/config.server";

describe("AI provider settings from the environment", () => {
  it("is offline with no key, with the default timeout", () => {
    expect(aiSettingsFromEnv({})).toEqual({
      provider: "offline",
      apiKey: undefined,
      baseURL: "https://api.deepseek.com",
      model: "offline",
      timeoutMs: 15_000,
    });
  });

  it("treats blank keys as unset", () => {
    expect(aiSettingsFromEnv({ DEEPSEEK_API_KEY: "  ", AI_API_KEY: "" }).provider).toBe("offline");
  });

  it("is offline when only AI_BASE_URL or AI_MODEL are set", () => {
    expect(aiSettingsFromEnv({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3" }).provider).toBe(
      "offline",
    );
  });

  it("uses DeepSeek's deepseek-chat with DEEPSEEK_API_KEY, trimmed", () => {
    expect(aiSettingsFromEnv({ DEEPSEEK_API_KEY: " sk-deep \n" })).toEqual({
      provider: "deepseek",
      apiKey: "sk-deep",
      baseURL: "https://api.deepseek.com",
      model: "deepseek-chat",
      timeoutMs: 15_000,
    });
  });

  it("lets AI_MODEL, AI_BASE_URL and AI_TIMEOUT_MS override DeepSeek's defaults", () => {
    expect(
      aiSettingsFromEnv({
        DEEPSEEK_API_KEY: "sk-deep",
        AI_MODEL: "deepseek-reasoner",
        AI_BASE_URL: "https://proxy.example/deepseek/",
        AI_TIMEOUT_MS: "20000",
      }),
    ).toEqual({
      provider: "deepseek",
      apiKey: "sk-deep",
      baseURL: "https://proxy.example/deepseek",
      model: "deepseek-reasoner",
      timeoutMs: 20_000,
    });
  });

  it("uses any OpenAI-compatible provider with AI_API_KEY, AI_BASE_URL and AI_MODEL; they win over DeepSeek", () => {
    expect(
      aiSettingsFromEnv({
        DEEPSEEK_API_KEY: "sk-deep",
        AI_API_KEY: "ollama",
        AI_BASE_URL: "http://127.0.0.1:11434/v1",
        AI_MODEL: "llama3.2",
      }),
    ).toEqual({
      provider: "custom",
      apiKey: "ollama",
      baseURL: "http://127.0.0.1:11434/v1",
      model: "llama3.2",
      timeoutMs: 15_000,
    });
  });

  it.each([
    [{ AI_API_KEY: "k", AI_MODEL: "m" }, "AI_BASE_URL is required when AI_API_KEY is set"],
    [{ AI_API_KEY: "k", AI_BASE_URL: "http://x.example" }, "AI_MODEL is required when AI_API_KEY is set"],
    [{ AI_BASE_URL: "ftp://x.example" }, "AI_BASE_URL must be an http(s) URL"],
    [{ AI_BASE_URL: "api.openai.com/v1", AI_API_KEY: "k", AI_MODEL: "m" }, "AI_BASE_URL must be an http(s) URL"],
    [{ AI_TIMEOUT_MS: "soon" }, "AI_TIMEOUT_MS must be a number"],
    [{ AI_TIMEOUT_MS: "1.5" }, "AI_TIMEOUT_MS must be a whole number"],
    [{ AI_TIMEOUT_MS: "10" }, "AI_TIMEOUT_MS must be at least 100"],
    [{ AI_TIMEOUT_MS: "9999999" }, "AI_TIMEOUT_MS must be at most 600000"],
    [{ DEEPSEEK_API_KEY: "sk one two" }, "DEEPSEEK_API_KEY must be printable ASCII without spaces"],
    [{ AI_MODEL: "m".repeat(201) }, "AI_MODEL must be at most 200 characters"],
  ])("names the bad variable in one line: %o", (env, message) => {
    let thrown: unknown;
    try {
      aiSettingsFromEnv(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const text = (thrown as Error).message;
    expect(text).toContain(message);
    expect(text.startsWith("Invalid configuration: ")).toBe(true);
    expect(text).not.toContain("\n");
  });

  it("never puts a key in its error message", () => {
    expect(() => aiSettingsFromEnv({ AI_API_KEY: "sk-secret-value", AI_MODEL: "m" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("sk-secret-value") }),
    );
    expect(() => aiSettingsFromEnv({ AI_API_KEY: "sk-secret value" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("sk-secret") }),
    );
  });
});
