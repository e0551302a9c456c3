import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";
import { freePort } from "../support/ports";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";
import { totpCode } from "../support/totp";

const chromium = inject("chromium");

/**
 * Accounts in Chromium, as a person uses them: mail arrives at a real SMTP
 * server on loopback and Google is a real OpenID provider on loopback.
 */
describe.skipIf(!chromium)("accounts in the browser", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let smtp: SmtpTestServer;
  let oidc: OidcTestProvider;
  let server: RunningServer;

  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    smtp = await startSmtpServer();
    oidc = await startOidcProvider({
      clientId: "circleup-test",
      clientSecret: "test-client-secret",
      redirectUris: [`${baseUrl}/api/auth/callback/google`],
      users: [{ sub: "google-42", email: "mira@example.com", emailVerified: true, name: "Mira Okafor" }],
    });
    server = await startServer({
      PORT: String(port),
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: "circleup-test",
      GOOGLE_CLIENT_SECRET: "test-client-secret",
      GOOGLE_ISSUER: oidc.issuer,
    });
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await oidc?.close();
    await smtp?.close();
  });
  afterEach(async () => context?.close());

  async function open(path: string) {
    context = await browser.newContext({ baseURL: server.url });
    page = await context.newPage();
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  async function signIn(email: string, password: string) {
    // The URL changes before React has rendered the new page; wait for the form itself.
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
  }

  it("signs up, verifies by mail, turns on two-factor, and signs in again with a code", async () => {
    const email = "lin@example.com";
    const password = "a long enough secret";
    await open("/sign-up");
    await page.getByLabel("Full name").fill("Lin Park");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Check your email");

    const mail = await smtp.waitForMessage((m) => m.to.includes(email) && /verify/i.test(m.subject));
    const link = linksIn(mail).find((l) => l.includes("/api/auth/verify-email")) as string;
    await page.goto(link);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your email is verified");

    // Sign out and in again with the password.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign out here" }).click();
    await page.waitForURL(/\/sign-in/);
    await signIn(email, password);
    await page.waitForURL((url) => url.pathname === "/");
    // Profile is in the header's account menu.
    await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(/\/profile$/);

    // Two-factor: set up with the key, confirm with a code computed here.
    const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
    await twoFactor.getByLabel("Your password").fill(password);
    await twoFactor.getByRole("button", { name: "Set up two-factor" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expect.poll(() => twoFactor.getByRole("listitem").count()).toBeGreaterThanOrEqual(8);
    await twoFactor.getByLabel("Code from your app").fill(totpCode(secret));
    await twoFactor.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect.poll(() => twoFactor.textContent()).toContain("Two-factor is on");

    await page.getByRole("button", { name: "Sign out here" }).click();
    await page.waitForURL(/\/sign-in/);
    await signIn(email, password);
    await page.waitForURL(/\/sign-in\/two-factor/);
    await page.getByLabel("Authentication code").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("banner").getByRole("button", { name: "Account" }).count()).toBe(1);
  });

  it("sends an anonymous visitor of /saved-questions to sign in and back", async () => {
    const email = "back@example.com";
    const password = "another fine secret";
    // An account to sign in with, made over HTTP to keep this test about the redirect.
    await open("/sign-up");
    await page.getByLabel("Full name").fill("Sam Reyes");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/verify-email/);
    const mail = await smtp.waitForMessage((m) => m.to.includes(email) && /verify/i.test(m.subject));
    await context.close();

    await open("/saved-questions");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await signIn(email, password);
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("verify your email");
    await page.goto(linksIn(mail).find((l) => l.includes("/api/auth/verify-email")) as string);
    await context.close();

    await open("/saved-questions");
    await signIn(email, password);
    await page.waitForURL(/\/saved-questions$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Saved questions");
  });

  it("signs a new user in with Google and creates their profile", async () => {
    await open("/sign-in?redirectTo=%2Fprofile");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: "Sign in as mira@example.com" }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByRole("main").textContent()).toContain("mira@example.com");
    expect(await page.getByLabel("Full name").inputValue()).toBe("Mira Okafor");
  });
});
