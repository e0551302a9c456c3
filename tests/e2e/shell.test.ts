import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
const chromium = inject("chromium");

describe.skipIf(!chromium)("the app shell in a browser", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    browser = await launchBrowser(chromium!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string, options: { width?: number; javaScript?: boolean } = {}) {
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: options.width ?? 1280, height: 800 },
      javaScriptEnabled: options.javaScript ?? true,
    });
    page = await context.newPage();
    pageErrors = [];
    // A CSP violation or a hydration failure shows up here.
    page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    const response = await page.goto(path);
    if (options.javaScript !== false)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    return response;
  }

  afterEach(async () => {
    await context?.close();
  });

  it("shows the home page without JavaScript: it is rendered on the server", async () => {
    await open("/", { javaScript: false });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Open Every Team Meeting with the Right Question",
    );
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link").count()).toBeGreaterThanOrEqual(5);
  });

  it("keeps the server's inlined stylesheet after hydration and navigation", async () => {
    await open("/");
    const styled = () =>
      page.evaluate(() => ({
        stylesheet: document.head.querySelector("style")?.textContent?.length ?? 0,
        headingFont: getComputedStyle(document.querySelector("h1") as Element).fontFamily,
      }));
    const before = await styled();
    expect(before.stylesheet).toBeGreaterThan(10_000);
    expect(before.headingFont).toMatch(/serif/i);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "What's free" }).click();
    await page.getByRole("heading", { level: 1, name: "What's free" }).waitFor();
    expect((await styled()).stylesheet).toBe(before.stylesheet);
    expect(pageErrors).toEqual([]);
  });

  it("fetches no JavaScript until its loader runs after the first frame, then hydrates", async () => {
    // The served page names its modules only inside the inert <noscript> the loader reads.
    const html = await (await fetch(new URL("/", baseUrl))).text();
    const holder = /<noscript id="app-scripts">([\s\S]*?)<\/noscript>/.exec(html);
    expect(holder?.[1]).toMatch(/rel="modulepreload"[\s\S]*type="module"/);
    const outside = html.replace(holder?.[0] ?? "", "");
    expect(outside).not.toMatch(/rel="modulepreload"|type="module"|<script[^>]*\ssrc=/);

    await open("/");
    const scripts = await page.evaluate(
      () => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js")).length,
    );
    expect(scripts).toBeGreaterThan(3);
    // Hydrated: the generator answers a click without a page load.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const before = await page.getByTestId("question-text").first().textContent();
    await page.getByRole("button", { name: "Generate Question" }).click();
    await expect.poll(() => page.getByTestId("question-text").first().textContent()).not.toBe(before);
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it("answers a button clicked before the page has hydrated, once it has", async () => {
    context = await browser.newContext({ baseURL: baseUrl });
    // A slow connection, made certain: no script arrives until the click is made.
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await context.route("**/assets/*.js", async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    page = await context.newPage();
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept" }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    releaseScripts();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("true");
  });

  it("navigates with the header links, lands at the top, and runs under the CSP without errors", async () => {
    await open("/");
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 500);
    const header = page.getByRole("banner");
    // The help pages are one menu away: More.
    const more = async (label: string) => {
      await header.getByRole("button", { name: "More" }).click();
      await header.getByRole("navigation", { name: "More" }).getByRole("link", { name: label }).click();
    };

    await more("About");
    await page.waitForURL(`${baseUrl}/about`);
    await page.getByRole("heading", { level: 1, name: "About CircleUp" }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe("About - CircleUp");

    await more("How to Use");
    await page.getByRole("heading", { level: 1, name: "How to use CircleUp" }).waitFor();
    await more("Contact");
    await page.getByRole("heading", { level: 1, name: "Contact us" }).waitFor();
    await page.getByRole("link", { name: "CircleUp home" }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(pageErrors).toEqual([]);
  });

  it("shows the not-found page with header and footer for an unknown path", async () => {
    const response = await open("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    const heading = page.getByRole("heading", { name: "This page could not be found" });
    await heading.waitFor();
    // The same heading face as every other page.
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/serif/i);
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).not.toMatch(/sans-serif/i);
    expect(await page.getByRole("contentinfo").textContent()).toContain(
      `© 2024–${new Date().getUTCFullYear()} CircleUp`,
    );
    expect(await page.getByRole("contentinfo").textContent()).toContain("Made in Copenhagen");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it("hides the cookie banner on Accept and keeps it hidden after a reload", async () => {
    await open("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.waitFor();
    expect(await banner.getByRole("link", { name: "privacy policy" }).getAttribute("href")).toBe("/privacy-policy");
    await banner.getByRole("button", { name: "Accept" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("true");
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await banner.count()).toBe(0);
  });

  it("hides the cookie banner on Accept even when the browser refuses storage", async () => {
    context = await browser.newContext({ baseURL: baseUrl });
    await context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("blocked", "SecurityError");
      };
    });
    page = await context.newPage();
    await page.goto("/");
    // As open() does: the page's scripts start after its first paint, so a click before hydration does nothing.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept" }).click();
    await banner.waitFor({ state: "detached" });
  });

  it("opens and closes the mobile menu at 375 px and follows its links", async () => {
    await open("/", { width: 375 });
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Menu" });
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    await menu.waitFor();
    for (const label of [
      "Generate",
      "Plan",
      "Join a round",
      "Questions",
      "What's free",
      "How to Use",
      "About",
      "Contact",
      "Sign In",
      "Sign Up",
    ]) {
      expect(await menu.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    }
    // The same button closes it.
    await toggle.click();
    await menu.waitFor({ state: "hidden" });
    await toggle.click();
    await menu.getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await menu.waitFor({ state: "hidden" });
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("shows the offline banner while the browser is offline", async () => {
    await open("/");
    const text =
      "You're offline. Generate still works from the saved library; saves wait until you're back, and voting needs a connection.";
    await context.setOffline(true);
    await page.getByText(text).waitFor();
    await context.setOffline(false);
    await page.getByText(text).waitFor({ state: "detached" });
  });

  // The public pages and articles are checked in pages.test.ts; these are the rest.
  it.each([
    "/no-such-page",
    "/sign-in",
    "/sign-up",
    "/verify-email?email=ada%40example.com",
    "/reset-password?token=abc",
    "/sign-in/two-factor",
    "/ice-breaker-questions?sort=newest&page=2",
  ])("has no accessibility violations on %s", async (path) => {
    await open(path);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
