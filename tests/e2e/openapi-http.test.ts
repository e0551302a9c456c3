import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { teamMeetings } from "~/db/schema";
import routes from "~/routes";
import { API_ROUTES } from "~/web/adapters/api-routes.server";
import { HttpClient } from "../support/http-client";
import { seedMembers, signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { seedTeam } from "../support/teams";
import { copyPgliteTemplate } from "../support/templates";

/**
 * The API's description against the API itself, over HTTP on one server:
 * every `/api/v1` route app/routes.ts serves is in /api/openapi.json and
 * nothing else is, and every operation is called (successfully where a
 * member, an admin or a team's owner can, and refused) with each answer's
 * status and body checked against what the document says of that status.
 */

type Schema = Record<string, unknown>;
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** The parts of answers the calls below read on. */
type Body = { id?: string; code?: string; items?: { id: string }[]; answer?: { id: string } };

const PEOPLE = { member: "member@contract.example", admin: "admin@contract.example" } as const;

/** `/api/v1/questions/:id` and `/api/v1/questions/{questionId}` name one path: parameter names aside. */
const shape = (route: string) => route.replace(/\{\w+\}|:\w+/g, "{}");

/** The `/api/v1` paths of app/routes.ts, as `/api/v1/questions/:id`. */
function servedPaths(): string[] {
  const found: string[] = [];
  const walk = (entries: readonly { path?: string; children?: unknown }[]) => {
    for (const entry of entries) {
      if (entry.path?.startsWith("api/v1/")) found.push(`/${entry.path}`);
      if (Array.isArray(entry.children)) walk(entry.children);
    }
  };
  walk(routes);
  return found;
}

/** Whether a route of app/routes.ts serves a documented path (`:kind` serves `/ai/rewrite`). */
function serves(route: string, documented: string): boolean {
  const pattern = new RegExp(`^${shape(route).replaceAll("{}", "[^/]+")}$`);
  return shape(route) === shape(documented) || pattern.test(documented);
}

/** Schemas with the document's `$ref`s written out, so each compiles on its own. */
function resolved(node: unknown, doc: Document): unknown {
  if (Array.isArray(node)) return node.map((item) => resolved(item, doc));
  if (typeof node !== "object" || node === null) return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref?.startsWith("#/components/schemas/")) {
    return resolved(doc.components.schemas[ref.slice("#/components/schemas/".length)], doc);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(value, doc)]));
}

describe("the API's description", () => {
  let server: RunningServer;
  let doc: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // zod names a prefix check this way; the pattern beside it does the checking.
  ajv.addFormat("starts_with", true);
  const validators = new Map<Schema, ValidateFunction>();
  const calledOperations = new Map<string, number[]>();
  const problems: string[] = [];
  let teamId: string;
  let meetingId: string;
  let ip = 1;
  const client = () => new HttpClient(server.url, { "x-forwarded-for": `203.0.113.${ip++}` });
  const as = {} as Record<"visitor" | "member" | "admin" | "participant", HttpClient>;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-contract-"));
    copyPgliteTemplate("library", dataDir);
    await seedMembers({ dataDir }, [{ email: PEOPLE.member }, { email: PEOPLE.admin, admin: true }]);
    teamId = await seedTeam({ dataDir }, { name: "Contract crew", members: [{ email: PEOPLE.member, role: "owner" }] });
    const handle = await openDatabase({ dataDir });
    try {
      const [meeting] = await handle.db.insert(teamMeetings).values({ teamId }).returning({ id: teamMeetings.id });
      meetingId = meeting?.id as string;
    } finally {
      await handle.close();
    }
    server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAILS: PEOPLE.admin, TRUST_PROXY: "true" });
    as.visitor = client();
    as.participant = client();
    as.member = client();
    as.admin = client();
    await signIn(as.member, PEOPLE.member);
    await signIn(as.admin, PEOPLE.admin);
    const response = await as.visitor.get("/api/openapi.json");
    expect(response.status).toBe(200);
    doc = await response.json();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The documented operation a request lands on: a literal path before a templated one. */
  function operationAt(method: string, url: string): Operation | undefined {
    const pathname = new URL(url, "http://x").pathname;
    const candidates = Object.keys(doc.paths)
      .filter((p) => new RegExp(`^${p.replace(/\{\w+\}/g, "[^/]+")}$`).test(pathname))
      .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
    for (const candidate of candidates) {
      const operation = doc.paths[candidate]?.[method.toLowerCase()];
      if (operation) return operation;
    }
    return undefined;
  }

  /**
   * Sends one request and checks its answer against the document: the
   * status must be one the operation lists, and a JSON body must match the
   * schema under it. A mismatch is noted under the operation's name.
   */
  async function call(
    who: HttpClient,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: Body | undefined }> {
    const response = await who.request(url, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
    const operation = operationAt(method, url);
    if (!operation) {
      problems.push(`${method} ${url} is not in the document`);
      return { status: response.status, json };
    }
    const name = operation.operationId;
    calledOperations.set(name, [...(calledOperations.get(name) ?? []), response.status]);
    const documented = operation.responses[String(response.status)];
    if (!documented) {
      problems.push(
        `${name} (${method} ${url}) answered ${response.status}, which the document does not list: ${text.slice(0, 200)}`,
      );
      return { status: response.status, json };
    }
    const schema = documented.content?.["application/json"]?.schema;
    if (!schema) {
      if (json !== undefined)
        problems.push(`${name} answered ${response.status} with a JSON body the document does not describe`);
      return { status: response.status, json };
    }
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(resolved(schema, doc) as Schema);
      validators.set(schema, validate);
    }
    if (!validate(json)) {
      const errors = ajv.errorsText(validate.errors, { dataVar: "body" });
      problems.push(`${name} (${method} ${url}) answered ${response.status} unlike its schema: ${errors}`);
    }
    return { status: response.status, json };
  }

  it("is served to anyone, cacheable, and describes every /api/v1 route app/routes.ts serves and no other", async () => {
    const response = await client().get("/api/openapi.json");
    expect(response.headers.get("cache-control")).toMatch(/public/);
    expect(response.headers.get("etag")).toBeTruthy();
    const documented = Object.keys(doc.paths);
    const served = servedPaths();
    const undocumented = served.filter((route) => !documented.some((p) => serves(route, p)));
    expect(undocumented, "routes of app/routes.ts missing from /api/openapi.json").toEqual([]);
    const unserved = documented.filter((p) => !served.some((route) => serves(route, p)));
    expect(unserved, "documented paths app/routes.ts does not serve").toEqual([]);
    const missing = Object.entries(API_ROUTES).flatMap(([p, methods]) =>
      Object.keys(methods)
        .filter((method) => !doc.paths[p]?.[method.toLowerCase()])
        .map((method) => `${method} ${p}`),
    );
    expect(missing, "operations of the route table missing from /api/openapi.json").toEqual([]);
  });

  it("matches every answer the API gives, for every operation", async () => {
    const question = {
      question: "What is one thing that made you smile this week?",
      type: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "team-building",
    };
    const choice = { meetingContext: "check-in", questionStyle: "reflective", engagementLevel: "standard" };
    const unknown = "00000000-0000-4000-8000-000000000000";

    // The community list, a member's marks and votes.
    const list = await call(as.visitor, "GET", "/api/v1/questions?sort=newest");
    const [q, q2] = (list.json?.items ?? []).map((item: { id: string }) => item.id);
    await call(as.member, "GET", "/api/v1/questions?page=2");
    await call(as.visitor, "GET", "/api/v1/questions?sort=loudest");
    await call(as.member, "POST", `/api/v1/questions/${q}/vote`, { direction: "up" });
    await call(as.member, "POST", `/api/v1/questions/${q}/vote`, { direction: "sideways" });
    await call(as.visitor, "POST", `/api/v1/questions/${q}/vote`, { direction: "up" });
    await call(as.member, "POST", `/api/v1/questions/${unknown}/vote`, { direction: "up" });
    for (const mark of ["save", "hide"]) {
      await call(as.member, "PUT", `/api/v1/questions/${q2}/${mark}`);
      await call(as.member, "DELETE", `/api/v1/questions/${q2}/${mark}`);
      await call(as.member, "PUT", `/api/v1/questions/${unknown}/${mark}`);
      await call(as.visitor, "DELETE", `/api/v1/questions/${q2}/${mark}`);
    }
    await call(as.member, "PUT", `/api/v1/questions/${q2}/save`);
    await call(as.member, "GET", "/api/v1/saved");
    await call(as.member, "GET", "/api/v1/saved?format=fax");
    await call(as.visitor, "GET", "/api/v1/saved");
    await call(as.visitor, "GET", "/api/v1/stats");
    await call(as.visitor, "GET", "/api/v1/offline-library");

    // Submitting, moderating, editing, deleting; an admin's changes to an account.
    const submitted = await call(as.member, "POST", "/api/v1/questions", question);
    await call(as.member, "POST", "/api/v1/questions", question);
    await call(as.member, "POST", "/api/v1/questions", { ...question, question: "Too short" });
    await call(as.visitor, "POST", "/api/v1/questions", question);
    const id = submitted.json?.id;
    await call(as.member, "POST", `/api/v1/admin/questions/${id}/moderate`, { decision: "approve" });
    await call(as.admin, "POST", `/api/v1/admin/questions/${id}/moderate`, { decision: "approve" });
    await call(as.admin, "POST", `/api/v1/admin/questions/${unknown}/moderate`, { decision: "approve" });
    await call(as.admin, "PATCH", `/api/v1/questions/${id}`, {
      updates: { question: `${question.question.slice(0, -1)} so far?` },
    });
    await call(as.member, "PATCH", `/api/v1/questions/${id}`, { updates: { question: question.question } });
    await call(as.admin, "DELETE", `/api/v1/questions/${id}`);
    await call(as.admin, "DELETE", `/api/v1/questions/${id}`);
    const memberId = (await (await as.member.get("/profile/export")).json()).account.id;
    await call(as.admin, "POST", `/api/v1/admin/users/${memberId}`, { plan: "free" });
    await call(as.admin, "POST", `/api/v1/admin/users/${unknown}`, { plan: "free" });
    await call(as.member, "POST", `/api/v1/admin/users/${memberId}`, { plan: "premium" });

    // The generator, its fresh start, the AI a free member cannot use, the premium note, the browser's events.
    await call(as.visitor, "POST", "/api/v1/generate-question", choice);
    await call(as.visitor, "POST", "/api/v1/generate-question", { ...choice, meetingContext: "party" });
    await call(as.member, "POST", "/api/v1/seen/reset", { ...choice, seenIds: [] });
    await call(as.visitor, "POST", "/api/v1/seen/reset", "not an object");
    await call(as.member, "POST", "/api/v1/ai/candidates", choice);
    await call(as.member, "POST", "/api/v1/ai/rewrite", { questionId: q, tone: "shorter" });
    await call(as.member, "POST", "/api/v1/ai/follow-up", { questionId: q });
    await call(as.visitor, "POST", "/api/v1/ai/rewrite", { questionId: q, tone: "shorter" });
    await call(as.member, "POST", "/api/v1/premium-note", {});
    await call(as.visitor, "POST", "/api/v1/premium-note", {});
    await call(as.visitor, "POST", "/api/v1/events", { name: "page_view", page: "home", path: "/" });
    await call(as.visitor, "POST", "/api/v1/events", { name: "shout" });

    // A team's own questions, collection, hidden list and uses, as its owner; strangers are refused.
    const team = `/api/v1/teams/${teamId}`;
    const written = await call(as.member, "POST", `${team}/questions`, {
      ...question,
      question: "Which small win from this week should the team hear about?",
    });
    const second = await call(as.member, "POST", `${team}/questions`, {
      ...question,
      question: "What would make our next meeting ten minutes shorter?",
    });
    await call(as.member, "GET", `${team}/questions`);
    await call(as.admin, "GET", `${team}/questions`);
    await call(as.visitor, "GET", `${team}/questions`);
    await call(as.member, "PATCH", `${team}/questions/${written.json?.id}`, {
      question: "Which small win from this week should everyone hear about?",
    });
    await call(as.member, "PATCH", `${team}/questions/${unknown}`, { question: "Which win should we hear about?" });
    await call(as.member, "POST", `${team}/questions/${written.json?.id}/submit`);
    await call(as.member, "DELETE", `${team}/questions/${second.json?.id}`);
    await call(as.member, "DELETE", `${team}/questions/${second.json?.id}`);
    for (const list of ["collection", "hidden"]) {
      await call(as.member, "PUT", `${team}/${list}/${q}`);
      await call(as.member, "DELETE", `${team}/${list}/${q}`);
      await call(as.admin, "PUT", `${team}/${list}/${q}`);
    }
    await call(as.member, "POST", `${team}/uses`, { questionId: q, how: "presented" });
    await call(as.member, "POST", `${team}/uses`, { questionId: q, how: "shouted" });
    await call(as.member, "POST", `${team}/meetings/${meetingId}/uses`, { questionId: q, how: "asked" });
    await call(as.member, "POST", `${team}/meetings/${unknown}/uses`, { questionId: q, how: "asked" });

    // A live round: started by a visitor, joined from another phone, answered, hosted, moderated, followed, deleted.
    const round = await call(as.visitor, "POST", "/api/v1/rounds", { questionIds: [q], modes: ["text"] });
    await call(as.visitor, "POST", "/api/v1/rounds", {});
    const code = round.json?.code;
    await call(as.visitor, "GET", `/api/v1/rounds/${code}?as=host`);
    await call(as.participant, "POST", `/api/v1/rounds/${code}/join`, { name: "Sam" });
    await call(as.participant, "POST", `/api/v1/rounds/${code}/join`, { name: "Sam" });
    const answered = await call(as.participant, "POST", `/api/v1/rounds/${code}/answer`, {
      position: 0,
      text: "Sunshine",
    });
    await call(as.participant, "POST", `/api/v1/rounds/${code}/answer`, { position: 0 });
    await call(as.participant, "POST", `/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    await call(as.visitor, "POST", `/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    await call(as.visitor, "GET", `/api/v1/rounds/${code}/answers?position=0`);
    await call(as.visitor, "GET", `/api/v1/rounds/${code}/answers?position=-1`);
    await call(as.visitor, "POST", `/api/v1/rounds/${code}/answers/${answered.json?.answer?.id}`, { hidden: true });
    await call(as.participant, "POST", `/api/v1/rounds/${code}/answers/${answered.json?.answer?.id}`, { hidden: true });
    const stream = new AbortController();
    const events = await as.visitor.request(`/api/v1/rounds/${code}/events?as=host`, { signal: stream.signal });
    const documented = operationAt("GET", `/api/v1/rounds/${code}/events`);
    calledOperations.set("live.follow-round", [events.status]);
    expect(Object.keys(documented?.responses?.[String(events.status)]?.content ?? {})).toEqual([
      events.headers.get("content-type")?.split(";")[0],
    ]);
    stream.abort();
    await call(as.visitor, "GET", "/api/v1/rounds/ZZZZZZ/events?as=host");
    await call(as.participant, "DELETE", `/api/v1/rounds/${code}`);
    await call(as.visitor, "DELETE", `/api/v1/rounds/${code}`);
    await call(as.visitor, "GET", `/api/v1/rounds/${code}`);

    expect(problems, "answers unlike the document").toEqual([]);
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(
      operations.filter((name) => !calledOperations.has(name)),
      "operations this test never called",
    ).toEqual([]);
    // Premium's directed AI needs a paid plan and a provider: a free member's refusal is what this server can show.
    const unsucceeded = [...calledOperations]
      .filter(([name, statuses]) => !name.startsWith("ai.") && !statuses.some((status) => status < 300))
      .map(([name, statuses]) => `${name}: ${statuses.join(", ")}`);
    expect(unsucceeded, "operations never answered with success").toEqual([]);
  });
});
