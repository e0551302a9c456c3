import { describe, expect, it } from "vitest";
import { toGenerationError } from "~/domain/generation/ai-errors";
import { aiSettingsFromEnv } from "~/domain/generation/provider-config.server";

describe("AI provider settings", () => {
  it("is offline with no key", () => {
    expect(aiSettingsFromEnv({}).provider).toBe("offline");
  });

  it("uses DeepSeek's deepseek-chat with DEEPSEEK_API_KEY", () => {
    expect(aiSettingsFromEnv({ DEEPSEEK_API_KEY: "k" })).toMatchObject({
      provider: "deepseek",
      baseURL: "https://api.deepseek.com",
      model: "deepseek-chat",
      timeoutMs: 15_000,
    });
  });

  it("uses any OpenAI-compatible provider with AI_API_KEY, AI_BASE_URL and AI_MODEL", () => {
    expect(
      aiSettingsFromEnv({
        DEEPSEEK_API_KEY: "d",
        AI_API_KEY: "k",
        AI_BASE_URL: "http://127.0.0.1:11434/v1",
        AI_MODEL: "llama3",
      }),
    ).toMatchObject({ provider: "custom", apiKey: "k", baseURL: "http://127.0.0.1:11434/v1", model: "llama3" });
  });

  it.each([
    [{ AI_API_KEY: "k", AI_MODEL: "m" }, "AI_BASE_URL is required"],
    [{ AI_API_KEY: "k", AI_BASE_URL: "http://x" }, "AI_MODEL is required"],
    [{ AI_BASE_URL: "ftp://x" }, "AI_BASE_URL must be an http(s) URL"],
    [{ AI_TIMEOUT_MS: "soon" }, "AI_TIMEOUT_MS must be a number"],
  ])("names the bad variable: %o", (env, message) => {
    expect(() => aiSettingsFromEnv(env)).toThrow(message);
  });
});

describe("AI errors mapped to SPEC section 8", () => {
  it.each([
    [
      { status: 401, message: "401 Incorrect API key provided" },
      "API configuration error. Please check settings.",
      "API_ERROR",
      false,
    ],
    [{ message: "Invalid API key" }, "API configuration error. Please check settings.", "API_ERROR", false],
    [{ status: 503, error: { message: "Service busy" } }, "Service busy", "API_ERROR", true],
    [{ status: 400 }, "Failed to generate question", "API_ERROR", false],
    [
      new TypeError("fetch failed"),
      "Network error. Please check your connection and try again.",
      "NETWORK_ERROR",
      true,
    ],
    [
      { name: "APIConnectionTimeoutError", message: "Request timed out." },
      "Network error. Please check your connection and try again.",
      "NETWORK_ERROR",
      true,
    ],
    [new Error("something odd"), "Failed to generate question. Please try again.", "GENERATION_ERROR", true],
  ])("%o", (error, message, code, retryable) => {
    expect(toGenerationError(error)).toMatchObject({ message, code, retryable });
  });
});
