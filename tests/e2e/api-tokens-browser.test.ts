import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

const chromium = inject("chromium");
const PHONE = { width: 390, height: 844 };
const MEMBER = "scripter@example.com";

/** A member makes a token on their phone, sees its secret once with a way to copy it, and revokes it after confirming. */
describe.skipIf(!chromium)("API tokens on the profile", () => {
  let browser: Browser;
  let context: BrowserContext;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({}, { members: [{ email: MEMBER, name: "Sam Scripter" }] });
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("creates a token shown once, lists it, and revokes it after a confirmation", async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    const http = new HttpClient(server.url);
    await signIn(http, MEMBER);
    await context.addCookies(http.cookieList());
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "essential"));
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    await page.goto("/profile#api-tokens");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const section = page.getByRole("region", { name: "API tokens" });

    await section.getByLabel("Name").fill("Weekly check-in script");
    await section.getByLabel("Access").selectOption("read");
    await section.getByLabel("Expires after").selectOption("30");
    await section.getByRole("button", { name: "Create token" }).click();
    await section.getByText("you won’t see it again").waitFor();
    const secret = await section.getByLabel("The new token").inputValue();
    expect(secret).toMatch(/^cu_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    await section.getByRole("button", { name: "Copy token" }).click();
    await section.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await axeViolations(page)).toEqual([]);

    const listed = section.getByRole("listitem").filter({ hasText: "Weekly check-in script" });
    await expect.poll(() => listed.textContent()).toContain("Read only");
    expect(await listed.textContent()).toContain("Never used.");
    // Once left, the page never shows the secret again.
    await page.reload();
    expect(await page.content()).not.toContain(secret);

    await listed.getByText("Revoke", { exact: true }).click();
    await listed.getByText("stop working at once").waitFor();
    await listed.getByRole("button", { name: "Yes, revoke it" }).click();
    await section.getByText("The token is revoked.").waitFor();
    await expect.poll(() => listed.textContent()).toMatch(/Revoked /);
    expect(await listed.getByText("Revoke", { exact: true }).count()).toBe(0);
  });
});
