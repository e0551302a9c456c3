import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify, TEST_PASSWORD } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * What an attacker could pick up from the server without breaking in: the
 * log (a token copied from it once reset an account's password), JSON a page
 * script reads, and pages a shared computer's cache keeps. The server is
 * this file's own, so its log holds only these requests.
 */
describe("secrets stay where they belong", () => {
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let ipCounter = 10;
  const ADMIN = "admin-no-store@example.com";
  /** Each client gets its own address, so rate limits of one test do not touch another. */
  const client = () => new HttpClient(server.url, { "x-forwarded-for": `192.0.2.${ipCounter++}` });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const mailTo = (to: string, subject: RegExp) =>
    smtp.waitForMessage((m) => m.to.includes(to) && subject.test(m.subject), 15_000);

  async function newVerifiedUser(email: string) {
    const http = client();
    await signUpAndVerify(http, smtp, email);
    return http;
  }

  /** The request log lines written since `mark` (a length of the output), once there are `expectedLines` of them. */
  async function logSince(mark: number, expectedLines: number): Promise<string[]> {
    for (let i = 0; i < 250; i++) {
      const lines = server
        .output()
        .slice(mark)
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'));
      if (lines.length >= expectedLines) return lines;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return server.output().slice(mark).split("\n");
  }

  async function publishedQuestionIds(http: HttpClient): Promise<string[]> {
    const list = (await (await http.get("/api/v1/questions?sort=newest")).json()) as { items: { id: string }[] };
    return list.items.map((item) => item.id);
  }

  async function startedRound(host: HttpClient): Promise<{ code: string; recapToken: string }> {
    const [first] = await publishedQuestionIds(host);
    const created = await host.postJson("/api/v1/rounds", { questionIds: [first], modes: ["text"] });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };
    const view = (await (await host.get(`/api/v1/rounds/${code}?as=host`)).json()) as {
      view: { recapToken: string };
    };
    return { code, recapToken: view.view.recapToken };
  }

  describe("the log", () => {
    it("never holds the password-reset token of the mailed link, which would reset the password", async () => {
      const email = "reset-log@example.com";
      await newVerifiedUser(email);
      const mark = server.output().length;
      const visitor = client();
      expect((await visitor.postForm("/sign-in", { intent: "forgot", email })).status).toBeLessThan(500);
      const mail = await mailTo(email, /reset/i);
      const link = linksIn(mail).find((l) => l.includes("/api/auth/reset-password/"));
      expect(link).toBeDefined();
      const token = new URL(link as string).pathname.split("/").pop() as string;
      expect(token.length).toBeGreaterThanOrEqual(16);
      const { url } = await visitor.follow(link as string);
      expect(url).toContain(`/reset-password?token=${token}`);
      const lines = await logSince(mark, 3);
      expect(lines.join("\n")).toContain("/api/auth/reset-password/");
      expect(server.output()).not.toContain(token);
    });

    it("never holds a recap token, a plan's link or a live round's host page secret", async () => {
      const host = client();
      const { recapToken } = await startedRound(host);
      const mark = server.output().length;
      expect((await host.get(`/live/recap/${recapToken}`)).status).toBe(200);
      expect((await host.get(`/live/recap/${recapToken}/export?format=csv`)).status).toBe(200);
      const planId = "5f0c9a3e-2b7d-4c1e-9a8f-3d6b2e1c7a90";
      await host.get(`/p/${planId}`);
      await host.get(`/p/${planId}/export?format=markdown`);
      const lines = await logSince(mark, 4);
      expect(lines.join("\n")).toContain("/live/recap/");
      expect(server.output()).not.toContain(recapToken);
      expect(server.output()).not.toContain(planId);
    });

    it("never holds an e-mail address or a query string written into the address", async () => {
      const mark = server.output().length;
      await client().get("/ada.lovelace@example.com/profile?email=grace.hopper@example.com");
      await client().get("/grace%40example.org");
      const lines = await logSince(mark, 2);
      const text = lines.join("\n");
      expect(text).not.toContain("ada.lovelace@example.com");
      expect(text).not.toContain("grace.hopper");
      expect(text).not.toContain("grace%40example.org");
      expect(text).not.toContain("grace@example.org");
    });

    it("cuts a very long address: a 15 KB path writes a short line", async () => {
      const mark = server.output().length;
      const answer = await client().get(`/${"a".repeat(15_000)}`);
      expect(answer.status).toBeLessThan(500);
      const lines = await logSince(mark, 1);
      expect(lines.join("\n")).toContain("aaaaaaaa");
      for (const line of lines) expect(line.length).toBeLessThan(1_000);
    });
  });

  describe("session tokens never reach a page script", () => {
    it("sign-in and get-session answer without the token, and the cookie still signs in", async () => {
      const email = "token-json@example.com";
      await newVerifiedUser(email);
      const http = client();
      const signedIn = await http.postJson("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
      expect(signedIn.status).toBe(200);
      const signInText = await signedIn.text();
      expect(JSON.parse(signInText).user.email).toBe(email);
      expect(http.hasCookie(/session_token/)).toBe(true);

      const session = await http.get("/api/auth/get-session");
      expect(session.status).toBe(200);
      const sessionText = await session.text();
      const body = JSON.parse(sessionText) as { user: { email: string }; session: Record<string, unknown> };
      expect(body.user.email).toBe(email);
      expect(body.session).not.toHaveProperty("token");
      expect(JSON.parse(signInText)).not.toHaveProperty("token");

      // No value of the session cookie appears in any JSON body.
      const cookieValue = decodeURIComponent(http.cookieHeader().match(/session_token=([^;.]+)/)?.[1] ?? "");
      expect(cookieValue.length).toBeGreaterThan(10);
      expect(signInText).not.toContain(cookieValue);
      expect(sessionText).not.toContain(cookieValue);
      // The cookie still works on our pages.
      expect((await http.get("/profile")).status).toBe(200);
    });
  });

  describe("private pages are never kept by a cache", () => {
    const noStore = (response: Response, what = response.url) =>
      expect(response.headers.get("cache-control") ?? "", what).toMatch(/no-store/);

    it("the profile, saved questions, admin and reset pages answer with no-store", async () => {
      const http = await newVerifiedUser(ADMIN);
      for (const path of ["/profile", "/saved-questions", "/saved-questions/print", "/admin"]) {
        const answer = await http.get(path);
        expect(answer.status, path).toBe(200);
        noStore(answer, path);
      }
      const reset = await client().get("/reset-password?token=abcdefghijklmnopqrstuvwx");
      noStore(reset);
      // A client-side navigation's data is private too.
      const data = await http.get("/profile.data");
      expect(data.status).toBe(200);
      noStore(data);
    });

    it("the plan page, which lists a member's secret plan links, and the list of signed-in devices answer with no-store", async () => {
      const http = await newVerifiedUser("plans-no-store@example.com");
      const plan = await http.get("/plan");
      expect(plan.status).toBe(200);
      noStore(plan, "/plan");
      noStore(await http.get("/plan.data"), "/plan.data");
      const sessions = await http.get("/api/auth/list-sessions");
      expect(sessions.status).toBe(200);
      expect(await sessions.json()).toHaveLength(1);
      noStore(sessions, "/api/auth/list-sessions");
      noStore(await http.get("/api/auth/get-session"), "/api/auth/get-session");
    });

    it("the host's screen and the recap answer with no-store", async () => {
      const host = client();
      const { code, recapToken } = await startedRound(host);
      const hostPage = await host.get(`/live/${code}/host`);
      expect(hostPage.status).toBe(200);
      noStore(hostPage);
      const recap = await host.get(`/live/recap/${recapToken}`);
      expect(recap.status).toBe(200);
      noStore(recap);
    });

    it("public pages stay cacheable by the browser as before", async () => {
      const answer = await client().get("/about");
      expect(answer.headers.get("cache-control") ?? "").not.toMatch(/no-store/);
    });
  });

  describe("password guessing against one account", () => {
    const from = (address: string) => new HttpClient(server.url, { "x-forwarded-for": address });
    const signIn = (http: HttpClient, email: string, password: string) =>
      http.postJson("/api/auth/sign-in/email", { email, password });

    it("stops one guesser after 5 failures, while the owner elsewhere signs in; a spread attack stops too", async () => {
      const email = "guessed@example.com";
      const owner = await newVerifiedUser(email);
      // The owner's usual network: signed in from there before the attack.
      const ownerAddress = "203.0.113.200";
      const home = from(ownerAddress);
      expect((await signIn(home, email, TEST_PASSWORD)).status).toBe(200);
      expect((await owner.postForm("/sign-out", {})).status).toBeLessThan(400);

      const attacker = from("198.51.100.66");
      for (let i = 0; i < 5; i++) expect((await signIn(attacker, email, `wrong guess ${i}`)).status).toBe(401);
      const stopped = await signIn(attacker, email, TEST_PASSWORD);
      expect(stopped.status).toBe(429);
      expect(((await stopped.json()) as { message: string }).message).toMatch(/Too many failed sign-ins: try again in/);
      expect(Number(stopped.headers.get("x-retry-after"))).toBeGreaterThan(0);
      // The same limit on the page's form, with a sentence.
      const form = await attacker.postForm("/sign-in", { intent: "sign-in", email, password: TEST_PASSWORD });
      expect(form.status).toBe(429);
      expect(await form.text()).toMatch(/Too many/);

      // The owner, from another address, is not locked out.
      expect((await signIn(from("203.0.113.77"), email, TEST_PASSWORD)).status).toBe(200);

      // Guesses spread over many addresses, one each, up to the account's ceiling of 30 failures with the first 5.
      for (let i = 0; i < 25; i++) {
        expect((await signIn(from(`100.64.${i}.1`), email, `spread guess ${i}`)).status).toBe(401);
      }
      const next = await signIn(from("100.64.99.1"), email, TEST_PASSWORD);
      expect(next.status).toBe(429);
      expect(((await next.json()) as { message: string }).message).toMatch(/failed sign-ins for this account/);
      // The owner's own network still signs in.
      expect((await signIn(home, email, TEST_PASSWORD)).status).toBe(200);
    });

    it("does not tell a guesser whether the account exists: unknown addresses are throttled alike", async () => {
      const attacker = from("198.51.100.67");
      for (let i = 0; i < 5; i++) {
        expect((await signIn(attacker, "nobody-here@example.com", `guess ${i}`)).status).toBe(401);
      }
      expect((await signIn(attacker, "nobody-here@example.com", "guess 6")).status).toBe(429);
    });
  });

  describe("better-auth's own endpoints keep the name rules of our forms", () => {
    const problemOf = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as { message: string }).message;
    };

    it("sign-up refuses a 200,000-character name, line breaks, a blank name and direction controls", async () => {
      const http = client();
      const signUp = (name: string, email: string) =>
        http.postJson("/api/auth/sign-up/email", { name, email, password: TEST_PASSWORD });
      expect(await problemOf(await signUp("x".repeat(200_000), "long-name@example.com"))).toMatch(/at most 80/);
      expect(await problemOf(await signUp("Ada\r\nBcc: x", "crlf-name@example.com"))).toMatch(/one line/);
      expect(await problemOf(await signUp("   ", "blank-name@example.com"))).toMatch(/full name/);
      expect(await problemOf(await signUp("\u200B\u0301", "invisible-name@example.com"))).toMatch(/full name/);
      expect(await problemOf(await signUp("\u202Eevil", "bidi-name@example.com"))).toMatch(/text-direction/);
      // None of them became an account: a proper sign-up of the same address goes through as new.
      const proper = await client().postJson("/api/auth/sign-up/email", {
        name: "Ada Lovelace",
        email: "long-name@example.com",
        password: TEST_PASSWORD,
      });
      expect(proper.status).toBe(200);
    });

    it("update-user refuses the same names and a javascript: picture, and takes a proper name", async () => {
      const email = "update-user@example.com";
      const http = await newVerifiedUser(email);
      const update = (body: Record<string, unknown>) => http.postJson("/api/auth/update-user", body);
      expect(await problemOf(await update({ name: "y".repeat(200_000) }))).toMatch(/at most 80/);
      expect(await problemOf(await update({ name: "Ada\nLovelace" }))).toMatch(/one line/);
      expect(await problemOf(await update({ name: "" }))).toMatch(/full name/);
      expect(await problemOf(await update({ image: "javascript:alert(document.cookie)" }))).toMatch(/http or https/);
      expect(await problemOf(await update({ image: "data:text/html,<script>1</script>" }))).toMatch(/http or https/);
      expect((await update({ name: "  Grace Hopper  ", image: "https://example.com/grace.png" })).status).toBe(200);
      const session = (await (await http.get("/api/auth/get-session")).json()) as { user: { name: string } };
      expect(session.user.name).toBe("Grace Hopper");
    });

    it("a live round refuses a participant name with a right-to-left override and an invisible answer", async () => {
      const host = client();
      const { code } = await startedRound(host);
      const eve = client();
      const refused = await eve.postJson(`/api/v1/rounds/${code}/join`, { name: "Eve\u202Egnp.exe" });
      expect(refused.status).toBe(400);
      expect((await eve.postJson(`/api/v1/rounds/${code}/join`, { name: "Eve" })).status).toBe(201);
      const invisible = await eve.postJson(`/api/v1/rounds/${code}/answer`, {
        position: 0,
        text: "\u200B\u200D\u0301",
      });
      expect(invisible.status).toBe(400);
      expect((await eve.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Calm" })).status).toBeLessThan(
        300,
      );
    });
  });
});
