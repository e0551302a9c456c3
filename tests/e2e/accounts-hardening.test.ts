import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify, TEST_PASSWORD } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * Attacks on accounts over HTTP against the built server: redirects to other
 * sites, deleting an account without its password, session tokens handed to
 * the browser, and cross-site form posts. The server is this file's own, so
 * its log holds only these requests.
 */
describe("accounts under attack", () => {
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let ipCounter = 10;
  /** Each client gets its own address, so rate limits of one test do not touch another. */
  const client = () => new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${ipCounter++}` });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
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

  /** Where a Location header takes a browser that is on our site. */
  const landing = (response: Response) => new URL(response.headers.get("location") ?? "", server.url);

  function expectSameSite(response: Response) {
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(landing(response).origin).toBe(new URL(server.url).origin);
    // A path that starts with "//" names another host to every link and redirect built from it.
    expect(landing(response).pathname).not.toMatch(/^\/\//);
  }

  describe("redirects after signing in stay on this site", () => {
    it("sign-in with redirectTo=/.//evil.example/phish lands on a path of ours", async () => {
      const email = "phish@example.com";
      const http = await newVerifiedUser(email);
      await http.postForm("/sign-out", {});
      const answer = await http.postForm("/sign-in", {
        intent: "sign-in",
        email,
        password: TEST_PASSWORD,
        redirectTo: "/.//evil.example/phish",
      });
      expectSameSite(answer);
      expect(answer.headers.get("location")).toBe("/");
      // The page's own form carries the cleaned value too.
      await http.postForm("/sign-out", {});
      const page = await (await http.get("/sign-in?redirectTo=%2F.%2F%2Fevil.example%2Fphish")).text();
      expect(page).not.toContain("//evil.example");
    });

    it("Google's return page (/auth/callback?next=) goes on to a path of ours", async () => {
      const http = await newVerifiedUser("callback@example.com");
      const page = await http.get("/auth/callback?next=%2F.%2F%2Fevil.example%2Fphish");
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain("//evil.example");
    });

    it("a verification link with callbackURL=/.//evil.example does not send the browser to another host", async () => {
      const answer = await client().get("/api/auth/verify-email?token=not-a-token&callbackURL=%2F.%2F%2Fevil.example");
      expectSameSite(answer);
    });

    it("a callbackURL given at sign-up is cleaned before it goes into the mailed link", async () => {
      const email = "signup-callback@example.com";
      const signedUp = await client().postJson("/api/auth/sign-up/email", {
        name: "Eve",
        email,
        password: TEST_PASSWORD,
        callbackURL: "/.//evil.example/phish",
      });
      expect(signedUp.status).toBe(200);
      const link = linksIn(await mailTo(email, /verify/i)).find((l) => l.includes("/api/auth/verify-email"));
      expect(link).toBeDefined();
      expect(new URL(link as string).searchParams.get("callbackURL")).toBe("/");
      const opened = await client().get(link as string);
      expectSameSite(opened);
    });

    it("a reset link asked for with redirectTo=/.//evil.example keeps its token on this site", async () => {
      const email = "reset-callback@example.com";
      await newVerifiedUser(email);
      const asked = await client().postJson("/api/auth/request-password-reset", {
        email,
        redirectTo: "/.//evil.example/phish",
      });
      expect(asked.status).toBe(200);
      const link = linksIn(await mailTo(email, /reset/i)).find((l) => l.includes("/api/auth/reset-password/"));
      expect(link).toBeDefined();
      const opened = await client().get(link as string);
      expectSameSite(opened);
      expect(landing(opened).searchParams.get("token")).toBeTruthy();
    });

    it("callback URLs on another site are not followed, and our own absolute URLs become paths", async () => {
      const email = "absolute-callback@example.com";
      await client().postJson("/api/auth/sign-up/email", {
        name: "Eve",
        email,
        password: TEST_PASSWORD,
        callbackURL: `${server.url}/profile?tab=1`,
      });
      const link = linksIn(await mailTo(email, /verify/i)).find((l) => l.includes("/api/auth/verify-email"));
      expect(new URL(link as string).searchParams.get("callbackURL")).toBe("/profile?tab=1");

      const foreign = await client().postJson("/api/auth/sign-up/email", {
        name: "Eve",
        email: "foreign-callback@example.com",
        password: TEST_PASSWORD,
        callbackURL: "https://evil.example/phish",
      });
      // Refused or cleaned: either way the mailed link, if any, leads here.
      if (foreign.ok) {
        const mail = await mailTo("foreign-callback@example.com", /verify/i);
        const sent = linksIn(mail).find((l) => l.includes("/api/auth/verify-email"));
        expect(new URL(sent as string).searchParams.get("callbackURL")).toBe("/");
      } else {
        expect(foreign.status).toBeGreaterThanOrEqual(400);
        expect(foreign.status).toBeLessThan(500);
      }
    });
  });

  describe("deleting an account", () => {
    it("refuses a password account's deletion without the password, whatever the form claims", async () => {
      const email = "keep-me@example.com";
      const http = await newVerifiedUser(email);
      const refused = await http.postForm("/profile", { intent: "delete", hasPassword: "false", confirm: "delete" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Please enter your password");
      const exported = await http.get("/profile/export");
      expect(exported.status).toBe(200);
      expect((await exported.json()).account.email).toBe(email);
    });

    it("refuses it through better-auth's own endpoint too", async () => {
      const email = "keep-me-too@example.com";
      const http = await newVerifiedUser(email);
      const refused = await http.postJson("/api/auth/delete-user", {});
      expect(refused.status).toBe(400);
      expect((await http.get("/profile/export")).status).toBe(200);
      const signedIn = await client().postForm("/sign-in", { intent: "sign-in", email, password: TEST_PASSWORD });
      expect(signedIn.status).toBe(302);
    });
  });

  describe("the list of sessions", () => {
    /** The token part of the signed session cookie ("token.signature"). */
    function sessionToken(http: HttpClient): string {
      const cookie = http.cookieList().find((c) => c.name.endsWith("session_token"));
      expect(cookie).toBeDefined();
      const token = decodeURIComponent(cookie?.value ?? "").split(".")[0] ?? "";
      expect(token.length).toBeGreaterThan(10);
      return token;
    }

    it("never hands session tokens to the browser, and the profile still signs out another device", async () => {
      const email = "sessions@example.com";
      const laptop = await newVerifiedUser(email);
      const phone = client();
      const phoneSignIn = await phone.postForm("/sign-in", { intent: "sign-in", email, password: TEST_PASSWORD });
      expect(phoneSignIn.status).toBe(302);

      const listed = await laptop.get("/api/auth/list-sessions");
      expect(listed.status).toBe(200);
      const text = await listed.text();
      const sessions = JSON.parse(text) as Record<string, unknown>[];
      expect(sessions).toHaveLength(2);
      for (const session of sessions) expect(session).not.toHaveProperty("token");
      expect(text).not.toContain(sessionToken(laptop));
      expect(text).not.toContain(sessionToken(phone));

      // The profile lists the other device by id; only its owner can sign it out.
      const profile = await (await laptop.get("/profile")).text();
      const ids = [...profile.matchAll(/name="sessionId" value="([^"]+)"/g)].map((m) => m[1] as string);
      expect(ids).toHaveLength(1);
      const phoneSession = ids[0] as string;
      const stranger = await newVerifiedUser("stranger@example.com");
      const notYours = await stranger.postForm("/profile", { intent: "revoke-session", sessionId: phoneSession });
      expect(notYours.status).toBe(404);
      expect((await phone.get("/profile")).status).toBe(200);

      const revoked = await laptop.postForm("/profile", { intent: "revoke-session", sessionId: phoneSession });
      expect(revoked.status).toBe(200);
      expect(await revoked.text()).toContain("That device is signed out.");
      expect((await phone.get("/profile")).status).toBe(302);
      expect((await laptop.get("/profile")).status).toBe(200);
    });
  });

  describe("cross-site form posts", () => {
    /** The server's JSON log lines for one request id. */
    function logLines(requestId: string): Record<string, unknown>[] {
      return server
        .output()
        .split("\n")
        .filter((line) => line.includes(requestId))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    }

    async function waitForRequestLine(requestId: string) {
      for (let i = 0; i < 50; i++) {
        if (logLines(requestId).some((l) => l.msg === "request")) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no request line for ${requestId}:\n${server.output().slice(-2000)}`);
    }

    it.each([
      ["a page form", "/sign-in"],
      ["a page form sent by the browser's script", "/sign-in.data"],
    ])("refuses %s from another origin with a 4xx and one warning line, no stack", async (_name, path) => {
      const requestId = `cross-site-${path.replace(/\W/g, "")}-${Date.now()}`;
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: "https://evil.example",
          "content-type": "application/x-www-form-urlencoded",
          "x-request-id": requestId,
        },
        body: new URLSearchParams({ intent: "sign-in", email: "a@example.com", password: "x" }).toString(),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      await waitForRequestLine(requestId);
      const lines = logLines(requestId);
      // pino levels: 40 warn, 50 error.
      expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
      expect(JSON.stringify(lines)).not.toMatch(/"stack"|\n\s+at /);
      const warnings = lines.filter((l) => l.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ path });
    });
  });
});
