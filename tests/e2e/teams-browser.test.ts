import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

const chromium = inject("chromium");
const PHONE = { width: 390, height: 844 };
const OWNER = "lead@example.com";
const JOINER = "joiner@example.com";

/** A team lead creates a team on a phone, shares an invitation link, and a colleague joins by it. */
describe.skipIf(!chromium)("teams in a browser", () => {
  let browser: Browser;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer(
      {},
      {
        members: [
          { email: OWNER, name: "Lena Lead" },
          { email: JOINER, name: "Jo Joiner" },
        ],
      },
    );
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  /** A phone in Berlin's time zone, signed in as `email`. */
  async function phoneOf(email: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, timezoneId: "Europe/Berlin" });
    contexts.push(context);
    const http = new HttpClient(server.url);
    await signIn(http, email);
    await context.addCookies(http.cookieList());
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "essential"));
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    return page;
  }

  const violations: string[] = [];

  /** Opens a page once it has hydrated, noting what axe finds wrong on it. */
  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    for (const v of await axeViolations(page)) violations.push(`${path}: ${v}`);
  }

  it("creates a team, invites by link, and the colleague who accepts sees the team", async () => {
    const lead = await phoneOf(OWNER);
    await open(lead, "/");
    await lead.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await lead.getByRole("banner").getByRole("link", { name: "Teams", exact: true }).click();
    await lead.waitForURL(`${server.url}/teams`);
    await lead.getByText("You are not in a team yet.").waitFor();

    await lead.getByLabel("Team name").fill("Tuesday retro crew");
    // The browser's zone is chosen for a new team.
    expect(await lead.getByLabel("Time zone", { exact: true }).inputValue()).toBe("Europe/Berlin");
    await lead.getByRole("button", { name: "Create team" }).click();
    await lead.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
    const teamId = new URL(lead.url()).pathname.split("/")[2] as string;

    await open(lead, `/teams/${teamId}/people`);
    expect(await lead.getByRole("heading", { level: 1 }).textContent()).toBe("Tuesday retro crew");
    expect(await lead.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // All five team tabs, Settings last, fit the phone's width: none is cut off or needs scrolling to.
    const tabs = lead.getByRole("navigation", { name: "Team" });
    const tabBoxes = await tabs.getByRole("link").evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        return { label: link.textContent, left: Math.floor(box.left), right: Math.ceil(box.right) };
      }),
    );
    expect(tabBoxes.map((tab) => tab.label)).toEqual(["Meetings", "History", "Questions", "People", "Settings"]);
    for (const tab of tabBoxes) expect(tab.left >= 0 && tab.right <= PHONE.width, JSON.stringify(tab)).toBe(true);
    expect(await tabs.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    await lead.getByLabel("Joins as").selectOption("facilitator");
    await lead.getByRole("button", { name: "Create a link" }).click();
    const field = lead.getByLabel("Invitation link");
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/teams\/join\/[A-Za-z0-9_-]{43}$/);
    await lead.getByRole("region", { name: "Open invitations" }).getByText("Link to share").waitFor();

    const joiner = await phoneOf(JOINER);
    await open(joiner, new URL(link).pathname);
    expect(await joiner.getByRole("heading", { level: 1 }).textContent()).toBe("Join Tuesday retro crew");
    await joiner.getByText("Lena Lead invited you to join as a facilitator.").waitFor();
    await joiner.getByRole("button", { name: "Accept" }).click();
    await joiner.waitForURL(`${server.url}/teams/${teamId}`);

    await open(joiner, "/teams");
    const team = joiner.getByRole("list", { name: "Your teams" }).getByRole("link");
    expect(await team.count()).toBe(1);
    expect((await team.textContent())?.replace(/\s+/g, " ")).toContain("Tuesday retro crew");
    expect(await team.textContent()).toContain("Facilitator");
    expect(await team.textContent()).toContain("2 people");

    await open(lead, `/teams/${teamId}/people`);
    await lead
      .getByRole("region", { name: /^People/ })
      .getByText("Jo Joiner", { exact: true })
      .waitFor();
    await lead.getByRole("region", { name: "Open invitations" }).getByText("No open invitations.").waitFor();
    await open(lead, `/teams/${teamId}/settings`);
    expect(await lead.getByLabel("Time zone", { exact: true }).inputValue()).toBe("Europe/Berlin");
    expect(pageErrors).toEqual([]);
    expect(violations).toEqual([]);
  });
});
