import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * The contact form and first-party analytics over HTTP against the built
 * server, with a real SMTP server on loopback receiving the team's mail.
 */
describe("contact form and analytics over HTTP", () => {
  const TEAM = "team@circleup.test";
  const ADMIN = "owner@circleup.test";
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let ipCounter = 10;
  const client = () => new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${ipCounter++}` });
  const message = (extra: Record<string, string> = {}) => ({
    name: "Grace Hopper",
    email: "grace@example.com",
    message: "Could you add questions for our monthly demo day? They are part retro, part celebration.",
    website: "",
    ...extra,
  });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, CONTACT_EMAIL: TEAM, TRUST_PROXY: "true", ADMIN_EMAILS: ADMIN });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("stores a message, thanks the sender and mails it to CONTACT_EMAIL", async () => {
    const response = await client().postForm("/contact", message());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you, your message is on its way.");
    const mail = await smtp.waitForMessage((m) => m.to.includes(TEAM), 15_000);
    expect(mail.subject).toContain("Grace Hopper");
    expect(mail.text).toContain("monthly demo day");
    expect(mail.text).toContain("grace@example.com");
  });

  it("names each field that is wrong and sends nothing", async () => {
    const response = await client().postForm(
      "/contact",
      message({ name: " ", email: "grace(at)example", message: "Hi" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your name");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Please write at least 10 characters so we can help");
  });

  it("accepts a robot's message (honeypot filled) without storing or mailing it", async () => {
    const before = smtp.messages.length;
    const response = await client().postForm("/contact", message({ website: "https://spam.example", name: "Robot" }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you, your message is on its way.");
    // A real message sent after it arrives; the robot's never does.
    await client().postForm("/contact", message({ name: "After Robot" }));
    await smtp.waitForMessage((m) => m.subject.includes("After Robot"), 15_000);
    expect(smtp.messages.slice(before).some((m) => m.subject.includes("Robot") && !m.subject.includes("After"))).toBe(
      false,
    );
  });

  it("limits one sender to three messages in ten minutes", async () => {
    const sender = client();
    for (let i = 0; i < 3; i++) expect((await sender.postForm("/contact", message())).status).toBe(200);
    const limited = await sender.postForm("/contact", message());
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Please wait a few minutes and try again.");
    expect((await client().postForm("/contact", message())).status).toBe(200);
  });

  it("records page views sent after consent, refuses malformed events, and charts them for admins", async () => {
    const visitor = client();
    const bad = await visitor.postJson("/api/v1/events", { name: "page_view", page: "home", path: "home" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("path");
    const unknown = await visitor.postJson("/api/v1/events", { name: "purchase", page: "home", path: "/" });
    expect(unknown.status).toBe(400);
    for (let i = 0; i < 3; i++) {
      const ok = await visitor.postJson("/api/v1/events", {
        name: "page_view",
        page: "home",
        path: "/",
        search: "?sort=newest&token=secret",
      });
      expect(ok.status).toBe(204);
    }

    const admin = client();
    await signUpAndVerify(admin, smtp, ADMIN);
    const html = await (await admin.get("/admin")).text();
    const today = new Date().toISOString().slice(0, 10);
    const row = new RegExp(`<td[^>]*>${today}</td><td[^>]*>(\\d+)</td>`).exec(html);
    expect(Number(row?.[1])).toBeGreaterThanOrEqual(3);
  });

  it("limits one address to 120 events a minute and says so, leaving other addresses alone", async () => {
    const flooder = client();
    const view = { name: "page_view", page: "home", path: "/" };
    const statuses = [];
    for (let i = 0; i < 120; i++) statuses.push((await flooder.postJson("/api/v1/events", view)).status);
    expect(statuses.filter((status) => status !== 204)).toEqual([]);
    const limited = await flooder.postJson("/api/v1/events", view);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: expect.stringMatching(/^Too many events: try again in (\d+ seconds?|1 minute)$/),
      code: "RATE_LIMITED",
      params: { rule: "events", what: "events", retryAfterSeconds: expect.any(Number) },
      retryable: true,
    });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await client().postJson("/api/v1/events", view)).status).toBe(204);
  });

  it("refuses a plan without valid questions, names the format at fault, and 404s unknown plans", async () => {
    const visitor = client();
    const empty = await visitor.postForm("/plan", { intent: "create", title: "Nothing" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Add at least one question to the plan");
    const bad = await visitor.postForm("/plan", { intent: "create", questionIds: "not-an-id" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("questionIds must hold question ids");
    const missing = await visitor.postForm("/plan", {
      intent: "create",
      questionIds: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(409);

    const list = await (await visitor.get("/api/v1/questions?sort=newest")).json();
    const made = await visitor.postForm("/plan", { intent: "create", title: "", questionIds: list.items[0].id });
    expect(made.status).toBe(302);
    const planPath = made.headers.get("location") as string;
    expect(planPath).toMatch(/^\/p\/[0-9a-f-]{36}$/);
    const page = await (await visitor.get(planPath)).text();
    expect(page).toContain("Meeting plan</h1>");
    expect(page).toContain('content="noindex, nofollow"');
    // A pasted plan link previews with its first question's picture.
    expect(page).toContain(`<meta property="og:image" content="${server.url}/q/${list.items[0].id}/image.png"/>`);
    const wrongFormat = await visitor.get(`${planPath}/export?format=pdf`);
    expect(wrongFormat.status).toBe(400);
    expect((await wrongFormat.json()).error).toBe("format must be one of csv, json, markdown, text");
    const csv = await visitor.get(`${planPath}/export?format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(list.items[0].question.slice(0, 20));
    expect((await visitor.get("/p/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
