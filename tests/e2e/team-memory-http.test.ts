import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { questions } from "~/db/schema";
import { normalizeQuestionText } from "~/shared/questions";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";
import { copyPgliteTemplate } from "../support/templates";

/**
 * Every team-memory page and endpoint for each kind of person: the owner and
 * the facilitator curate and mark uses, a member reads, a signed-in outsider
 * gets 404 as if the team did not exist, a visitor signs in first (pages) or
 * gets 401 (API). And the team's private question stays out of every public
 * reader for the outsider.
 */
type Persona = keyof typeof TEAM_PERSONAS | "visitor";
const PERSONAS: Persona[] = ["owner", "facilitator", "member", "outsider", "visitor"];
const PRIVATE_TEXT = "What did our platform crew learn from the last incident review?";

let server: RunningServer;
let dataDir: string;
let teamId: string;
let privateId: string;
let publishedId: string;
const clients = {} as Record<Persona, HttpClient>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-team-memory-"));
  copyPgliteTemplate("library", dataDir);
  teamId = await seedTeamWithPersonas({ dataDir });
  const handle = await openDatabase({ dataDir });
  try {
    const [published] = await handle.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.status, "published"), eq(questions.meetingContext, "check-in")))
      .limit(1);
    publishedId = published?.id as string;
    const [row] = await handle.db
      .insert(questions)
      .values({
        text: PRIVATE_TEXT,
        normalizedText: normalizeQuestionText(PRIVATE_TEXT),
        type: "check-in",
        meetingContext: "check-in",
        questionStyle: "reflective",
        engagementLevel: "standard",
        source: "user_submitted",
        status: "team",
        teamId,
      })
      .returning({ id: questions.id });
    privateId = row?.id as string;
  } finally {
    await handle.close();
  }
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
  let ip = 1;
  for (const persona of PERSONAS) {
    clients[persona] = new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${ip++}` });
    if (persona !== "visitor") await signIn(clients[persona], TEAM_PERSONAS[persona]);
  }
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Expected = Record<Persona, number>;
const READ: Expected = { owner: 200, facilitator: 200, member: 200, outsider: 404, visitor: 401 };
const CURATE: Expected = { owner: 200, facilitator: 200, member: 403, outsider: 404, visitor: 401 };
const PAGE: Expected = { ...READ, visitor: 302 };
const PAGE_CURATE: Expected = { ...CURATE, visitor: 302 };

let written = 0;
/** A fresh private question of the team, written by the owner, for endpoints that change or remove one. */
async function freshPrivate(): Promise<string> {
  written += 1;
  const response = await clients.owner.postJson(`/api/v1/teams/${teamId}/questions`, {
    question: `Which small win number ${written} should the team celebrate?`,
    type: "check-in",
    questionStyle: "reflective",
    engagementLevel: "standard",
    categorySlug: "remote-teams",
  });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

const CASES: { name: string; expected: Expected; call: (http: HttpClient) => Promise<Response> }[] = [
  { name: "GET /teams/:id/history", expected: PAGE, call: (http) => http.get(`/teams/${teamId}/history`) },
  { name: "GET /teams/:id/questions", expected: PAGE, call: (http) => http.get(`/teams/${teamId}/questions`) },
  {
    name: "POST /teams/:id/questions (remove from collection)",
    expected: PAGE_CURATE,
    call: (http) => http.postForm(`/teams/${teamId}/questions`, { intent: "unsave", questionId: publishedId }),
  },
  {
    name: "POST /api/v1/teams/:id/uses",
    expected: { ...CURATE, owner: 201, facilitator: 201 },
    call: (http) => http.postJson(`/api/v1/teams/${teamId}/uses`, { questionId: publishedId, how: "asked" }),
  },
  {
    name: "PUT /api/v1/teams/:id/hidden/:q",
    expected: CURATE,
    call: (http) => http.request(`/api/v1/teams/${teamId}/hidden/${publishedId}`, { method: "PUT" }),
  },
  {
    name: "DELETE /api/v1/teams/:id/hidden/:q",
    expected: CURATE,
    call: (http) => http.request(`/api/v1/teams/${teamId}/hidden/${publishedId}`, { method: "DELETE" }),
  },
  {
    name: "PUT /api/v1/teams/:id/collection/:q",
    expected: CURATE,
    call: (http) => http.request(`/api/v1/teams/${teamId}/collection/${publishedId}`, { method: "PUT" }),
  },
  {
    name: "DELETE /api/v1/teams/:id/collection/:q",
    expected: CURATE,
    call: (http) => http.request(`/api/v1/teams/${teamId}/collection/${publishedId}`, { method: "DELETE" }),
  },
  {
    name: "GET /api/v1/teams/:id/questions",
    expected: READ,
    call: (http) => http.get(`/api/v1/teams/${teamId}/questions`),
  },
  {
    name: "POST /api/v1/teams/:id/questions",
    expected: { ...CURATE, owner: 201, facilitator: 201 },
    call: (http) =>
      http.postJson(`/api/v1/teams/${teamId}/questions`, {
        question: `What would make our next demo calmer, ${Math.random().toString(36).slice(2, 8)}?`,
        type: "check-out",
        questionStyle: "professional",
        engagementLevel: "standard",
        categorySlug: "remote-teams",
      }),
  },
  {
    name: "PATCH /api/v1/teams/:id/questions/:q",
    expected: CURATE,
    call: async (http) =>
      http.request(`/api/v1/teams/${teamId}/questions/${await freshPrivate()}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: `Which habit helps us most, ${Math.random().toString(36).slice(2, 8)}?` }),
      }),
  },
  {
    name: "DELETE /api/v1/teams/:id/questions/:q",
    expected: { ...CURATE, owner: 204, facilitator: 204 },
    call: async (http) =>
      http.request(`/api/v1/teams/${teamId}/questions/${await freshPrivate()}`, { method: "DELETE" }),
  },
  {
    name: "POST /api/v1/teams/:id/questions/:q/submit",
    expected: CURATE,
    call: async (http) =>
      http.request(`/api/v1/teams/${teamId}/questions/${await freshPrivate()}/submit`, { method: "POST" }),
  },
  {
    name: "POST /api/v1/generate-question for the team",
    expected: READ,
    call: (http) =>
      http.postJson("/api/v1/generate-question", {
        meetingContext: "check-in",
        questionStyle: "reflective",
        engagementLevel: "standard",
        teamId,
      }),
  },
];

describe("team memory access", () => {
  for (const { name, expected, call } of CASES)
    it.each(PERSONAS)(`${name} as %s`, async (persona) => {
      const response = await call(clients[persona]);
      expect(response.status).toBe(expected[persona]);
      if (persona === "visitor" && expected.visitor === 302)
        expect(response.headers.get("location")).toMatch(/^\/sign-in\?redirectTo=/);
      if (persona === "outsider") expect(await response.text()).not.toContain("Platform team");
    });

  it("an unknown team and a malformed id answer as a team one is not in", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await clients.owner.get(`/teams/${unknown}/history`)).status).toBe(404);
    expect((await clients.owner.get(`/api/v1/teams/not-a-uuid/questions`)).status).toBe(404);
  });
});

describe("the card menu's team actions", () => {
  it("offers curators Save to team, and on the team's page Not for this team and Mark as asked", async () => {
    const put = await clients.facilitator.request(`/api/v1/teams/${teamId}/collection/${publishedId}`, {
      method: "PUT",
    });
    expect(put.status).toBe(200);
    const curator = await (await clients.facilitator.get(`/teams/${teamId}/questions`)).text();
    for (const item of ["Save to team: Platform team", "Not for this team", "Mark as asked"])
      expect(curator).toContain(item);
    // A member reads the collection; the menu offers them no team actions.
    const member = await (await clients.member.get(`/teams/${teamId}/questions`)).text();
    for (const item of ["Save to team", "Not for this team", "Mark as asked"]) expect(member).not.toContain(item);
    // Elsewhere the curator's cards offer saving to the team only.
    const elsewhere = await (await clients.facilitator.get(`/q/${publishedId}`)).text();
    expect(elsewhere).toContain("Save to team: Platform team");
    expect(elsewhere).not.toContain("Not for this team");
    await clients.facilitator.request(`/api/v1/teams/${teamId}/collection/${publishedId}`, { method: "DELETE" });
  });
});

describe("the meeting page's cards", () => {
  it("offer Not for this team, and leave marking as asked to the meeting's own button", async () => {
    const started = await clients.facilitator.postForm(`/teams/${teamId}`, { questionId: publishedId });
    expect(started.status).toBe(302);
    const meetingPath = started.headers.get("location") ?? "";
    expect(meetingPath).toMatch(/\/meetings\/[0-9a-f-]{36}\?q=/);
    const page = await (await clients.facilitator.get(meetingPath)).text();
    expect(page).toContain("Not for this team");
    expect(page.match(/Mark as asked/g)?.length).toBe(1);
  });
});

describe("a team's private question is nobody else's", () => {
  it("stays out of every public reader for an outsider and a visitor", async () => {
    for (const persona of ["outsider", "visitor"] as const) {
      const http = clients[persona];
      expect((await http.get(`/q/${privateId}`)).status).toBe(404);
      expect((await http.get(`/q/${privateId}/image.png`)).status).toBe(404);
      expect([401, 404]).toContain(
        (await http.postJson(`/api/v1/questions/${privateId}/vote`, { direction: "up" })).status,
      );
      expect([401, 404]).toContain(
        (await http.request(`/api/v1/questions/${privateId}/save`, { method: "PUT" })).status,
      );
      expect([401, 404]).toContain(
        (await http.request(`/api/v1/questions/${privateId}/hide`, { method: "PUT" })).status,
      );
      const started = await http.postJson("/api/v1/rounds", { questionIds: [privateId] });
      expect(started.status).not.toBe(201);
      expect(await started.text()).not.toContain(PRIVATE_TEXT);
      const cookie = [http.cookieHeader(), `cu_plan=${privateId}`].filter(Boolean).join("; ");
      const plan = await fetch(`${server.url}/plan`, { headers: { cookie } });
      expect(await plan.text()).not.toContain(PRIVATE_TEXT);
      for (const list of ["/questions", "/api/v1/questions?sort=newest", "/sitemap.xml", "/remote-teams"])
        expect(await (await http.get(list)).text()).not.toContain(privateId);
    }
    // The team's own members see it on the team's page.
    expect(await (await clients.member.get(`/teams/${teamId}/questions`)).text()).toContain(PRIVATE_TEXT);
  });

  it("is not given away by a submission of the same text: the outsider's question waits for review", async () => {
    const submitted = await clients.outsider.postJson("/api/v1/questions", {
      question: PRIVATE_TEXT,
      type: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "remote-teams",
    });
    expect(submitted.status).toBe(201);
    expect(await submitted.text()).not.toContain(privateId);
  });

  it("refuses a text with a link, a direction control or an invisible character, naming the question", async () => {
    for (const [question, problem] of [
      ["Which login at www.evil.example should the team try?", "links"],
      ["Which small \u202Ewin should the team celebrate?", "direction controls"],
      ["Which small w\u2060in should the team celebrate?", "invisible characters"],
    ]) {
      const refused = await clients.owner.postJson(`/api/v1/teams/${teamId}/questions`, {
        question,
        type: "check-in",
        questionStyle: "reflective",
        engagementLevel: "standard",
        categorySlug: "remote-teams",
      });
      expect(refused.status, question).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: `Invalid question: must not contain ${problem}`,
        field: "question",
      });
    }
  });

  it("goes into a member's plan, whose shared link shows it to the team only", async () => {
    const member = clients.member;
    const cookie = `${member.cookieHeader()}; cu_plan=${privateId}.${publishedId}`;
    expect(await (await fetch(`${server.url}/plan`, { headers: { cookie } })).text()).toContain(PRIVATE_TEXT);
    const saved = await member.request("/plan", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["intent", "save"],
        ["title", "Monday"],
        ["questionIds", privateId],
        ["questionIds", publishedId],
      ]).toString(),
    });
    expect(saved.status).toBe(302);
    const planPath = saved.headers.get("location") as string;
    expect(planPath).toMatch(/^\/p\//);
    expect(await (await clients.owner.get(planPath)).text()).toContain(PRIVATE_TEXT);
    for (const persona of ["outsider", "visitor"] as const) {
      const page = await (await clients[persona].get(planPath)).text();
      expect(page).not.toContain(PRIVATE_TEXT);
      const exported = await (await clients[persona].get(`${planPath}/export?format=json`)).text();
      expect(exported).not.toContain(PRIVATE_TEXT);
      expect(exported).not.toContain(privateId);
    }
    // An outsider cannot put it in a plan of their own.
    const refused = await clients.outsider.request("/plan", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["intent", "save"],
        ["questionIds", privateId],
      ]).toString(),
    });
    expect(refused.status).toBe(409);
  });
});
