import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

type Role = "anonymous" | "member" | "author" | "admin";

/** The members of the parallel vote burst. */
const VOTERS = 50;

/**
 * Every mutating community endpoint, walked as each kind of caller:
 * visitors sign in first, members vote, save and submit, only admins edit,
 * delete, moderate and change access.
 */
describe("community API authorisation", () => {
  let smtp: SmtpTestServer;
  let server: RunningServer;
  const clients = {} as Record<Role, HttpClient>;
  let published: string;
  let publishedText: string;
  let authored: string;
  let memberId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Members who signed up long ago: sign-up itself is the accounts tests' subject.
    const members = [
      ...["member", "author"].map((role) => ({ email: `${role}@example.com` })),
      { email: "admin@example.com", admin: true },
      ...Array.from({ length: VOTERS }, (_, i) => ({ email: `voter${i}@example.com` })),
    ];
    server = await startServer(
      { SMTP_URL: smtp.url, ADMIN_EMAILS: "admin@example.com", TRUST_PROXY: "true" },
      { members },
    );
    let ip = 1;
    const client = () => new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${ip++}` });
    clients.anonymous = client();
    for (const role of ["member", "author", "admin"] as const) {
      clients[role] = client();
      await signIn(clients[role], `${role}@example.com`);
    }
    memberId = (await (await clients.member.get("/profile/export")).json()).account.id;
    const list = await (await clients.anonymous.get("/api/v1/questions?sort=newest")).json();
    published = list.items[0].id;
    // A question, not one of the library's instructions ("Share ... in one word."), which a member's text may not be.
    publishedText = list.items.find((item: { question: string }) => item.question.endsWith("?")).question;
    const submitted = await clients.author.postJson("/api/v1/questions", {
      question: "What is one small habit that keeps our meetings kind?",
      type: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "team-building",
    });
    expect(submitted.status).toBe(201);
    authored = (await submitted.json()).id;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const send = (role: Role, method: string, path: string, body?: unknown) =>
    clients[role].request(path, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it.each([
    ["POST", "vote", { anonymous: 401, member: 200, author: 200, admin: 200 }],
    ["PUT", "save", { anonymous: 401, member: 200, author: 200, admin: 200 }],
    ["DELETE", "save", { anonymous: 401, member: 200, author: 200, admin: 200 }],
    ["PUT", "hide", { anonymous: 401, member: 200, author: 200, admin: 200 }],
    ["DELETE", "hide", { anonymous: 401, member: 200, author: 200, admin: 200 }],
  ] as const)("%s /api/v1/questions/{id}/%s", async (method, action, expected) => {
    for (const role of Object.keys(expected) as Role[]) {
      const answer = await send(
        role,
        method,
        `/api/v1/questions/${published}/${action}`,
        method === "POST" ? { direction: "up" } : undefined,
      );
      expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
    }
  });

  it("lets members submit questions and refuses visitors", async () => {
    const body = (n: number) => ({
      question: `Which meeting ritual number ${n} would you keep forever?`,
      type: "check-out",
      questionStyle: "playful",
      engagementLevel: "quick",
      categorySlug: "retrospectives",
    });
    expect((await send("anonymous", "POST", "/api/v1/questions", body(0))).status).toBe(401);
    expect((await send("member", "POST", "/api/v1/questions", body(1))).status).toBe(201);
    // Another member's waiting question may say the same, and nobody is told it exists; a published text may not.
    expect((await send("admin", "POST", "/api/v1/questions", body(1))).status).toBe(201);
    const duplicate = await send("admin", "POST", "/api/v1/questions", { ...body(1), question: publishedText });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toBe("This question is already in the library");
    const invalid = await send("member", "POST", "/api/v1/questions", { ...body(2), question: "Too short" });
    expect(invalid.status).toBe(400);
    const bell = await send("member", "POST", "/api/v1/questions", {
      ...body(3),
      question: "Which meeting ritual\u0007 would you keep forever?",
    });
    expect(bell.status).toBe(400);
    expect(await bell.json()).toMatchObject({
      error: "Invalid question: must not contain control characters",
      code: "INVALID_INPUT",
      field: "question",
    });
    for (const [question, problem] of [
      ["Which meeting ritual \u202Ewould you keep forever?", "direction controls"],
      ["Which meeting ri\u200Btual would you keep forever?", "invisible characters"],
      ["Which ritual at http://evil.example/sso would you keep?", "links"],
      ["Did you log in at evil.example/sso to keep your ritual?", "links"],
    ]) {
      const refused = await send("member", "POST", "/api/v1/questions", { ...body(4), question });
      expect(refused.status, question).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: `Invalid question: must not contain ${problem}`,
        field: "question",
      });
    }
  });

  it("keeps moderation, edits, deletes and access changes to admins, the author included", async () => {
    for (const role of ["anonymous", "member", "author"] as const) {
      const expected = role === "anonymous" ? 401 : 403;
      const moderate = await send(role, "POST", `/api/v1/admin/questions/${authored}/moderate`, {
        decision: "approve",
      });
      const edit = await send(role, "PATCH", `/api/v1/questions/${authored}`, {
        updates: { question: "Edited by someone?" },
      });
      const remove = await send(role, "DELETE", `/api/v1/questions/${authored}`);
      const access = await send(role, "POST", `/api/v1/admin/users/${memberId}`, { isAdmin: true });
      expect([moderate.status, edit.status, remove.status, access.status]).toEqual([
        expected,
        expected,
        expected,
        expected,
      ]);
      if (role !== "anonymous") expect((await edit.json()).error).toBe("Admin access required");
    }
    expect(
      (await send("admin", "POST", `/api/v1/admin/questions/${authored}/moderate`, { decision: "approve" })).status,
    ).toBe(200);
    const edited = await send("admin", "PATCH", `/api/v1/questions/${authored}`, {
      updates: { question: "  What small habit keeps our meetings kind?  " },
    });
    expect(await edited.json()).toEqual({ id: authored, question: "What small habit keeps our meetings kind?" });
    expect((await send("admin", "DELETE", `/api/v1/questions/${authored}`)).status).toBe(204);
    expect((await send("admin", "DELETE", `/api/v1/questions/${authored}`)).status).toBe(404);
  });

  it("refuses an admin's state change that another site's page sends, and a body that is not JSON", async () => {
    const grant = (headers: Record<string, string>, body = JSON.stringify({ isAdmin: true })) =>
      fetch(`${server.url}/api/v1/admin/users/${memberId}`, {
        method: "POST",
        headers: { cookie: clients.admin.cookieHeader(), "content-type": "application/json", ...headers },
        body,
      });
    const foreignPort = new URL(server.url);
    foreignPort.port = String(Number(foreignPort.port) + 1);
    const foreignRequests: Record<string, string>[] = [
      { origin: "http://evil.example" },
      // Another port on the same host is same-site: SameSite cookies would let this through.
      { origin: foreignPort.origin },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ];
    for (const headers of foreignRequests) {
      const refused = await grant(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "FORBIDDEN_ORIGIN", retryable: false });
    }
    const plainText = await grant({ origin: server.url, "content-type": "text/plain" });
    expect(plainText.status).toBe(415);
    expect((await plainText.json()).error).toContain("application/json");
    const profile = await (await clients.member.get("/profile/export")).json();
    expect(profile.profile.isAdmin).toBe(false);
  });

  it("refuses a body over 1 MB with 413 before reading it all", async () => {
    // The answer comes while the client is still sending, so this needs a raw request, not fetch.
    const size = 60 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/v1/questions`, {
        method: "POST",
        headers: {
          cookie: clients.author.cookieHeader(),
          origin: server.url,
          "content-type": "application/json",
          "content-length": String(size),
        },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write(`{"question":"${"x".repeat(64 * 1024)}`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers the admin edit errors", async () => {
    const cases: [unknown, string][] = [
      [{ updates: "text" }, "Invalid updates: must be an object"],
      [{ updates: { question: "" } }, "Invalid question: must be a non-empty string"],
      [{ updates: { question: 42 } }, "Invalid question: must be a non-empty string"],
      [
        { updates: { question: "What made you smile\u001b[31m today?" } },
        "Invalid question: must not contain control characters",
      ],
      [
        { source: "curated", updates: { question: "Is this fine?" } },
        'Invalid source: must be "generated" or "user_submitted"',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await send("admin", "PATCH", `/api/v1/questions/${published}`, body);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error).toBe(message);
    }
    const badId = await send("admin", "PATCH", "/api/v1/questions/not-a-uuid", {
      updates: { question: "Is this fine?" },
    });
    expect((await badId.json()).error).toBe("Invalid questionId: must be a UUID");
  });

  it("exports saved questions as downloads with the right type and name", async () => {
    const list = await (await clients.member.get("/api/v1/questions?sort=newest&category=remote-teams")).json();
    for (const q of list.items.slice(0, 3)) await send("member", "PUT", `/api/v1/questions/${q.id}/save`);
    expect((await send("anonymous", "GET", "/api/v1/saved?format=csv")).status).toBe(401);
    const csv = await clients.member.get("/api/v1/saved?format=csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="saved-questions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("question,type,questionStyle,engagementLevel,categorySlug,savedAt");
    expect(lines).toHaveLength(4);
    const markdown = await clients.member.get("/api/v1/saved?format=markdown");
    expect(markdown.headers.get("content-disposition")).toMatch(/\.md"$/);
    expect(await markdown.text()).toMatch(/^# Saved questions/);
    expect((await clients.member.get("/api/v1/saved?format=pdf")).status).toBe(400);
    // A name every object has is not a format either.
    expect((await clients.member.get("/api/v1/saved?format=toString")).status).toBe(400);
  });

  it("keeps the counters equal to the stored votes under 500 parallel vote requests from 50 users", async () => {
    const voters = Array.from(
      { length: VOTERS },
      (_, i) => new HttpClient(server.url, { "x-forwarded-for": `203.0.113.${100 + i}` }),
    );
    await Promise.all(voters.map((voter, i) => signIn(voter, `voter${i}@example.com`)));
    const list = await (await clients.anonymous.get("/api/v1/questions?sort=newest&category=all-hands")).json();
    const target = list.items[0].id as string;
    // Earlier test files may have voted on this question; only the burst's change is ours to check.
    const before = list.items[0] as { voteScore: number; totalVotes: number };
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        (voters[i % 50] as HttpClient).postJson(`/api/v1/questions/${target}/vote`, {
          direction: i % 3 === 0 ? "down" : "up",
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);

    // What each voter's own view says is stored, against the question's counters.
    let up = 0;
    let down = 0;
    let counters: { upvotes?: number; voteScore: number; totalVotes: number } | undefined;
    for (const voter of voters) {
      const response = await voter.get("/api/v1/questions?sort=newest&category=all-hands");
      // Still signed in after the burst: a visitor's list would hide this voter's vote.
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const page = await response.json();
      const card = page.items.find((q: { id: string }) => q.id === target);
      if (card.userVote === "up") up++;
      if (card.userVote === "down") down++;
      counters = card;
    }
    expect(counters?.voteScore).toBe(before.voteScore + up - down);
    expect(counters?.totalVotes).toBe(before.totalVotes + up + down);
  }, 180_000);
});
