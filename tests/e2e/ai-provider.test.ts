import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify } from "../support/accounts";
import { startFakeOpenAI } from "../support/fake-openai";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * The built server with a real OpenAI-protocol peer on loopback standing in
 * for DeepSeek: the metered AI path, its quota and its failures, end to end.
 */
describe("generation with an AI provider configured", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  let server: RunningServer;
  let smtp: SmtpTestServer;
  /** Ids of the AI questions stored so far: sent as seen, so fallbacks come from the curated library. */
  const aiIds: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    smtp = await startSmtpServer();
    server = await startServer({
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: "admin@example.com",
      AI_QUOTA_FREE: "3",
      AI_API_KEY: "sk-e2e-secret",
      AI_BASE_URL: fake.baseURL,
      AI_MODEL: "deepseek-chat",
      AI_TIMEOUT_MS: "10000",
      AI_QUOTA_ANONYMOUS: "10",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
    await smtp?.close();
  });

  const generate = (cookie: string | null, body: Record<string, unknown> = {}) =>
    fetch(`${server.url}/api/v1/generate-question`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({
        meetingContext: "check-in",
        questionStyle: "playful",
        engagementLevel: "quick",
        fresh: true,
        ...body,
      }),
    });

  it("reports the provider and its 1-token check in /api/health", async () => {
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health.ai).toEqual({ provider: "custom", model: "deepseek-chat", status: "up" });
    expect(fake.received.some((r) => r.body.max_tokens === 1)).toBe(true);
  });

  it("meters 10 AI questions per anonymous session, then serves the library with a clear message", async () => {
    fake.reset();
    const first = await generate(null);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^cu_visitor=/);
    const firstBody = await first.json();
    aiIds.push(firstBody.id);
    expect(firstBody).toMatchObject({ source: "ai_generated", remainingQuestions: 9 });
    expect(firstBody.question).toBe("Which small moment number 1 made this week better for you?");
    for (let i = 2; i <= 10; i++) {
      const body = await (await generate(cookie)).json();
      expect(body).toMatchObject({ source: "ai_generated", remainingQuestions: 10 - i });
      aiIds.push(body.id);
    }
    expect(fake.received).toHaveLength(10);

    const eleventh = await generate(cookie, { seenIds: aiIds });
    expect(eleventh.status).toBe(200);
    const body = await eleventh.json();
    expect(body.source).toBe("curated");
    expect(body.remainingQuestions).toBe(0);
    expect(body.aiError.code).toBe("QUOTA_EXCEEDED");
    expect(body.notice).toContain("Library questions stay unlimited");
    expect(fake.received).toHaveLength(10);

    // A new visitor has their own allowance; the AI's question joins the others that later draws send as seen.
    const newcomer = await (await generate(null)).json();
    expect(newcomer.remainingQuestions).toBe(9);
    aiIds.push(newcomer.id);
  });

  it("falls back to the library with the failure's message when the provider fails, and does not count it", async () => {
    fake.reset();
    fake.enqueue(
      { kind: "status", status: 500, message: "Upstream overloaded" },
      { kind: "status", status: 500, message: "Upstream overloaded" },
      { kind: "status", status: 500, message: "Upstream overloaded" },
    );
    const response = await generate(null, { seenIds: aiIds });
    const body = await response.json();
    expect(body.source).toBe("curated");
    expect(body.aiError).toEqual({
      error: "Upstream overloaded",
      code: "API_ERROR",
      params: { reason: "server", detail: "Upstream overloaded" },
      retryable: true,
    });
    expect(body.notice).toContain("could not be written just now");
    expect(body.remainingQuestions).toBe(10);
  });

  it("maps a rejected key to the configuration message without leaking it", async () => {
    fake.reset();
    fake.enqueue({ kind: "status", status: 401, message: "Incorrect API key provided: sk-e2e-***" });
    const body = await (await generate(null)).json();
    expect(body.aiError).toEqual({
      error: "API configuration error. Please check settings.",
      code: "API_ERROR",
      params: { reason: "configuration" },
      retryable: false,
    });
    expect(JSON.stringify(body)).not.toContain("sk-e2e");
    expect(server.output()).not.toContain("sk-e2e-secret");
  });

  it("meters a free account per 24 hours and lets premium generate without limit", async () => {
    fake.reset();
    const member = new HttpClient(server.url);
    await signUpAndVerify(member, smtp, "member@example.com");
    const ask = async () =>
      (
        await member.postJson("/api/v1/generate-question", {
          meetingContext: "check-out",
          questionStyle: "reflective",
          engagementLevel: "deep",
          fresh: true,
          seenIds: aiIds,
        })
      ).json();

    for (let left = 2; left >= 0; left--) {
      const body = await ask();
      expect(body).toMatchObject({ source: "ai_generated", remainingQuestions: left });
      aiIds.push(body.id);
    }
    const fourth = await ask();
    expect(fourth.source).toBe("curated");
    expect(fourth.aiError.code).toBe("QUOTA_EXCEEDED");
    expect(fourth.notice).toContain("renew 24 hours after the first one");

    const admin = new HttpClient(server.url);
    await signUpAndVerify(admin, smtp, "admin@example.com");
    const profile = await (await member.get("/profile/export")).json();
    const granted = await admin.postJson(`/api/v1/admin/users/${profile.account.id}`, { plan: "premium" });
    expect(granted.status).toBe(200);

    for (let i = 0; i < 6; i++) {
      const body = await ask();
      expect(body).toMatchObject({ source: "ai_generated", remainingQuestions: "unlimited" });
      aiIds.push(body.id);
    }
    expect(fake.received.filter((r) => r.body.max_tokens !== 1)).toHaveLength(9);
  });
});
