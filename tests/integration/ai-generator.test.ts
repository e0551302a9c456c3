import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAiGenerator } from "~/domain/generation/ai-generator.server";
import { GenerationError, type GenerationInput } from "~/domain/generation/generator.server";
import { startFakeOpenAI } from "../support/fake-openai";

const input: GenerationInput = {
  type: "check-in",
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  categorySlug: "remote-teams",
  previousQuestions: ["What is one thing you are proud of this week?", "What made you smile today?"],
};

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

const generator = (options: { timeoutMs?: number; maxRetries?: number } = {}) =>
  createAiGenerator({
    apiKey: "sk-test-secret",
    baseURL: fake.baseURL,
    model: "deepseek-chat",
    maxRetries: 1,
    ...options,
  });

async function failure(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

describe("the AI provider against an OpenAI-compatible server", () => {
  it("returns a good answer and sends the model, key, options and previous questions", async () => {
    fake.enqueue({ kind: "answer", content: '"What is one habit that helps you start the day well?"' });
    expect(await generator().generate(input)).toBe("What is one habit that helps you start the day well?");
    const [request] = fake.received;
    expect(request?.authorization).toBe("Bearer sk-test-secret");
    expect(request?.body.model).toBe("deepseek-chat");
    const userPrompt = request?.body.messages.find((m) => m.role === "user")?.content ?? "";
    for (const text of [...input.previousQuestions, "reflective", "Standard", "remote teams"])
      expect(userPrompt).toContain(text);
  });

  it("reports a 500 after retrying as SPEC's API error, retryable", async () => {
    fake.enqueue(
      { kind: "status", status: 500, message: "Upstream overloaded" },
      { kind: "status", status: 500, message: "Upstream overloaded" },
    );
    const error = await failure(generator().generate(input));
    expect(error).toMatchObject({ message: "Upstream overloaded", code: "API_ERROR", retryable: true });
    expect(fake.received).toHaveLength(2);
  });

  it("reports a 401 as a configuration error without retrying", async () => {
    fake.enqueue({ kind: "status", status: 401, message: "Incorrect API key provided: sk-test-***" });
    const error = await failure(generator().generate(input));
    expect(error).toMatchObject({
      message: "API configuration error. Please check settings.",
      code: "API_ERROR",
      retryable: false,
    });
    expect(fake.received).toHaveLength(1);
    expect(error.message).not.toContain("sk-test");
  });

  it("reports a provider that does not answer in time as a network error", async () => {
    fake.enqueue({ kind: "hang", ms: 5_000 }, { kind: "hang", ms: 5_000 });
    const error = await failure(generator({ timeoutMs: 300, maxRetries: 0 }).generate(input));
    expect(error).toMatchObject({
      message: "Network error. Please check your connection and try again.",
      code: "NETWORK_ERROR",
      retryable: true,
    });
  });

  it("asks again once when the output is malformed, then gives up with 'Invalid response from server'", async () => {
    fake.enqueue(
      { kind: "answer", content: "1. What is your name?\n2. Where are you?\n3. Why?" },
      { kind: "answer", content: "" },
    );
    const error = await failure(generator().generate(input));
    expect(error).toMatchObject({ message: "Invalid response from server", code: "INVALID_RESPONSE", retryable: true });
    expect(fake.received).toHaveLength(2);
    expect(fake.received[1]?.body.messages.at(-1)?.content).toContain("broke the rules");
  });

  it("does not accept one of the previous questions: it asks again and takes the new one", async () => {
    fake.enqueue(
      { kind: "answer", content: "What made you smile today?" },
      { kind: "answer", content: "Which part of today's work felt easiest, and why?" },
    );
    expect(await generator().generate(input)).toBe("Which part of today's work felt easiest, and why?");
  });

  it("says the key is missing without calling anyone", async () => {
    const noKey = createAiGenerator({ apiKey: undefined, baseURL: fake.baseURL, model: "deepseek-chat" });
    const error = await failure(noKey.generate(input));
    expect(error).toMatchObject({
      message: "DeepSeek API key not configured",
      code: "API_KEY_MISSING",
      retryable: false,
    });
    expect(fake.received).toHaveLength(0);
    expect(await noKey.check()).toEqual({ ok: false, error: "DeepSeek API key not configured" });
  });

  it("checks health with a 1-token completion", async () => {
    expect(await generator().check()).toEqual({ ok: true });
    expect(fake.received[0]?.body.max_tokens).toBe(1);
    fake.enqueue({ kind: "status", status: 401, message: "Incorrect API key provided" });
    expect(await generator().check()).toEqual({ ok: false, error: "API configuration error. Please check settings." });
  });
});
