import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitPhrase } from "~/shared/errors/english";
import { signUpAndVerify, TEST_PASSWORD } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { skipOrFail } from "../support/loud-skip";
import { createDatabase, startThrowawayPostgres, suitePostgresUrl, type ThrowawayPostgres } from "../support/postgres";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * Limits over HTTP with two app servers on one PostgreSQL database, as
 * behind a load balancer: a member or an address that spreads requests over
 * both servers still gets no more than the limit.
 */
describe("rate limits across two servers on one database", () => {
  let postgres: ThrowawayPostgres | null = null;
  let smtp: SmtpTestServer | undefined;
  const servers: RunningServer[] = [];
  let ip = 1;

  /**
   * One person as both servers see them: a client per server, all from the
   * same address and, given an e-mail, signed in to the same account.
   * `via(n)` alternates between the servers, as a load balancer would.
   */
  async function person(email?: string) {
    const address = `192.0.2.${ip++}`;
    const [first, second] = servers.map((server) => new HttpClient(server.url, { "x-forwarded-for": address })) as [
      HttpClient,
      HttpClient,
    ];
    if (email && smtp) {
      await signUpAndVerify(first, smtp, email);
      const signedIn = await second.postForm("/sign-in", { intent: "sign-in", email, password: TEST_PASSWORD });
      expect(signedIn.status).toBe(302);
    }
    return { via: (n: number) => (n % 2 === 0 ? first : second) };
  }

  beforeAll(async () => {
    const serverUrl = suitePostgresUrl();
    postgres = serverUrl ? null : await startThrowawayPostgres();
    const adminUrl = serverUrl ?? postgres?.url;
    if (!adminUrl) {
      skipOrFail("the two-server rate limit tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
      return;
    }
    const databaseUrl = await createDatabase(adminUrl, "circleup_limits", { template: "library" });
    smtp = await startSmtpServer();
    const env = {
      DATABASE_URL: databaseUrl,
      // Sessions and the keyed hashes of addresses must match on every server.
      AUTH_SECRET: "one-secret-shared-by-both-servers-of-this-test",
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
    };
    // One after the other: the first applies the migrations.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await smtp?.close();
    await postgres?.stop();
  });

  /**
   * A 429 whose Retry-After lies within the window and whose message names
   * what and the same wait; its parameters name the rule and the wait, for
   * callers that say it in their own words.
   */
  async function expectLimited(response: Response, what: string, windowSeconds: number, rule: string) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(await response.json()).toEqual({
      error: `Too many ${what}: try again in ${waitPhrase(retryAfter)}`,
      code: "RATE_LIMITED",
      params: { rule, what, retryAfterSeconds: retryAfter },
      retryable: true,
    });
  }

  it("lets 120 of 130 votes a member sends at once to both servers through and answers the rest 429", async (ctx) => {
    if (!smtp) return ctx.skip();
    const member = await person("voter@example.com");
    const list = await (await member.via(0).get("/api/v1/questions?sort=newest")).json();
    const vote = `/api/v1/questions/${list.items[0].id}/vote`;
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, n) => member.via(n).postJson(vote, { direction: "up" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(120);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(10);
    for (const answer of refused) await expectLimited(answer, "votes", 60, "votes");

    const other = await person("other-voter@example.com");
    expect((await other.via(1).postJson(vote, { direction: "up" })).status).toBe(200);
  });

  it("lets 120 of 130 events one address sends at once to both servers through", async (ctx) => {
    if (!smtp) return ctx.skip();
    const visitor = await person();
    const view = { name: "page_view", page: "home", path: "/" };
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, n) => visitor.via(n).postJson("/api/v1/events", view)),
    );
    expect(answers.filter((a) => a.status === 204)).toHaveLength(120);
    const refused = answers.filter((a) => a.status !== 204);
    expect(refused).toHaveLength(10);
    for (const answer of refused) await expectLimited(answer, "events", 60, "events");
    expect((await (await person()).via(1).postJson("/api/v1/events", view)).status).toBe(204);
  });

  it("holds a member to 10 submitted questions an hour, in the API and on the category page", async (ctx) => {
    if (!smtp) return ctx.skip();
    const author = await person("author@example.com");
    const submission = (n: number) => ({
      question: `Which small meeting habit number ${n} would you keep?`,
      type: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "retrospectives",
    });
    for (let n = 0; n < 10; n++) {
      expect((await author.via(n).postJson("/api/v1/questions", submission(n))).status).toBe(201);
    }
    await expectLimited(
      await author.via(0).postJson("/api/v1/questions", submission(10)),
      "submitted questions",
      3600,
      "submissions",
    );
    // The page's form posts as its fetcher does and shows the action's error.
    const { categorySlug: _, ...fields } = submission(11);
    const page = await author.via(1).postForm("/retrospectives.data", fields);
    expect(page.status).toBe(429);
    expect(await page.text()).toMatch(/Too many submitted questions: try again in \d+ minutes?/);
  });

  it("holds a visitor's address to 60 new plans an hour and says so on the plan page", async (ctx) => {
    if (!smtp) return ctx.skip();
    const visitor = await person();
    const list = await (await visitor.via(0).get("/api/v1/questions?sort=newest")).json();
    const plan = { intent: "create", title: "Weekly", questionIds: list.items[0].id as string };
    for (let n = 0; n < 60; n++) expect((await visitor.via(n).postForm("/plan", plan)).status).toBe(302);
    const refused = await visitor.via(0).postForm("/plan", plan);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many new plans: try again in \d+ minutes?/);
    expect((await (await person()).via(1).postForm("/plan", plan)).status).toBe(302);
  });

  it("holds an address to 120 preview images a minute", async (ctx) => {
    if (!smtp) return ctx.skip();
    const crawler = await person();
    const image = "/q/00000000-0000-4000-8000-000000000000/image.png";
    for (let n = 0; n < 120; n++) expect((await crawler.via(n).get(image)).status).toBe(404);
    await expectLimited(await crawler.via(1).get(image), "preview images", 60, "images");
    expect((await (await person()).via(0).get(image)).status).toBe(404);
  });
});
