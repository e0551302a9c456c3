import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

const chromium = inject("chromium");

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

/** Every place the header leads a visitor, and the page's address (this server sells nothing: no Pricing). */
const DESTINATIONS = [
  { label: "Generate", path: "/" },
  { label: "Plan", path: "/plan" },
  { label: "Join a round", path: "/live" },
  { label: "Questions", path: "/questions" },
  { label: "What's free", path: "/pricing" },
  { label: "How to Use", path: "/how-to" },
  { label: "About", path: "/about" },
  { label: "Contact", path: "/contact" },
  { label: "Sign In", path: "/sign-in" },
  { label: "Sign Up", path: "/sign-up" },
];

/** The header, its links and menus, as a visitor, a member and an admin use them on a phone and a laptop. */
/** The accounts the tests open pages as. */
const MEMBERS = [
  "phone-member@example.com",
  "laptop-member@example.com",
  "chair@example.com",
  "axe-phone@example.com",
  "axe-laptop@example.com",
];

describe.skipIf(!chromium)("the header in a browser", () => {
  let browser: Browser;
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Members who signed up long ago: the header is the subject here, not sign-up.
    server = await startServer(
      { SMTP_URL: smtp.url, ADMIN_EMAILS: "chair@example.com" },
      { members: MEMBERS.map((email) => ({ email, admin: email === "chair@example.com" })) },
    );
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });
  afterEach(async () => context?.close());

  async function open(path: string, viewport: { width: number; height: number }, email?: string) {
    context = await browser.newContext({ baseURL: server.url, viewport });
    if (email) {
      const http = new HttpClient(server.url);
      await signIn(http, email);
      await context.addCookies(http.cookieList());
    }
    // The cookie banner is answered: these tests are about the header.
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "essential"));
    page = await context.newPage();
    pageErrors = [];
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  const header = () => page.getByRole("banner");

  /** The menu button that holds `label` at this size, or null when the label is in the header's row. */
  async function menuHolding(label: string): Promise<Locator | null> {
    const direct = header().getByRole("link", { name: label, exact: true });
    if (await direct.isVisible()) return null;
    const phone = (page.viewportSize()?.width ?? 0) < 1024;
    if (phone) return header().getByRole("button", { name: "Menu" });
    return header().getByRole("button", {
      name: ["How to Use", "About", "Contact"].includes(label) ? "More" : "Account",
    });
  }

  /** Follows a header link as a mouse or touch user does: open its menu if it is in one, then click. */
  async function clickThrough(label: string) {
    // The menu of the last link followed has closed (it closes once the new page is shown).
    await expect.poll(() => page.locator("header [popover]:popover-open").count()).toBe(0);
    const menu = await menuHolding(label);
    if (menu) {
      await menu.click();
      expect(await menu.getAttribute("aria-expanded").catch(() => null)).not.toBe("false");
    }
    await header().getByRole("link", { name: label, exact: true }).click();
  }

  /** Follows a header link by keyboard alone: Tab to the menu button, Enter, Tab to the link, Enter. */
  async function keyThrough(label: string) {
    const menu = await menuHolding(label);
    const target = menu ?? header().getByRole("link", { name: label, exact: true });
    // From the skip link, the first stop on every page, Tab through the header until the button or link has the focus.
    await page.locator('a[href="#main"]').focus();
    for (let i = 0; i < 30 && !(await target.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    expect(await target.evaluate((el) => el === document.activeElement), `${label} reached by Tab`).toBe(true);
    if (menu) {
      await page.keyboard.press("Enter");
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press("Tab");
        if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === label) break;
      }
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(label);
    }
    await page.keyboard.press("Enter");
  }

  for (const viewport of [PHONE, LAPTOP]) {
    for (const how of ["click", "keyboard"] as const) {
      it(`takes a visitor to every page it names at ${viewport.width} px, by ${how}`, async () => {
        await open("/about", viewport);
        for (const { label, path } of DESTINATIONS) {
          if (how === "click") await clickThrough(label);
          else await keyThrough(label);
          await page.waitForURL(`${server.url}${path}`);
          await page.getByRole("heading", { level: 1 }).waitFor();
          // A followed link closes the menu it was in.
          await expect.poll(() => page.locator("header [popover]:popover-open").count(), { message: label }).toBe(0);
          if (path === "/live") {
            // A live round's pages carry the logo alone: the tour goes on from another page.
            expect(await page.getByRole("navigation").count()).toBe(0);
            await page.goto("/about");
            await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
          }
        }
        expect(pageErrors).toEqual([]);
      });
    }
  }

  it("keeps the header to one compact row on a phone, with thumb-sized targets", async () => {
    await open("/", PHONE);
    const box = await header().boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
    expect(box?.height).toBeLessThanOrEqual(64);
    const targets = header().locator("a:visible, button:visible");
    expect(await targets.count()).toBe(3);
    for (const target of await targets.all()) expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("closes a menu with Escape and gives the focus back to its button", async () => {
    for (const [viewport, name] of [
      [PHONE, "Menu"],
      [LAPTOP, "More"],
    ] as const) {
      await open("/", viewport);
      const button = header().getByRole("button", { name });
      await button.focus();
      await page.keyboard.press("Enter");
      await page.locator("header [popover]:popover-open").waitFor();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("[popover]"))).toBe(true);
      await page.keyboard.press("Escape");
      expect(await page.locator("header [popover]:popover-open").count()).toBe(0);
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
      await context.close();
    }
  });

  it("shows the plan's count from the server on the first paint, in words for screen readers", async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const viewport of [PHONE, LAPTOP]) {
      context = await browser.newContext({ baseURL: server.url, viewport, javaScriptEnabled: false });
      await context.addCookies([{ name: "cu_plan", value: ids.join("."), url: server.url }]);
      page = await context.newPage();
      await page.goto("/");
      const plan = header().getByRole("link", { name: /^Plan/ });
      expect(await plan.getAttribute("href")).toBe("/plan");
      expect((await plan.textContent())?.replace(/\s+/g, " ")).toBe("Plan3, 3 questions in your plan");
      await context.close();
    }
  });

  it("gives a member an account menu with Profile, Teams, Saved and a Sign out that signs out", async () => {
    for (const [viewport, email] of [
      [PHONE, "phone-member@example.com"],
      [LAPTOP, "laptop-member@example.com"],
    ] as const) {
      await open("/", viewport, email);
      for (const label of ["Sign In", "Sign Up"]) {
        await header()
          .getByRole("button", { name: viewport === PHONE ? "Menu" : "Account" })
          .click();
        expect(await header().getByRole("link", { name: label }).count()).toBe(0);
        await page.keyboard.press("Escape");
      }
      await clickThrough("Teams");
      await page.waitForURL(`${server.url}/teams`);
      await page.getByRole("heading", { level: 1, name: "Your teams" }).waitFor();
      await clickThrough("Saved");
      await page.waitForURL(`${server.url}/saved-questions`);
      await clickThrough("Profile");
      await page.waitForURL(`${server.url}/profile`);
      await header()
        .getByRole("button", { name: viewport === PHONE ? "Menu" : "Account" })
        .click();
      expect(await header().getByRole("link", { name: "Admin" }).count()).toBe(0);
      await header().getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${server.url}/sign-in?notice=signedOut`);
      await page.getByText("You are signed out.").waitFor();
      // Signed out for real: the profile asks to sign in again.
      await page.goto("/profile");
      await page.waitForURL(/\/sign-in/);
      await context.close();
    }
  });

  it("adds Admin to an admin's account menu", async () => {
    await open("/", LAPTOP, "chair@example.com");
    await clickThrough("Admin");
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole("heading", { level: 1 }).waitFor();
  });

  it("lists the community's questions on /questions, and every category on the home page", async () => {
    await open("/questions", PHONE);
    const list = page.getByRole("region", { name: "Community questions" });
    expect(await list.getByRole("article", { name: "Question" }).count()).toBeGreaterThanOrEqual(10);
    await page.goto("/");
    const grid = page.getByRole("region", { name: "Questions for every kind of meeting" });
    const hrefs = await grid.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/ice-breaker-questions",
      "/remote-teams",
      "/daily-standup",
      "/team-building",
      "/retrospectives",
      "/one-on-ones",
      "/all-hands",
    ]);
  });

  it("names an energizer's type on its share page without a wrong article, and the year in the footer", async () => {
    let energizer: { id: string } | undefined;
    for (let page = 1; page <= 10 && !energizer; page++) {
      const list = await (await fetch(`${server.url}/api/v1/questions?sort=newest&page=${page}`)).json();
      energizer = (list.items as { id: string; type: string }[]).find((q) => q.type === "energizer");
    }
    expect(energizer).toBeDefined();
    await open(`/q/${energizer?.id}`, PHONE);
    const main = (await page.getByRole("main").textContent()) ?? "";
    expect(main).toContain("Energizer question");
    expect(main).not.toMatch(/\bA energizer/i);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/^An energizer question /);
    expect(await page.getByRole("contentinfo").textContent()).toContain(
      `© 2024–${new Date().getUTCFullYear()} CircleUp`,
    );
  });

  it("has no accessibility violations with its menus open, for visitors and members", async () => {
    const failures: string[] = [];
    for (const [viewport, email, name] of [
      [PHONE, undefined, "Menu"],
      [LAPTOP, undefined, "More"],
      [PHONE, "axe-phone@example.com", "Menu"],
      [LAPTOP, "axe-laptop@example.com", "Account"],
    ] as const) {
      await open("/questions", viewport, email);
      await header().getByRole("button", { name }).click();
      for (const v of await axeViolations(page)) failures.push(`${viewport.width} ${name}: ${v}`);
      await context.close();
    }
    expect(failures).toEqual([]);
  });
});
