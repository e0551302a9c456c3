import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { adminAuditLog } from "~/db/schema";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";
import { copyPgliteTemplate } from "../support/templates";

/**
 * API tokens end to end, over HTTP with no cookie: a member makes a token on
 * their profile, a script uses it to prepare a team's meeting and host a
 * round; a read-only token may not change anything, a revoked or unknown one
 * is refused, a team's token stays in its team, and a Bearer call needs no
 * Origin while a cookie's still does.
 */
const TOKEN = /cu_[a-z0-9]{10}_[A-Za-z0-9_-]{43}/;

let server: RunningServer;
let dataDir: string;
let teamId: string;
const owner = () => clients.owner;
const clients = {} as Record<"owner" | "member", HttpClient>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-tokens-"));
  copyPgliteTemplate("library", dataDir);
  teamId = await seedTeamWithPersonas({ dataDir });
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
  clients.owner = new HttpClient(server.url, { "x-forwarded-for": "198.51.100.1" });
  clients.member = new HttpClient(server.url, { "x-forwarded-for": "198.51.100.2" });
  await signIn(clients.owner, TEAM_PERSONAS.owner);
  await signIn(clients.member, TEAM_PERSONAS.member);
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Makes a token through the page's form, as a member does, and reads its secret from the page that shows it once. */
async function makeToken(client: HttpClient, page: string, fields: Record<string, string>): Promise<string> {
  const response = await client.postForm(page, { intent: "token-create", expiry: "30", access: "write", ...fields });
  const html = await response.text();
  expect(response.status, html.slice(0, 300)).toBe(200);
  expect(html).toContain("you won’t see it again");
  const token = html.match(TOKEN)?.[0];
  if (!token) throw new Error("The page showed no token");
  return token;
}

function bearer(token: string, route: string, init: { method?: string; body?: unknown; headers?: object } = {}) {
  return fetch(`${server.url}/api/v1${route}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": "198.51.100.9",
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function expectCode(response: Response, status: number, code: string, params?: object) {
  const body = await response.json();
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  if (params) expect(body.params).toEqual(params);
  return body;
}

describe("a member's token", () => {
  let token: string;

  beforeAll(async () => {
    token = await makeToken(owner(), "/profile", { name: "Check-in script" });
  });

  it("runs the example script: generate, save, list and write the team's questions, start and end a round", async () => {
    const script = path.resolve("scripts/api-example.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: { ...process.env, CIRCLEUP_URL: server.url, CIRCLEUP_TOKEN: token, CIRCLEUP_TEAM: teamId },
    });
    const steps = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(steps.map((step) => step.step)).toEqual([
      "generated",
      "saved",
      "listed",
      "written",
      "round-started",
      "round-ended",
    ]);
    expect(steps.at(-1).status).toBe("ended");
    // The member sees the script's work as their own: the question in their list, the team's new question.
    const saved = await owner().get("/saved-questions");
    expect(await saved.text()).toContain(steps[0].question.slice(0, 40));
    const listed = await (await owner().get(`/api/v1/teams/${teamId}/questions`)).json();
    expect(listed.questions.map((q: { id: string }) => q.id)).toContain(steps[3].id);
    // The profile shows when the token was last used.
    const profile = await (await owner().get("/profile")).text();
    expect(profile).toContain("Check-in script");
    expect(profile).toMatch(/Last used /);
  });

  it("sets and reads no cookie", async () => {
    const choice = { meetingContext: "check-in", questionStyle: "reflective", engagementLevel: "standard" };
    const generated = await bearer(token, "/generate-question", { method: "POST", body: choice });
    expect(generated.status).toBe(200);
    expect(generated.headers.getSetCookie()).toEqual([]);
    const { id } = await generated.json();
    const started = await bearer(token, "/rounds", { method: "POST", body: { questionIds: [id] } });
    expect(started.status).toBe(201);
    expect(started.headers.getSetCookie()).toEqual([]);
    // A cookie beside the token changes nothing: the token decides, and a bad token is refused though the cookie is good.
    const withCookie = await bearer(`cu_0000000000_${"A".repeat(43)}`, `/teams/${teamId}/questions`, {
      headers: { cookie: owner().cookieHeader() },
    });
    await expectCode(withCookie, 401, "TOKEN_INVALID");
    // The saved-questions download is no use case and lets no token in; it never falls back on the cookie either.
    const download = await bearer(token, "/saved?format=csv", { headers: { cookie: owner().cookieHeader() } });
    await expectCode(download, 403, "CALLER_NOT_ALLOWED", { actor: "token" });
  });

  it("needs no Origin, and passes with a foreign one; a cookie's call from another site is still refused", async () => {
    const question = { questionStyle: "reflective", engagementLevel: "standard", categorySlug: "remote-teams" };
    const body = { ...question, type: "check-in", question: "Which meeting this week gave you energy, and why?" };
    expect((await bearer(token, `/teams/${teamId}/questions`, { method: "POST", body })).status).toBe(201);
    const foreign = await bearer(token, `/teams/${teamId}/questions`, {
      method: "POST",
      body: { ...body, question: "What would you like more of in our meetings?" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(foreign.status).toBe(201);
    const fromAnotherSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
    ];
    for (const headers of fromAnotherSite) {
      const refused = await fetch(`${server.url}/api/v1/teams/${teamId}/questions`, {
        method: "POST",
        headers: { cookie: owner().cookieHeader(), "content-type": "application/json", ...headers },
        body: JSON.stringify({ ...body, question: "What should we stop doing?" }),
      });
      await expectCode(refused, 403, "FORBIDDEN_ORIGIN");
    }
    // Everything else still applies to a Bearer call: the body must be JSON.
    const plain = await fetch(`${server.url}/api/v1/teams/${teamId}/questions`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
      body: "hello",
    });
    expect(plain.status).toBe(415);
  });
});

describe("refused tokens", () => {
  it("answers 401 with a code and WWW-Authenticate for a malformed, unknown or revoked token", async () => {
    for (const header of ["Bearer", "Bearer not-a-token", `Bearer cu_abcdefghij_${"x".repeat(43)}`]) {
      const response = await fetch(`${server.url}/api/v1/teams/${teamId}/questions`, {
        headers: { authorization: header },
      });
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      await expectCode(response, 401, "TOKEN_INVALID");
    }
    const token = await makeToken(owner(), "/profile", { name: "Soon revoked" });
    expect((await bearer(token, `/teams/${teamId}/questions`)).status).toBe(200);
    const profile = await (await owner().get("/profile")).text();
    const tokenId = profile.match(/Soon revoked[\s\S]*?name="tokenId" value="([0-9a-f-]{36})"/)?.[1];
    expect(tokenId).toBeDefined();
    const revoked = await owner().postForm("/profile", { intent: "token-revoke", tokenId: tokenId as string });
    expect(await revoked.text()).toContain("The token is revoked.");
    const refused = await bearer(token, `/teams/${teamId}/questions`);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const body = await expectCode(refused, 401, "TOKEN_REVOKED");
    expect(body.error).toBe("This API token has been revoked");
  });

  it("answers 403 TOKEN_SCOPE_MISSING for a change with a read-only token, and lets it read", async () => {
    const token = await makeToken(owner(), "/profile", { name: "Reader", access: "read" });
    const listed = await bearer(token, `/teams/${teamId}/questions`);
    expect(listed.status).toBe(200);
    const generated = await bearer(token, "/generate-question", {
      method: "POST",
      body: { meetingContext: "check-in", questionStyle: "reflective", engagementLevel: "standard" },
    });
    expect(generated.status).toBe(200);
    const { id } = await generated.json();
    const refused = await bearer(token, "/rounds", { method: "POST", body: { questionIds: [id] } });
    await expectCode(refused, 403, "TOKEN_SCOPE_MISSING", { scope: "write" });
  });

  it("keeps a team's token in its team, with a facilitator's abilities and nothing of a person's", async () => {
    // Only whoever may manage the team makes its tokens.
    const memberTry = await clients.member.postForm(`/teams/${teamId}/settings`, {
      intent: "token-create",
      name: "Not mine to make",
      access: "write",
      expiry: "30",
    });
    expect(memberTry.status).toBe(403);
    const token = await makeToken(owner(), `/teams/${teamId}/settings`, { name: "Team bot" });
    expect((await bearer(token, `/teams/${teamId}/questions`)).status).toBe(200);
    const written = await bearer(token, `/teams/${teamId}/questions`, {
      method: "POST",
      body: {
        question: "What is one thing the team did well this sprint?",
        type: "check-out",
        questionStyle: "reflective",
        engagementLevel: "standard",
        categorySlug: "remote-teams",
      },
    });
    expect(written.status).toBe(201);
    const otherTeam = await bearer(token, "/teams/00000000-0000-4000-8000-000000000000/questions");
    await expectCode(otherTeam, 403, "TOKEN_SCOPE_MISSING", { scope: "team" });
    const { id } = await written.json();
    const personal = await bearer(token, `/questions/${id}/save`, { method: "PUT" });
    await expectCode(personal, 403, "TOKEN_SCOPE_MISSING", { scope: "member" });
    const settings = await (await owner().get(`/teams/${teamId}/settings`)).text();
    expect(settings).toContain("Team bot");
  });

  it("writes every creation, revocation and refusal of a token to the audit log", async () => {
    await server.stop();
    const handle = await openDatabase({ dataDir });
    try {
      const rows = await handle.db
        .select({ action: adminAuditLog.action, after: adminAuditLog.after })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetType, "token"));
      const actions = rows.map((row) => row.action);
      expect(actions.filter((action) => action === "token.create")).toHaveLength(4);
      expect(actions.filter((action) => action === "token.revoke")).toHaveLength(1);
      const refusals = rows
        .filter((row) => row.action === "token.refuse")
        .map((row) => (row.after as { code: string }).code);
      expect(refusals.sort()).toEqual([
        "TOKEN_REVOKED",
        "TOKEN_SCOPE_MISSING",
        "TOKEN_SCOPE_MISSING",
        "TOKEN_SCOPE_MISSING",
      ]);
    } finally {
      await handle.close();
    }
  });
});
