import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify, TEST_PASSWORD } from "../support/accounts";
import { type Cluster, startCluster } from "../support/cluster";
import { skipOrFail } from "../support/loud-skip";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/postgres";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

type Answer = { kind: string; sentAt: number; status: number; body: string; retryAfter: string | null };

const OUTAGE_MS = 6_000;
const RECOVERY_MS = 5_000;
const MEMBER = "outage-member@example.com";

/**
 * PostgreSQL stops for six seconds (longer than the 5 s Retry-After) while a member and a visitor keep using
 * CircleUp on two app servers: every failed answer is a 503 that says to
 * retry, documents get the calm page, and everything works again within
 * seconds of the database returning, without restarting either server.
 */
describe("a database outage under load", () => {
  let postgres: ThrowawayPostgres | null = null;
  let smtp: SmtpTestServer | undefined;
  let cluster: Cluster | null = null;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    if (!postgres) {
      skipOrFail("the database outage test", "no initdb/pg_ctl on this machine");
      return;
    }
    smtp = await startSmtpServer();
    cluster = await startCluster({ postgresUrl: postgres.url, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.close();
    await postgres?.stop();
  });

  it("answers 503 with Retry-After during a 6 s outage and serves fully within 5 s after it", async (ctx) => {
    if (!cluster || !postgres || !smtp) return ctx.skip();
    const member = cluster.client(0);
    await signUpAndVerify(member, smtp, MEMBER);
    // The same browser, served by the other server for some requests.
    const memberElsewhere = cluster.client(1).shareCookiesWith(member);
    const visitor = cluster.client(1);
    const listed = await (await visitor.get("/api/v1/questions?limit=5")).json();
    const questionIds: string[] = listed.items.map((q: { id: string }) => q.id);
    expect(questionIds.length).toBeGreaterThan(0);

    const requests: Record<string, () => Promise<Response>> = {
      page: () => visitor.get("/"),
      category: () => visitor.get("/remote-teams"),
      list: () => visitor.get("/api/v1/questions?limit=10"),
      generate: () =>
        visitor.postJson("/api/v1/generate-question", {
          meetingContext: "check-in",
          questionStyle: "playful",
          engagementLevel: "quick",
        }),
      vote: () => memberElsewhere.postJson(`/api/v1/questions/${questionIds[0]}/vote`, { direction: "up" }),
      save: () => member.request(`/api/v1/questions/${questionIds[1] ?? questionIds[0]}/save`, { method: "PUT" }),
      profile: () => memberElsewhere.get("/profile"),
    };
    const answers: Answer[] = [];
    let running = true;
    const worker = async (kinds: string[]) => {
      for (let i = 0; running; i++) {
        const kind = kinds[i % kinds.length] as string;
        const sentAt = Date.now();
        const response = await (requests[kind] as () => Promise<Response>)();
        answers.push({
          kind,
          sentAt,
          status: response.status,
          body: await response.text(),
          retryAfter: response.headers.get("retry-after"),
        });
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const kinds = Object.keys(requests);
    const load = [worker(kinds), worker([...kinds].reverse()), worker(["list", "vote", "page"])];

    await new Promise((r) => setTimeout(r, 2_000));
    const downAt = Date.now();
    await postgres.pause();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await postgres.resume();
    const backAt = Date.now();
    await new Promise((r) => setTimeout(r, RECOVERY_MS + 3_000));
    running = false;
    await Promise.all(load);

    const failures = answers.filter((a) => a.status >= 500);
    expect(failures.length).toBeGreaterThan(10);
    expect(failures.filter((a) => a.status !== 503).map((a) => `${a.kind} ${a.status}`)).toEqual([]);
    for (const failure of failures) {
      expect(failure.retryAfter).toMatch(/^\d+$/);
      if (failure.kind === "page" || failure.kind === "category" || failure.kind === "profile") {
        expect(failure.body).toContain("We'll be right back");
      } else {
        expect(JSON.parse(failure.body)).toEqual({
          error: expect.stringContaining("database"),
          code: "SERVICE_UNAVAILABLE",
          params: {},
          retryable: true,
        });
      }
    }
    // Failures only while the database was away (a request in flight as it stopped fails too).
    const outside = failures.filter((a) => a.sentAt < downAt - 1_000 || a.sentAt > backAt + RECOVERY_MS);
    expect(outside.map((a) => `${a.kind} sent ${a.sentAt - downAt} ms after the stop`)).toEqual([]);
    const afterRecovery = answers.filter((a) => a.sentAt > backAt + RECOVERY_MS);
    expect(afterRecovery.length).toBeGreaterThan(10);
    expect(afterRecovery.filter((a) => a.status >= 400).map((a) => `${a.kind} ${a.status}`)).toEqual([]);
    // Still signed in: the session survived the outage.
    expect(await (await member.get("/profile")).text()).toContain(MEMBER);

    // Nothing a database error carried (query parameters: the session token, the address) reached the log.
    const token = decodeURIComponent(member.cookieHeader().match(/circleup\.session_token=([^;.]+)/)?.[1] ?? "");
    expect(token.length).toBeGreaterThan(10);
    const log = cluster.servers.map((server) => server.output()).join("\n");
    expect(log).not.toContain(token);
    expect(log).not.toContain(MEMBER);
    expect(log).not.toContain(TEST_PASSWORD);
  });
});
