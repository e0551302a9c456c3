import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpAndVerify } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

const chromium = inject("chromium");

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const ADMIN = "owner@example.com";

/**
 * The cookie banner as a visitor meets it: two equal answers at the top of
 * the page, refusal kept and honoured (no analytics row), and a way to change
 * one's mind. Its own server, so the analytics table holds only what these
 * tests send.
 */
describe.skipIf(!chromium)("cookie consent in a browser", () => {
  let browser: Browser;
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let admin: HttpClient;
  let context: BrowserContext;
  let page: Page;
  let events: unknown[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN });
    admin = new HttpClient(server.url);
    await signUpAndVerify(admin, smtp, ADMIN);
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });
  afterEach(async () => context?.close());

  async function open(path: string, viewport = PHONE) {
    context = await browser.newContext({ baseURL: server.url, viewport });
    page = await context.newPage();
    events = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/events")) events.push(request.postDataJSON());
    });
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  const banner = () => page.getByRole("region", { name: "Cookie consent" });

  /** Today's page views as the admin's activity table counts them: rows in the analytics table. */
  async function pageViewsToday(): Promise<number> {
    const html = await (await admin.get("/admin")).text();
    const today = new Date().toISOString().slice(0, 10);
    const row = new RegExp(`<td[^>]*>${today}</td><td[^>]*>(\\d+)</td>`).exec(html);
    return Number(row?.[1] ?? Number.NaN);
  }

  it("offers Accept and Only essential as two equal buttons, at the top, compact on a phone, first after the skip link", async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      await open("/", viewport);
      const accept = banner().getByRole("button", { name: "Accept" });
      const refuse = banner().getByRole("button", { name: "Only essential" });
      const [a, r] = [await accept.boundingBox(), await refuse.boundingBox()];
      expect(a?.height).toBeGreaterThanOrEqual(44);
      expect(r?.height).toBe(a?.height);
      // Side by side, and neither smaller nor quieter than the other.
      expect(r?.y).toBe(a?.y);
      const look = (button: typeof accept) =>
        button.evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.backgroundColor, s.color, s.fontWeight, s.fontSize, s.borderRadius];
        });
      expect(await look(refuse)).toEqual(await look(accept));
      expect(Math.abs((r?.width ?? 0) - (a?.width ?? 0))).toBeLessThanOrEqual(2);

      // In the flow at the top, before the header: it covers nothing.
      const box = await banner().boundingBox();
      expect(box?.y).toBe(0);
      expect(await banner().evaluate((el) => getComputedStyle(el).position)).toBe("static");
      const headerTop = (await page.getByRole("banner").boundingBox())?.y ?? 0;
      expect(headerTop).toBeGreaterThanOrEqual((box?.y ?? 0) + (box?.height ?? 0) - 1);
      if (viewport === PHONE) expect(box?.height).toBeLessThanOrEqual(120);

      // The skip link, then the banner, then the header.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("#main");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest('section[aria-label="Cookie consent"]'))).toBe(
        true,
      );
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it("stores Only essential, hides the banner before the next page paints, and records no page view", async () => {
    const before = await pageViewsToday();
    await open("/");
    await banner().getByRole("button", { name: "Only essential" }).click();
    await banner().waitFor({ state: "detached" });
    const confirmation = page.getByRole("status").filter({ hasText: "You chose essential cookies only." });
    await confirmation.waitFor();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("essential");
    expect(await axeViolations(page)).toEqual([]);
    // The confirmation goes by itself after a few seconds.
    await confirmation.waitFor({ state: "detached" });

    // Browsing on: every page, client-side and reloaded.
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${server.url}/about`);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await banner().count()).toBe(0);

    // Before any script has run, the stored choice already hides the server's banner.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/pricing", { waitUntil: "domcontentloaded" });
    expect(await page.locator('section[aria-label="Cookie consent"]').count()).toBe(1);
    expect(await page.locator('section[aria-label="Cookie consent"]').isVisible()).toBe(false);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    expect(events).toEqual([]);
    expect(await pageViewsToday()).toBe(before);
  });

  it("records a page view after Accept, for the page in front of the visitor and the next ones", async () => {
    const before = await pageViewsToday();
    await open("/questions");
    expect(events).toEqual([]);
    await banner().getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ name: "page_view", page: "questions", path: "/questions" });
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("true");
    await expect.poll(pageViewsToday).toBe(before + 1);
  });

  it("lets people change their mind in the cookie settings, linked from the footer", async () => {
    await open("/");
    await banner().getByRole("button", { name: "Only essential" }).click();
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await page.waitForURL(`${server.url}/privacy-policy#cookie-settings`);
    const settings = page.getByRole("region", { name: "Cookie settings" });
    // The page reads the stored choice once it runs in the browser.
    await expect
      .poll(() => settings.getByRole("button", { name: "Only essential" }).getAttribute("aria-pressed"))
      .toBe("true");
    expect(events).toEqual([]);
    await settings.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ name: "page_view", page: "privacy-policy" });
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("true");
    await expect.poll(() => settings.getByRole("button", { name: "Accept" }).getAttribute("aria-pressed")).toBe("true");

    // And back: no more page views.
    await settings.getByRole("button", { name: "Only essential" }).click();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("essential");
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${server.url}/about`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(events).toHaveLength(1);
  });

  it("keeps an earlier Accept (stored as true) and sends page views for it without asking again", async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "true"));
    page = await context.newPage();
    events = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/events")) events.push(request.postDataJSON());
    });
    await page.goto("/about");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await banner().count()).toBe(0);
    await expect.poll(() => events.length).toBe(1);
  });

  it("stays under the present screen: neither visible nor reachable by Tab while a question is presented", async () => {
    await open("/");
    await page.getByRole("button", { name: "Present" }).first().click();
    await page.locator("dialog[open]").waitFor();
    expect(await page.evaluate(() => !!document.elementFromPoint(20, 20)?.closest("dialog"))).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest('section[aria-label="Cookie consent"]'))).toBe(
        false,
      );
    }
  });

  it("never shows the banner on a live round's pages: /live, the participant's page and the recap", async () => {
    const host = new HttpClient(server.url);
    const list = await (await host.get("/api/v1/questions?sort=newest")).json();
    const created = await host.postJson("/api/v1/rounds", { questionIds: [list.items[0].id], modes: ["word"] });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };
    const { view } = await (await host.get(`/api/v1/rounds/${code}?as=host`)).json();
    for (const [path, heading] of [
      ["/live", "Join a round"],
      [`/live/${code}`, "Join the round"],
      [`/live/recap/${view.recapToken}`, "1 question, 0 people"],
    ] as const) {
      await open(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      expect(await page.locator('section[aria-label="Cookie consent"]').count(), path).toBe(0);
      await context.close();
    }
  });
});
