import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  InternalServerError,
} from "openai";
import { describe, expect, it } from "vitest";
import { toGenerationError } from "~/domain/generation/ai-errors";
import { GenerationError } from "~/domain/generation/generator.server";

const CONFIG = ["API configuration error. Please check settings.", "API_ERROR", false] as const;
const NETWORK = ["Network error. Please check your connection and try again.", "NETWORK_ERROR", true] as const;
const OTHER = ["Failed to generate question. Please try again.", "GENERATION_ERROR", true] as const;

/** An error exactly as the OpenAI SDK builds it from a response. */
const fromResponse = (status: number, body: unknown) =>
  APIError.generate(status, body as object, undefined, new Headers({ "content-type": "application/json" }));

const refused = Object.assign(new TypeError("fetch failed"), {
  cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
});

describe("toGenerationError maps failures to the generator contract's codes and texts", () => {
  it.each<[string, unknown, readonly [string, string, boolean]]>([
    ["the SDK's 401", fromResponse(401, { error: { message: "Incorrect API key provided: sk-abc***xyz" } }), CONFIG],
    ["the SDK's 403", fromResponse(403, { error: { message: "Model not allowed" } }), CONFIG],
    ["a plain status 401", { status: 401 }, CONFIG],
    ["a message mentioning the API key", new Error("Invalid API key"), CONFIG],
    ["a server message mentioning the api_key", fromResponse(400, { error: { message: "missing api_key" } }), CONFIG],
    [
      "a 500 with an OpenAI-style body",
      fromResponse(500, { error: { message: "Upstream overloaded" } }),
      ["Upstream overloaded", "API_ERROR", true],
    ],
    ["a 503 from an object", { status: 503, error: { message: "Service busy" } }, ["Service busy", "API_ERROR", true]],
    ["a body whose error is a string", fromResponse(502, { error: "Bad gateway" }), ["Bad gateway", "API_ERROR", true]],
    ["a 500 without a body", fromResponse(500, undefined), ["Failed to generate question", "API_ERROR", true]],
    [
      "a 400",
      fromResponse(400, { error: { message: "Invalid temperature" } }),
      ["Invalid temperature", "API_ERROR", false],
    ],
    ["a 400 without a message", { status: 400 }, ["Failed to generate question", "API_ERROR", false]],
    [
      "a 429 (retryable only from 500)",
      fromResponse(429, { error: { message: "Slow down" } }),
      ["Slow down", "API_ERROR", false],
    ],
    [
      "a 400 whose message says timeout",
      fromResponse(400, { error: { message: "timeout must be positive" } }),
      ["timeout must be positive", "API_ERROR", false],
    ],
    ["the SDK's connection error", new APIConnectionError({ message: "Connection error.", cause: refused }), NETWORK],
    ["the SDK's timeout", new APIConnectionTimeoutError(), NETWORK],
    ["the SDK's abort", new APIUserAbortError(), NETWORK],
    ["fetch failing", refused, NETWORK],
    ["a DOM timeout", new DOMException("The operation was aborted due to timeout", "TimeoutError"), NETWORK],
    ["a status 0 (no response)", { status: 0, message: "" }, NETWORK],
    ["a message mentioning the network", "network down", NETWORK],
    ["a body cut short", new TypeError("terminated"), NETWORK],
    ["anything else", new Error("something odd"), OTHER],
    ["a SyntaxError from a garbled body", new SyntaxError("Unexpected token < in JSON at position 0"), OTHER],
    ["null", null, OTHER],
    ["undefined", undefined, OTHER],
    ["a number", 42, OTHER],
  ])("%s", (_, error, [message, code, retryable]) => {
    const mapped = toGenerationError(error);
    expect(mapped).toBeInstanceOf(GenerationError);
    expect(mapped).toMatchObject({ message, code, retryable });
  });

  it("passes a GenerationError through unchanged", () => {
    const original = new GenerationError({ code: "INVALID_RESPONSE", params: {} }, true);
    expect(toGenerationError(original)).toBe(original);
  });

  it("keeps credentials out of server messages, and keeps them short and on one line", () => {
    const echoed = toGenerationError(
      new InternalServerError(
        500,
        { message: "Key sk-live-abcdef123456 is\nover budget (Bearer abc.def)" },
        undefined,
        new Headers(),
      ),
    );
    expect(echoed.message).toBe("Key [redacted] is over budget ([redacted])");
    const long = toGenerationError(fromResponse(500, { error: { message: "x".repeat(1000) } }));
    expect(long.message.length).toBeLessThanOrEqual(200);
  });

  it("reads SDK errors built by their own classes", () => {
    const auth = new AuthenticationError(401, { message: "nope" }, undefined, new Headers());
    expect(toGenerationError(auth).message).toBe(CONFIG[0]);
  });
});
