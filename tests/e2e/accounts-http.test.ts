import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndVerify, TEST_PASSWORD } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * The account flows over HTTP against the built server, with a real SMTP
 * server on loopback receiving the mail: the pages' forms as a browser
 * without JavaScript submits them.
 */
describe("accounts over HTTP", () => {
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let ipCounter = 10;
  /** Each client gets its own address, so rate limits of one test do not touch another. */
  const client = () => new HttpClient(server.url, { "x-forwarded-for": `203.0.113.${ipCounter++}` });
  const ADMIN = "boss@example.com";

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, TRUST_PROXY: "true", ADMIN_EMAILS: ADMIN.toUpperCase() });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const mailTo = (to: string, subject: RegExp) =>
    smtp.waitForMessage((m) => m.to.includes(to) && subject.test(m.subject), 15_000);

  async function signUp(http: HttpClient, email: string, password = TEST_PASSWORD) {
    const response = await http.postForm("/sign-up", { fullName: "Ada Lovelace", email, password });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/verify-email?email=${encodeURIComponent(email)}`);
  }

  async function verify(http: HttpClient, email: string) {
    const mail = await mailTo(email, /verify/i);
    const link = linksIn(mail).find((l) => l.includes("/api/auth/verify-email"));
    expect(link).toBeDefined();
    return http.follow(link as string);
  }

  async function signIn(http: HttpClient, email: string, password: string, redirectTo?: string) {
    return http.postForm("/sign-in", { intent: "sign-in", email, password, ...(redirectTo ? { redirectTo } : {}) });
  }

  async function newVerifiedUser(email: string, password = TEST_PASSWORD) {
    const http = client();
    await signUpAndVerify(http, smtp, email, password);
    return http;
  }

  it("signs up, refuses sign-in until the e-mail is verified, then verifies by the mailed link", async () => {
    const http = client();
    const email = "ada@example.com";
    await signUp(http, email);

    const early = await signIn(http, email, TEST_PASSWORD);
    expect(early.status).toBe(403);
    expect(await early.text()).toContain("Please verify your email address before signing in");

    const { response, url } = await verify(http, email);
    expect(url).toContain("/verify-email?status=verified");
    expect(await response.text()).toContain("Your email is verified");
    // Verified and signed in: the profile opens.
    const profile = await http.get("/profile");
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(email);
    // The welcome mail follows the verification.
    await mailTo(email, /welcome/i);
  });

  it("refuses a name with an invisible character or a web address, on the form and on the auth endpoint", async () => {
    const http = client();
    const hidden = await http.postForm("/sign-up", {
      fullName: "Ad\u200Bmin",
      email: "hidden-name@example.com",
      password: TEST_PASSWORD,
    });
    expect(hidden.status).toBe(400);
    expect(await hidden.text()).toContain("Your name must not contain invisible characters");
    const linked = await http.postForm("/sign-up", {
      fullName: "Support at www.evil.example",
      email: "linked-name@example.com",
      password: TEST_PASSWORD,
    });
    expect(linked.status).toBe(400);
    expect(await linked.text()).toContain("Your name must not contain a web address");
    const direct = await http.postJson("/api/auth/sign-up/email", {
      name: "Ad\u2060min",
      email: "direct-name@example.com",
      password: TEST_PASSWORD,
    });
    expect(direct.status).toBe(400);
    expect((await direct.json()).message).toBe("Your name must not contain invisible characters");
  });

  it("answers a sign-up for a taken address exactly like a new one and tells the owner by mail", async () => {
    const email = "taken@example.com";
    await newVerifiedUser(email);
    const again = client();
    await signUp(again, email, "another password 1");
    const notice = await mailTo(email, /tried to sign up/i);
    expect(notice.text).toContain("/sign-in");
  });

  it("gives one error for a wrong password, and rate limits 20 rapid attempts", async () => {
    const email = "grace@example.com";
    await newVerifiedUser(email);
    const http = client();
    const wrong = await signIn(http, email, "not the password");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid email or password");

    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(http, email, `wrong ${i}`)).status);
    expect(statuses).toContain(429);
    const limited = await signIn(http, email, TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/Too many attempts/);
  });

  it("keys the sign-in limit on the address the proxy saw, not on a forwarded chain the client wrote", async () => {
    const email = "hopper@example.com";
    await newVerifiedUser(email);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      // The client invents the leftmost entry; the one proxy in front appends the real address last.
      const http = new HttpClient(server.url, { "x-forwarded-for": `10.9.${i}.1, 192.0.2.77` });
      // A different account each time, so only the limit per address can refuse (not the one per account).
      statuses.push((await signIn(http, i === 0 ? email : `hopper-${i}@example.com`, `wrong ${i}`)).status);
    }
    expect(statuses).toContain(429);
  });

  it("resets a password by the mailed link, once, and signs out other sessions", async () => {
    const email = "reset@example.com";
    const first = await newVerifiedUser(email);
    expect((await first.get("/profile")).status).toBe(200);

    const http = client();
    const asked = await http.postForm("/sign-in", { intent: "forgot", email });
    expect(await asked.text()).toContain("Check your email for password reset instructions");
    // Unknown addresses get the very same answer.
    const unknown = await client().postForm("/sign-in", { intent: "forgot", email: "nobody@example.com" });
    expect(await unknown.text()).toContain("Check your email for password reset instructions");
    const empty = await client().postForm("/sign-in", { intent: "forgot", email: "" });
    expect(await empty.text()).toContain("Please enter your email address");

    const mail = await mailTo(email, /reset/i);
    const link = linksIn(mail).find((l) => l.includes("/reset-password"));
    expect(link).toBeDefined();
    const { url } = await http.follow(link as string);
    const token = new URL(url).searchParams.get("token");
    expect(token).toBeTruthy();

    const done = await http.postForm("/reset-password", {
      token: token as string,
      password: "a brand new secret",
      confirm: "a brand new secret",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/sign-in?reset=1");

    // The link works once.
    const reused = await http.postForm("/reset-password", {
      token: token as string,
      password: "yet another secret",
      confirm: "yet another secret",
    });
    expect(await reused.text()).toContain("expired or was already used");
    const followedAgain = await client().follow(link as string);
    expect(followedAgain.url).toContain("error=INVALID_TOKEN");

    // The old session was signed out; the new password works, the old one does not.
    expect((await first.get("/profile")).status).toBe(302);
    expect((await signIn(client(), email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(client(), email, "a brand new secret")).status).toBe(302);
  });

  it("guards pages on the server and ignores redirects to other sites", async () => {
    const anonymous = client();
    const guarded = await anonymous.get("/saved-questions?tab=all");
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toBe(
      `/sign-in?redirectTo=${encodeURIComponent("/saved-questions?tab=all")}`,
    );

    const email = "redirect@example.com";
    const http = await newVerifiedUser(email);
    await http.postForm("/sign-out", {});
    const back = await signIn(http, email, TEST_PASSWORD, "/saved-questions?tab=all");
    expect(back.headers.get("location")).toBe("/saved-questions?tab=all");
    await http.postForm("/sign-out", {});
    for (const evil of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
      const answer = await signIn(http, email, TEST_PASSWORD, evil);
      expect(answer.headers.get("location")).toBe("/");
      await http.postForm("/sign-out", {});
    }
    // Google's return without a session goes silently to sign-in, on both callback paths.
    for (const callback of ["/auth/callback?next=%2Fprofile", "/auth/v1/callback?next=%2Fprofile"]) {
      const answer = await client().get(callback);
      expect(answer.headers.get("location")).toBe("/sign-in");
    }
    // Admin pages: visitors sign in first, other users are refused.
    expect((await client().get("/admin")).headers.get("location")).toBe("/sign-in?redirectTo=%2Fadmin");
    await signIn(http, email, TEST_PASSWORD);
    const adminPage = await http.get("/admin");
    expect(adminPage.status).toBe(403);
    expect(await adminPage.text()).toContain("Admin access required");
    await http.postForm("/sign-out", {});
    // Signed-in users are sent home from the signed-out pages.
    await signIn(http, email, TEST_PASSWORD);
    const signInPage = await http.get("/sign-in");
    expect(signInPage.status).toBe(302);
    expect(signInPage.headers.get("location")).toBe("/");
  });

  it("keeps sign-in pages out of search engines and sets safe cookie flags", async () => {
    for (const path of ["/sign-in", "/sign-up", "/verify-email?email=a%40b.example"]) {
      expect(await (await client().get(path)).text()).toContain('content="noindex, nofollow"');
    }
    const http = await newVerifiedUser("cookies@example.com");
    await http.postForm("/sign-out", {});
    const answer = await signIn(http, "cookies@example.com", TEST_PASSWORD);
    const session = answer.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it("lets only admins change access: 'Admin access required' for others", async () => {
    const user = await newVerifiedUser("plain@example.com");
    const userProfile = await (await user.get("/profile/export")).json();
    const userId = userProfile.account.id as string;

    const anonymous = await client().postJson(`/api/v1/admin/users/${userId}`, { isAdmin: true });
    expect(anonymous.status).toBe(401);
    const refused = await user.postJson(`/api/v1/admin/users/${userId}`, { isAdmin: true });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("Admin access required");

    // ADMIN_EMAILS (compared lowercase) makes this one an admin at sign-up.
    const admin = await newVerifiedUser(ADMIN);
    expect(await (await admin.get("/")).text()).toContain('href="/admin"');
    const granted = await admin.postJson(`/api/v1/admin/users/${userId}`, { plan: "premium" });
    expect(granted.status).toBe(200);
    expect((await granted.json()).user).toMatchObject({ id: userId, plan: "premium", isAdmin: false });
    const bad = await admin.postJson(`/api/v1/admin/users/${userId}`, { plan: "gold" });
    expect(bad.status).toBe(400);
  });

  it("records a signed-in user's generations in their history, once per question", async () => {
    const http = await newVerifiedUser("history@example.com");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await http.postJson("/api/v1/generate-question", {
        meetingContext: "check-out",
        questionStyle: "playful",
        engagementLevel: "quick",
        seenIds: ids,
      });
      expect(answer.status).toBe(200);
      ids.push((await answer.json()).id);
    }
    // The first one again: still one row, now the newest.
    await http.postJson("/api/v1/generate-question", {
      meetingContext: "check-out",
      questionStyle: "playful",
      engagementLevel: "quick",
      seenIds: ids.slice(1),
    });
    const exported = await (await http.get("/profile/export")).json();
    const historyIds = exported.generationHistory.map((h: { questionId: string }) => h.questionId);
    expect(new Set(historyIds).size).toBe(historyIds.length);
    expect(historyIds.length).toBeGreaterThanOrEqual(3);
  });

  it("changes the e-mail address only after both addresses confirm", async () => {
    const http = await newVerifiedUser("old@example.com");
    const asked = await http.postForm("/profile", { intent: "email", newEmail: "new@example.com" });
    expect(await asked.text()).toContain("open the link we sent to old@example.com");
    const confirm = await mailTo("old@example.com", /confirm your new email/i);
    const first = linksIn(confirm).find((l) => l.includes("/api/auth/"));
    await http.follow(first as string);
    const verifyNew = await mailTo("new@example.com", /verify/i);
    const second = linksIn(verifyNew).find((l) => l.includes("/api/auth/verify-email"));
    await http.follow(second as string);
    const exported = await (await http.get("/profile/export")).json();
    expect(exported.account.email).toBe("new@example.com");
    await http.postForm("/sign-out", {});
    expect((await signIn(client(), "new@example.com", TEST_PASSWORD)).status).toBe(302);
  });

  it("signs out every device at once", async () => {
    const email = "devices@example.com";
    const laptop = await newVerifiedUser(email);
    const phone = client();
    expect((await signIn(phone, email, TEST_PASSWORD)).status).toBe(302);
    expect((await phone.get("/profile")).status).toBe(200);
    const out = await laptop.postForm("/sign-out", { scope: "everywhere" });
    expect(out.headers.get("location")).toBe("/sign-in?notice=signedOut");
    expect((await phone.get("/profile")).status).toBe(302);
    expect((await laptop.get("/profile")).status).toBe(302);
  });

  it("deletes an account only with the password and the typed confirmation", async () => {
    const email = "leaving@example.com";
    const http = await newVerifiedUser(email);
    const unconfirmed = await http.postForm("/profile", {
      intent: "delete",
      hasPassword: "true",
      password: TEST_PASSWORD,
    });
    expect(await unconfirmed.text()).toContain("Type &quot;delete&quot; to confirm.");
    const wrong = await http.postForm("/profile", {
      intent: "delete",
      hasPassword: "true",
      password: "not it at all",
      confirm: "delete",
    });
    expect(wrong.status).toBe(400);
    const deleted = await http.postForm("/profile", {
      intent: "delete",
      hasPassword: "true",
      password: TEST_PASSWORD,
      confirm: "delete",
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/sign-in?notice=accountDeleted");
    expect((await http.get("/profile")).status).toBe(302);
    expect((await signIn(client(), email, TEST_PASSWORD)).status).toBe(401);
  });
});
