import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AiGeneratorOptions, createAiGenerator } from "~/domain/generation/ai-generator.server";
import { GenerationError, type GenerationInput } from "~/domain/generation/generator.server";
import { behave, type FakeOpenAI, promptOf, startFakeOpenAI } from "../support/fake-openai";
import { freePort } from "../support/ports";

const KEY = "sk-test-0123456789abcdef";
const CONFIG_ERROR = "API configuration error. Please check settings.";
const NETWORK_ERROR = "Network error. Please check your connection and try again.";

/** Seven questions shown, oldest first: only the last five count. */
const SHOWN = [
  "What is the oldest thing you still use every day?",
  "Which app on your phone would you delete first?",
  "What is one thing you are proud of this week?",
  "What made you smile today?",
  "Which meeting ritual would you keep forever?",
  "What is a small win from yesterday?",
  "Where do you do your best thinking?",
];

const input: GenerationInput = {
  type: "check-in",
  meetingContext: "connection",
  questionStyle: "reflective",
  engagementLevel: "standard",
  categorySlug: "remote-teams",
  previousQuestions: SHOWN,
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const generator = (options: Partial<AiGeneratorOptions> = {}) =>
  createAiGenerator({ apiKey: KEY, baseURL: fake.baseURL, model: "deepseek-chat", ...options });

async function failure(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    (value) => new Error(`expected a failure, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

describe("the AI provider against a real OpenAI-compatible HTTP server", () => {
  it("returns a good answer, cleaned, and sends the key, the model, the options and the last five questions", async () => {
    fake.enqueue(behave.answer('  Question: "What is one habit that helps you start a meeting well?"\n'));
    const ai = generator();
    expect(ai.name).toBe("deepseek-chat");
    expect(await ai.generate(input)).toBe("What is one habit that helps you start a meeting well?");

    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({ model: "deepseek-chat", temperature: 0.9 });
    expect(request?.body.max_tokens).toBeGreaterThan(0);
    expect(request?.body.max_tokens).toBeLessThanOrEqual(200);
    const { system, user } = promptOf(request);
    expect(system).toMatch(/exactly ONE question/);
    expect(system).toMatch(/health/);
    expect(system).toMatch(/religion, politics/);
    for (const text of [
      ...SHOWN.slice(-5),
      "check-in",
      "Connection (Build relationships and trust)",
      "Reflective",
      "Standard (Moderate thought, 1-2 minutes)",
      "Remote Teams",
    ]) {
      expect(user).toContain(text);
    }
    for (const older of SHOWN.slice(0, 2)) expect(user).not.toContain(older);
  });

  it("also works with a base URL without /v1 (DeepSeek's documented form)", async () => {
    expect(await generator({ baseURL: fake.rootURL }).generate(input)).toMatch(/\?$/);
    expect(fake.received[0]?.path).toBe("/chat/completions");
  });

  it("uses the fetch it is given", async () => {
    let calls = 0;
    const counting: typeof fetch = (url, init) => {
      calls++;
      return fetch(url, init);
    };
    await generator({ fetch: counting }).generate(input);
    expect(calls).toBe(1);
  });

  it("retries a 500 twice by default, then reports an API error with the server's message, retryable", async () => {
    fake.enqueue(
      behave.serverError("Upstream overloaded", 10),
      behave.serverError("Upstream overloaded", 10),
      behave.serverError("Upstream overloaded", 10),
    );
    const error = await failure(generator().generate(input));
    expect(error).toMatchObject({ message: "Upstream overloaded", code: "API_ERROR", retryable: true });
    expect(fake.received).toHaveLength(3);
  });

  it("recovers when a retry succeeds after a 500 or a 429 (default backoff, no Retry-After)", async () => {
    fake.enqueue(behave.serverError("Upstream overloaded"), behave.answer("What would make tomorrow easier for you?"));
    expect(await generator({ maxRetries: 1 }).generate(input)).toBe("What would make tomorrow easier for you?");
    fake.enqueue(behave.rateLimited(5), behave.answer("Which tool saved you the most time this week?"));
    expect(await generator().generate(input)).toBe("Which tool saved you the most time this week?");
    expect(fake.received).toHaveLength(4);
  });

  it("does not wait when the server asks for a pause longer than a person waits", async () => {
    fake.enqueue(behave.rateLimited(60_000));
    const started = Date.now();
    const error = await failure(generator().generate(input));
    expect(error).toMatchObject({ code: "API_ERROR", message: "Rate limit reached for requests", retryable: false });
    expect(fake.received).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reports a 401 as a configuration error, not retryable and not retried, without the key", async () => {
    const error = await failure(generator({ apiKey: "sk-wrong-key-123456" }).generate(input));
    expect(error).toMatchObject({ message: CONFIG_ERROR, code: "API_ERROR", retryable: false });
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]?.authorization).toBe("Bearer sk-wrong-key-123456");
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain("sk-wrong");
  });

  it("does not retry a 403 or a 400 either", async () => {
    fake.enqueue(behave.forbidden());
    expect(await failure(generator().generate(input))).toMatchObject({ message: CONFIG_ERROR, retryable: false });
    expect(fake.received).toHaveLength(1);

    fake.reset();
    fake.enqueue(behave.badRequest("Invalid request: temperature is out of range"));
    expect(await failure(generator().generate(input))).toMatchObject({
      message: "Invalid request: temperature is out of range",
      code: "API_ERROR",
      retryable: false,
    });
    expect(fake.received).toHaveLength(1);
  });

  it("says 'Failed to generate question' for an error page without a message", async () => {
    fake.enqueue({ kind: "raw", status: 502, body: "<html><body>Bad gateway</body></html>" });
    expect(await failure(generator({ maxRetries: 0 }).generate(input))).toMatchObject({
      message: "Failed to generate question",
      code: "API_ERROR",
      retryable: true,
    });
  });

  it("gives up on a provider that does not answer in time, after the retry, as a network error", async () => {
    fake.enqueue(behave.hang(), behave.hang());
    const started = Date.now();
    const error = await failure(generator({ timeoutMs: 300, maxRetries: 1 }).generate(input));
    expect(error).toMatchObject({ message: NETWORK_ERROR, code: "NETWORK_ERROR", retryable: true });
    expect(fake.received).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("times out a response that stalls after its headers", async () => {
    fake.enqueue(behave.stall());
    const started = Date.now();
    const error = await failure(generator({ timeoutMs: 300, maxRetries: 0 }).generate(input));
    expect(error).toMatchObject({ message: NETWORK_ERROR, code: "NETWORK_ERROR", retryable: true });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reports a provider that refuses connections as a network error", async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    const error = await failure(generator({ baseURL: closed, maxRetries: 0 }).generate(input));
    expect(error).toMatchObject({ message: NETWORK_ERROR, code: "NETWORK_ERROR", retryable: true });
  });

  it("stops when the caller aborts", async () => {
    fake.enqueue(behave.hang());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await failure(generator().generate(input, controller.signal));
    expect(error.code).toBe("NETWORK_ERROR");
    expect(fake.received).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("asks once more, strictly, after malformed output, then gives up with 'Invalid response from server'", async () => {
    fake.enqueue(behave.numberedList(), behave.empty());
    const error = await failure(generator().generate(input));
    expect(error).toMatchObject({ message: "Invalid response from server", code: "INVALID_RESPONSE", retryable: true });
    expect(fake.received).toHaveLength(2);
    expect(promptOf(fake.received[0]).user).not.toMatch(/rejected/);
    expect(promptOf(fake.received[1]).user).toMatch(
      /previous answer was rejected because the answer had more than one line/,
    );
  });

  it("takes the stricter second answer when the first is malformed", async () => {
    fake.enqueue(
      behave.answer("Great question! What is one thing? And another thing?"),
      behave.answer("What is one thing your team does that you would like to keep?"),
    );
    expect(await generator().generate(input)).toBe("What is one thing your team does that you would like to keep?");
  });

  it("does not accept one of the previous questions: it asks again and takes the new one", async () => {
    fake.enqueue(
      behave.answer("where do you do your BEST thinking?"),
      behave.answer("Which part of today's work felt easiest, and why?"),
    );
    expect(await generator().generate(input)).toBe("Which part of today's work felt easiest, and why?");
    expect(fake.received).toHaveLength(2);
    expect(promptOf(fake.received[1]).user).toMatch(/repeated one of the recent questions/);
  });

  it("says the key is missing without any HTTP call", async () => {
    const noKey = createAiGenerator({ apiKey: undefined, baseURL: fake.baseURL, model: "deepseek-chat" });
    const error = await failure(noKey.generate(input));
    expect(error).toMatchObject({
      message: "DeepSeek API key not configured",
      code: "API_KEY_MISSING",
      retryable: false,
    });
    expect(await noKey.check()).toEqual({ ok: false, error: "DeepSeek API key not configured" });
    expect(fake.received).toHaveLength(0);
  });

  it("checks health with one 1-token completion", async () => {
    expect(await generator().check()).toEqual({ ok: true });
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]?.body).toMatchObject({ model: "deepseek-chat", max_tokens: 1 });
  });

  it("reports a failing health check with a readable text and never throws", async () => {
    expect(await generator({ apiKey: "sk-wrong-key-123456" }).check()).toEqual({ ok: false, error: CONFIG_ERROR });

    fake.reset();
    fake.enqueue(behave.serverError("Upstream overloaded"));
    expect(await generator().check()).toEqual({ ok: false, error: "Upstream overloaded" });
    expect(fake.received).toHaveLength(1);

    fake.enqueue(behave.hang());
    expect(await generator({ timeoutMs: 200 }).check()).toEqual({ ok: false, error: NETWORK_ERROR });

    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(await generator({ baseURL: closed }).check()).toEqual({ ok: false, error: NETWORK_ERROR });
  });

  it("never shows the key, even when a server echoes it", async () => {
    fake.enqueue(behave.serverError(`Key ${KEY} is over its budget`));
    const error = await failure(generator({ maxRetries: 0 }).generate(input));
    expect(error.message).not.toContain(KEY);
    expect(error).toMatchObject({ code: "API_ERROR", retryable: true });
  });
});
