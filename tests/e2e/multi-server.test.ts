import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../support/accounts";
import { type Cluster, nginxPath, startCluster } from "../support/cluster";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { HttpClient } from "../support/http-client";
import { skipOrFail } from "../support/loud-skip";
import { freePort } from "../support/ports";
import { findPostgresBin } from "../support/postgres";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * Several production servers on one database must behave exactly like one:
 * the sessions, limits, quotas, mail and vote counters tested here live in
 * PostgreSQL, not in a process. Two servers share a throwaway PostgreSQL, with
 * nginx running deploy/nginx.conf in front when it is installed; a request
 * sent straight to one server carries what that proxy would add
 * (cluster.client). A last part kills a server in the middle of a burst of
 * votes, on PostgreSQL and on PGlite.
 */

type Direction = "up" | "down";
type VoteState = Direction | null;
type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
type Member = { email: string; http: HttpClient };

let smtp: SmtpTestServer;
let addressCounter = 0;

/** A fresh client address for each simulated person, so one test's per-address limits never touch another's. */
const nextAddress = () => {
  addressCounter++;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

/** The same path and query on another server, as if the balancer had sent the request there. */
const onServer = (baseUrl: string, link: string) => {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
};

async function verificationLink(email: string): Promise<string> {
  const mail = await smtp.waitForMessage((m) => m.to.includes(email) && /verify/i.test(m.subject), 30_000);
  const link = linksIn(mail).find((l) => l.includes("/api/auth/verify-email"));
  if (!link) throw new Error(`No verification link in the mail to ${email}`);
  return link;
}

/** Signs members up at once, each from its own address, and signs each in by the mailed link. */
async function signUpMembers(
  count: number,
  prefix: string,
  clientFor: (index: number) => HttpClient,
  verifyOn: (index: number) => string,
): Promise<Member[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const http = clientFor(index);
      const email = `${prefix}-${index}@example.com`;
      const response = await http.postForm("/sign-up", { fullName: `Member ${index}`, email, password: TEST_PASSWORD });
      expect(response.status).toBe(302);
      const { url } = await http.follow(onServer(verifyOn(index), await verificationLink(email)));
      expect(url).toContain("/verify-email?status=verified");
      return { email, http };
    }),
  );
}

async function newestQuestionIds(baseUrl: string): Promise<string[]> {
  const page = await (await fetch(`${baseUrl}/api/v1/questions?sort=newest`)).json();
  return (page.items as { id: string }[]).map((q) => q.id);
}

const toggled = (state: VoteState, direction: Direction): VoteState => (state === direction ? null : direction);

type ChainResult = {
  memberEmail: string;
  questionId: string;
  /** Where the vote may stand now: one state after an answered request, two after one cut off. */
  possible: Set<VoteState>;
  /** Requests without an answer (the server died, or refused the connection), by server index. */
  cutOff: number[];
  /** Answers that were not 2xx, by server index. */
  refused: { server: number; status: number }[];
};

/**
 * One member's vote on one question toggled several times, each request
 * after the previous one's answer. A 2xx answer says where the vote stands;
 * a request without an answer may or may not have been committed, so both
 * outcomes stay possible.
 */
async function voteChain(
  member: Member,
  questionId: string,
  directions: Direction[],
  serverFor: (step: number, cutOffBefore: boolean) => { index: number; url: string } | null,
  onAnswer: () => void,
): Promise<ChainResult> {
  const result: ChainResult = {
    memberEmail: member.email,
    questionId,
    possible: new Set([null]),
    cutOff: [],
    refused: [],
  };
  for (const [step, direction] of directions.entries()) {
    const server = serverFor(step, result.cutOff.length > 0);
    if (!server) break;
    const after = new Set([...result.possible].map((s) => toggled(s, direction)));
    try {
      const response = await member.http.postJson(`${server.url}/api/v1/questions/${questionId}/vote`, { direction });
      if (!response.ok) {
        result.refused.push({ server: server.index, status: response.status });
        result.possible = new Set([...result.possible, ...after]);
        continue;
      }
      // The answer comes after the commit: the toggle happened, whatever the body still says.
      const body = (await response.json().catch(() => null)) as { userVote?: VoteState } | null;
      result.possible = body && body.userVote !== undefined ? new Set([body.userVote]) : after;
      onAnswer();
    } catch {
      result.cutOff.push(server.index);
      result.possible = new Set([...result.possible, ...after]);
    }
  }
  return result;
}

/** Directions for one chain: starts up or down, repeats and switches, so creates, removals and switches all occur. */
const chainDirections = (seed: number, length: number): Direction[] =>
  Array.from({ length }, (_, step) => ((seed + Math.floor(step / 2) + (step % 3)) % 2 === 0 ? "up" : "down"));

/** Questions whose counters differ from their rows in the votes table. */
async function driftedCounters(query: Query) {
  return query(`
    select q.id, q.upvotes, q.downvotes, q.vote_score, q.total_votes,
           count(v.direction) filter (where v.direction = 'up')::int as up_rows,
           count(v.direction) filter (where v.direction = 'down')::int as down_rows
    from questions q left join votes v on v.question_id = q.id
    group by q.id
    having q.upvotes <> count(v.direction) filter (where v.direction = 'up')
        or q.downvotes <> count(v.direction) filter (where v.direction = 'down')
        or q.total_votes <> count(v.direction)
        or q.vote_score <> count(v.direction) filter (where v.direction = 'up')
                         - count(v.direction) filter (where v.direction = 'down')`);
}

/** Chains whose vote in the database is not one their answers allow. */
async function lostVotes(query: Query, chains: ChainResult[]) {
  const rows = await query(
    `select u.email, v.question_id, v.direction from votes v join users u on u.id = v.user_id
     where v.question_id = any($1::uuid[])`,
    [[...new Set(chains.map((c) => c.questionId))]],
  );
  const stored = new Map(rows.map((r) => [`${r.email} ${r.question_id}`, r.direction as Direction]));
  return chains
    .map((c) => ({ ...c, stored: stored.get(`${c.memberEmail} ${c.questionId}`) ?? null }))
    .filter((c) => !c.possible.has(c.stored))
    .map((c) => ({ member: c.memberEmail, question: c.questionId, stored: c.stored, possible: [...c.possible] }));
}

describe("two servers on one PostgreSQL database", () => {
  let cluster: Cluster | null = null;
  let fake: FakeOpenAI;
  let db: pg.Client;
  let query: Query;
  const members: Member[] = [];

  /** A URL on server `index`. */
  const at = (index: number, urlPath: string) => `${cluster?.servers[index]?.url}${urlPath}`;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL && !findPostgresBin()) {
      skipOrFail("the multi-server tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
      return;
    }
    if (!nginxPath())
      skipOrFail("the multi-server tests through nginx", "nginx is not installed (apt-get install nginx)");
    fake = await startFakeOpenAI();
    cluster = await startCluster({
      // The first test is the first start of a deployment: servers migrating an empty database together.
      emptyDatabase: true,
      proxy: Boolean(nginxPath()),
      env: {
        SMTP_URL: smtp.url,
        AI_API_KEY: "sk-cluster",
        AI_BASE_URL: fake.baseURL,
        AI_MODEL: "deepseek-chat",
        AI_TIMEOUT_MS: "10000",
        AI_QUOTA_ANONYMOUS: "3",
      },
    });
    if (!cluster) return;
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    query = async (text, params) => (await db.query(text, params)).rows;
  });
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await fake?.close();
  });

  async function ensureMembers(count: number): Promise<Member[]> {
    if (!cluster) throw new Error("no cluster");
    const { client, servers } = cluster;
    if (members.length < count) {
      const offset = members.length;
      members.push(
        ...(await signUpMembers(
          count - offset,
          `member${offset}`,
          (i) => client(i % 2, nextAddress()),
          (i) => servers[(i + 1) % 2]?.url ?? "",
        )),
      );
    }
    return members.slice(0, count);
  }

  it("start together on an empty database: one migrates and imports the library, the other waits and finds it done", async (ctx) => {
    if (!cluster) return ctx.skip();
    for (const server of cluster.servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const ready = cluster.servers.map((server) => {
      const line = server
        .output()
        .split("\n")
        .find((l) => l.includes('"msg":"database ready"'));
      return JSON.parse(line ?? "{}") as { library?: { skipped: boolean } };
    });
    expect(ready.map((r) => r.library?.skipped).sort()).toEqual([false, true]);
    const migrationFiles = fs
      .readdirSync(path.resolve(import.meta.dirname, "../../drizzle"))
      .filter((f) => f.endsWith(".sql"));
    const [migrations] = await query("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(migrations?.n).toBe(migrationFiles.length);
  });

  it("keeps a session made on one server on the other, and a sign-out on either ends it on both", async (ctx) => {
    if (!cluster) return ctx.skip();
    const email = "shared-session@example.com";
    const http = cluster.client(0, nextAddress());
    const signUp = await http.postForm(at(0, "/sign-up"), { fullName: "Ada Lovelace", email, password: TEST_PASSWORD });
    expect(signUp.status).toBe(302);
    // Server A signed the e-mail token; server B checks it and signs the member in.
    const { url } = await http.follow(onServer(at(1, ""), await verificationLink(email)));
    expect(url).toContain("/verify-email?status=verified");
    for (const index of [0, 1]) {
      const profile = await http.get(at(index, "/profile"));
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(email);
    }

    const cookie = http.cookieHeader();
    const signOut = await http.postForm(at(1, "/sign-out"), {});
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe("/sign-in?notice=signedOut");
    // The cookie from before, replayed: the session is gone from the shared database, not just from this browser.
    for (const index of [0, 1]) {
      const replay = await fetch(at(index, "/profile"), { headers: { cookie }, redirect: "manual" });
      expect(replay.status).toBe(302);
      expect(replay.headers.get("location")).toMatch(/^\/sign-in/);
    }
  });

  it("gives an anonymous visitor exactly 3 new AI questions across both servers, then the library with the quota message", async (ctx) => {
    if (!cluster) return ctx.skip();
    const generations = () => fake.received.filter((r) => r.body.max_tokens !== 1).length;
    const ask = (http: HttpClient, index: number, seenIds: string[]) =>
      http.postJson(at(index, "/api/v1/generate-question"), {
        meetingContext: "check-in",
        questionStyle: "playful",
        engagementLevel: "quick",
        fresh: true,
        seenIds,
      });

    const before = generations();
    const visitor = cluster.client(0, nextAddress());
    const seenIds: string[] = [];
    const answers: { source: string; remainingQuestions: unknown; notice?: string; aiError?: { code: string } }[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await ask(visitor, i % 2, seenIds);
      expect(response.status).toBe(200);
      const body = await response.json();
      seenIds.push(body.id);
      answers.push(body);
    }
    expect(visitor.hasCookie(/^cu_visitor$/)).toBe(true);
    expect(answers.slice(0, 3).map((a) => [a.source, a.remainingQuestions])).toEqual([
      ["ai_generated", 2],
      ["ai_generated", 1],
      ["ai_generated", 0],
    ]);
    for (const answer of answers.slice(3)) {
      expect(answer.source).toBe("curated");
      expect(answer.remainingQuestions).toBe(0);
      expect(answer.aiError?.code).toBe("QUOTA_EXCEEDED");
      expect(answer.notice).toContain(
        "You have used your new AI questions for now: they renew 24 hours after the first one.",
      );
    }
    expect(generations() - before).toBe(3);

    // All at once: a second visitor's 8 requests, half on each server, still get 3 AI questions between them.
    const second = cluster.client(1, nextAddress());
    const first = await (await ask(second, 1, [])).json();
    expect(first.remainingQuestions).toBe(2);
    const burst = await Promise.all(Array.from({ length: 7 }, (_, i) => ask(second, i % 2, [first.id])));
    const codes = await Promise.all(burst.map(async (r) => (await r.json()).aiError?.code));
    // The library may serve a question an earlier visitor had generated, so the AI calls are what is counted.
    expect(codes.filter((code) => code === "QUOTA_EXCEEDED")).toHaveLength(5);
    expect(generations() - before).toBe(6);
  });

  it("stops wrong-password sign-ins from one address after 10 a minute, whichever server they reach", async (ctx) => {
    if (!cluster) return ctx.skip();
    const { client } = cluster;
    const attempt = async (server: number, address: string, i: number) =>
      (
        await client(server, address).postForm("/sign-in", {
          intent: "sign-in",
          // Another account each time: the per-account throttle would stop one account sooner.
          email: `nobody-here-${address}-${i}@example.com`,
          password: `wrong password ${i}`,
        })
      ).status;

    // One after another from each address; the two addresses' sequences run side by side.
    const sequence = async (servers: number[]) => {
      const address = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push(await attempt(servers[i % servers.length] as number, address, i));
      return statuses;
    };
    const [oneServer, alternating] = await Promise.all([sequence([0]), sequence([0, 1])]);

    expect(oneServer.indexOf(429)).toBe(10);
    expect(oneServer.slice(10)).toEqual([429, 429]);
    expect(alternating).toEqual(oneServer);

    // 20 attempts at the same moment, half on each server: the shared counter still lets exactly 10 through.
    const burstAddress = nextAddress();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i % 2, burstAddress, i)));
    expect(burst.filter((status) => status !== 429)).toHaveLength(10);
  });

  it("delivers every mail exactly once while both servers' job queues run", async (ctx) => {
    if (!cluster) return ctx.skip();
    const before = smtp.messages.length;
    const signedUp = await ensureMembers(20);
    const emails = signedUp.map((m) => m.email);
    // Verifying sends each member a welcome mail, from whichever server gets to it first.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [waiting] = await query(
        "select count(*)::int as n from email_outbox where recipient = any($1) and status <> 'sent'",
        [emails],
      );
      const welcomed = smtp.messages.filter(
        (m) => m.to.some((to) => emails.includes(to)) && /welcome/i.test(m.subject),
      );
      if (waiting?.n === 0 && welcomed.length >= emails.length) break;
      if (Date.now() > deadline) throw new Error(`Mail still waiting after 30 s: ${waiting?.n} rows not sent`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // A second copy would be sent by the other server at about the same moment: give it time to show.
    await new Promise((r) => setTimeout(r, 500));

    const received = smtp.messages.slice(before).filter((m) => m.to.some((to) => emails.includes(to)));
    const copies = new Map<string, number>();
    for (const mail of received) {
      const key = `${mail.to.join(",")} ${/verify/i.test(mail.subject) ? "verify" : mail.subject}`;
      copies.set(key, (copies.get(key) ?? 0) + 1);
    }
    expect([...copies.values()].filter((n) => n !== 1)).toEqual([]);
    expect(received).toHaveLength(40);
    const rows = await query(
      "select kind, status, attempts from email_outbox where recipient = any($1) order by kind",
      [emails],
    );
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("counts every vote cast in parallel on both servers exactly, in the votes table and in the counters", async (ctx) => {
    if (!cluster) return ctx.skip();
    const voters = await ensureMembers(20);
    const questionIds = (await newestQuestionIds(cluster.url)).slice(0, 5);
    const vote = async (member: Member, server: number, questionId: string, direction: Direction) => {
      const response = await member.http.postJson(at(server, `/api/v1/questions/${questionId}/vote`), { direction });
      expect(response.status).toBe(200);
      return (await response.json()).userVote as VoteState;
    };
    const expected = new Map<string, VoteState>();

    // Round one: every member votes on every question, 100 votes at once, alternating servers.
    await Promise.all(
      voters.flatMap((member, m) =>
        questionIds.map(async (questionId, q) => {
          const direction: Direction = (m + q) % 3 === 0 ? "down" : "up";
          expected.set(`${member.email} ${questionId}`, await vote(member, (m + q) % 2, questionId, direction));
        }),
      ),
    );
    expect([...expected.values()].every((v) => v !== null)).toBe(true);
    // Round two, on the other server: half repeat their vote (removing it), half switch it.
    await Promise.all(
      voters.flatMap((member, m) =>
        questionIds.map(async (questionId, q) => {
          const key = `${member.email} ${questionId}`;
          const current = expected.get(key) as Direction;
          const direction: Direction = m % 2 === 0 ? current : current === "up" ? "down" : "up";
          expected.set(key, await vote(member, (m + q + 1) % 2, questionId, direction));
        }),
      ),
    );

    const rows = await query(
      "select u.email, v.question_id, v.direction from votes v join users u on u.id = v.user_id where v.question_id = any($1::uuid[])",
      [questionIds],
    );
    const stored = new Map(rows.map((r) => [`${r.email} ${r.question_id}`, r.direction]));
    for (const [key, state] of expected) expect(stored.get(key) ?? null).toBe(state);
    expect(rows).toHaveLength([...expected.values()].filter((v) => v !== null).length);
    expect(await driftedCounters(query)).toEqual([]);
  });

  describe("behind nginx (deploy/nginx.conf)", () => {
    it("serves pages through the proxy with the app's own compression", async (ctx) => {
      if (!cluster?.proxy) return ctx.skip();
      const page = await fetch(`${cluster.url}/`, { headers: { "accept-encoding": "br" } });
      expect(page.status).toBe(200);
      // nginx has no Brotli of its own: this is the app's, passed through untouched.
      expect(page.headers.get("content-encoding")).toBe("br");
      expect(await page.text()).toContain("Retrospectives");
      const health = await fetch(`${cluster.url}/api/health`);
      expect(health.status).toBe(200);
    });

    it("signs up, in and out through the proxy, keying the sign-in limit on the address nginx appends", async (ctx) => {
      if (!cluster?.proxy) return ctx.skip();
      const email = "through-nginx@example.com";
      const http = new HttpClient(cluster.url);
      const signUp = await http.postForm("/sign-up", { fullName: "Grace Hopper", email, password: TEST_PASSWORD });
      expect(signUp.status).toBe(302);
      const link = await verificationLink(email);
      expect(link.startsWith(`${cluster.url}/`)).toBe(true);
      await http.follow(link);
      expect(await (await http.get("/profile")).text()).toContain(email);
      expect((await http.postForm("/sign-out", {})).status).toBe(302);
      expect((await http.get("/profile")).status).toBe(302);

      const signIn = await http.postForm("/sign-in", { intent: "sign-in", email, password: TEST_PASSWORD });
      expect(signIn.status).toBe(302);
      const profile = await http.get("/profile");
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(email);

      // Each attempt invents another leftmost X-Forwarded-For entry; nginx appends the address it saw, and that counts.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const forger = new HttpClient(cluster.url, { "x-forwarded-for": `203.0.113.${i + 1}` });
        statuses.push(
          // Another account each time, so the address's limit is what stops them, not the account's.
          (await forger.postForm("/sign-in", { intent: "sign-in", email: `guess-${i}@example.com`, password: "wrong" }))
            .status,
        );
      }
      // The successful sign-in above was the first of the 10 this address gets a minute.
      expect(statuses.indexOf(429)).toBe(9);
      expect(statuses.slice(9)).toEqual([429, 429, 429]);
    });

    it("spreads requests over both servers, each answered once", async (ctx) => {
      if (!cluster?.proxy) return ctx.skip();
      const ids = Array.from({ length: 10 }, (_, i) => `spread-${process.pid}-${i}`);
      for (const id of ids) {
        const response = await fetch(`${cluster.url}/api/v1/stats`, { headers: { "x-request-id": id } });
        expect(response.status).toBe(200);
        expect(response.headers.get("x-request-id")).toBe(id);
      }
      const servedBy = (id: string) => cluster?.servers.filter((s) => s.output().includes(`"requestId":"${id}"`)) ?? [];
      const deadline = Date.now() + 5_000;
      while (ids.some((id) => servedBy(id).length === 0) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(ids.map((id) => servedBy(id).length)).toEqual(ids.map(() => 1));
      for (const server of cluster.servers)
        expect(ids.filter((id) => servedBy(id).includes(server)).length).toBeGreaterThan(0);
    });
  });

  it("keeps every acknowledged vote and exact counters when one server is killed mid-burst", async (ctx) => {
    if (!cluster) return ctx.skip();
    const running = cluster;
    const voters = await ensureMembers(20);
    // Questions nobody has voted on yet, so every chain starts from "no vote".
    const fresh = await query(
      "select id from questions where status = 'published' and total_votes = 0 and id not in (select question_id from votes) order by created_at desc, id limit 4",
    );
    const questionIds = fresh.map((row) => row.id as string);
    const total = voters.length * 2 * 5;
    let answered = 0;
    let killed: Promise<number | null> | null = null;
    const onAnswer = () => {
      answered++;
      // Well inside the burst: requests are in flight on both servers.
      if (!killed && answered >= total * 0.4) killed = running.kill(1, "SIGKILL");
    };
    const chains = await Promise.all(
      voters.flatMap((member, m) =>
        [0, 1].map((k) =>
          voteChain(
            member,
            questionIds[(m + k) % questionIds.length] as string,
            chainDirections(m + k, 5),
            // Alternating servers; a chain that lost an answer goes on with server A, as a balancer would.
            (step, cutOffBefore) => {
              const index = cutOffBefore ? 0 : (m + k + step) % 2;
              return { index, url: at(index, "") };
            },
            onAnswer,
          ),
        ),
      ),
    );
    expect(killed).not.toBeNull();
    await killed;

    const cutOff = chains.flatMap((c) => c.cutOff);
    expect(cutOff.length).toBeGreaterThan(0);
    expect(cutOff.every((index) => index === 1)).toBe(true);
    expect(chains.flatMap((c) => c.refused)).toEqual([]);
    if (running.proxy) {
      // nginx sends what the dead server refuses to the living one.
      for (let i = 0; i < 4; i++) expect((await fetch(`${running.url}/api/v1/stats`)).status).toBe(200);
    }

    expect(await lostVotes(query, chains)).toEqual([]);
    expect(await driftedCounters(query)).toEqual([]);

    const restarted = await running.restart(1);
    const voter = voters[0] as Member;
    const again = await voter.http.postJson(`${restarted.url}/api/v1/questions/${questionIds[0]}/vote`, {
      direction: "up",
    });
    expect(again.status).toBe(200);
    expect(await driftedCounters(query)).toEqual([]);
  });
});

describe("one server on PGlite killed mid-burst", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-pglite-kill-"));
    env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, TRUST_PROXY: "1", PORT: String(await freePort()) };
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("restarts on the same DATA_DIR with every acknowledged vote and exact counters", {
    timeout: 120_000,
  }, async () => {
    const first = server as RunningServer;
    const voters = await signUpMembers(
      5,
      "pglite",
      () => new HttpClient(first.url, { "x-forwarded-for": nextAddress() }),
      () => first.url,
    );
    const questionIds = (await newestQuestionIds(first.url)).slice(0, 4);
    // Every member toggles their vote on all four questions, 10 times each: 200 requests, 20 at a time.
    const total = voters.length * questionIds.length * 10;
    let answered = 0;
    let killed: Promise<number | null> | null = null;
    const onAnswer = () => {
      answered++;
      if (!killed && answered >= total * 0.4) killed = first.stop("SIGKILL");
    };
    const chains = await Promise.all(
      voters.flatMap((member, m) =>
        questionIds.map((questionId, k) =>
          voteChain(
            member,
            questionId,
            chainDirections(m + k, 10),
            // One server: once it is gone, the chain ends.
            (_step, cutOffBefore) => (cutOffBefore ? null : { index: 0, url: first.url }),
            onAnswer,
          ),
        ),
      ),
    );
    expect(killed).not.toBeNull();
    await killed;
    expect(chains.flatMap((c) => c.cutOff).length).toBeGreaterThan(0);
    expect(chains.flatMap((c) => c.refused)).toEqual([]);

    // Back on the same files (same port, so the members' cookies and URLs still apply): what they see through the API.
    server = await startServer(env);
    const restarted = server;
    const cards = new Map<string, { voteScore: number; totalVotes: number; votes: VoteState[] }>();
    for (const member of voters) {
      const page = await (await member.http.get(`${restarted.url}/api/v1/questions?sort=newest`)).json();
      for (const card of page.items as { id: string; voteScore: number; totalVotes: number; userVote: VoteState }[]) {
        if (!questionIds.includes(card.id)) continue;
        const seen = cards.get(card.id) ?? { voteScore: card.voteScore, totalVotes: card.totalVotes, votes: [] };
        seen.votes.push(card.userVote);
        cards.set(card.id, seen);
        const chain = chains.find((c) => c.memberEmail === member.email && c.questionId === card.id);
        if (chain) expect([...chain.possible]).toContain(card.userVote);
      }
    }
    expect([...cards.keys()].sort()).toEqual([...questionIds].sort());
    for (const card of cards.values()) {
      expect(card.totalVotes).toBe(card.votes.filter((v) => v !== null).length);
      expect(card.voteScore).toBe(
        card.votes.filter((v) => v === "up").length - card.votes.filter((v) => v === "down").length,
      );
    }
    expect(await restarted.stop("SIGTERM")).toBe(0);

    // And in the database files themselves.
    const pglite = await PGlite.create(path.join(dataDir, "pglite"));
    try {
      const query: Query = async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows;
      expect(await lostVotes(query, chains)).toEqual([]);
      expect(await driftedCounters(query)).toEqual([]);
    } finally {
      await pglite.close();
    }
  });
});
