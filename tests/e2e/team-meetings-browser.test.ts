import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { seriesHosts, teamMeetings, teamMembers, users } from "~/db/schema";
import { PULSE_QUESTION } from "~/shared/series";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { seedMembers, signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { insertSeries, seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";
import { copyPgliteTemplate } from "../support/templates";

/**
 * A team's Monday stand-up over three weeks, in Chromium: three hosts in
 * turn, each served a question the team has not used; the third runs a
 * team round that opens with the pulse, where a member of the team finds
 * her name filled in and two guests join by the link; the series' pulse
 * chart then shows that meeting, and not an older one only two answered.
 */

const chromium = inject("chromium");
const WAIT_MS = 20_000;
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: WAIT_MS, interval: 100 });

const SECOND_FACILITATOR = "second-facilitator@team.example";

async function arrive(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const consent = page.getByRole("region", { name: "Cookie consent" });
  if (await consent.isVisible()) await consent.getByRole("button", { name: "Only essential" }).click();
}

describe.skipIf(!chromium)("a team's meeting series in the browser", () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let teamId: string;
  let seriesId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-team-browser-"));
    copyPgliteTemplate("library", dataDir);
    teamId = await seedTeamWithPersonas({ dataDir });
    await seedMembers({ dataDir }, [{ email: SECOND_FACILITATOR, name: "Second Facilitator" }]);
    const handle = await openDatabase({ dataDir });
    try {
      const idOf = async (email: string) =>
        (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "";
      const second = await idOf(SECOND_FACILITATOR);
      await handle.db.insert(teamMembers).values({ teamId, userId: second, role: "facilitator" });
      seriesId = await insertSeries(handle.db, teamId);
      const order = [await idOf(TEAM_PERSONAS.owner), await idOf(TEAM_PERSONAS.facilitator), second];
      for (const [position, userId] of order.entries())
        await handle.db.insert(seriesHosts).values({ seriesId, userId, position });
      // A meeting weeks ago whose pulse only two people answered: never a point on the chart.
      await handle.db.insert(teamMeetings).values({
        teamId,
        seriesId,
        hostId: order[2],
        heldAt: new Date(Date.now() - 21 * 86_400_000),
        pulseCounts: [0, 0, 1, 1, 0],
      });
    } finally {
      await handle.close();
    }
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A phone-sized browser, signed in as the person (or a guest's without an e-mail). */
  async function phone(email: string | null): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(WAIT_MS);
    contexts.push(context);
    if (email) {
      const client = new HttpClient(server.url);
      await signIn(client, email);
      await context.addCookies(client.cookieList());
    }
    return context.newPage();
  }

  /** The team page as a host sees it: they host next, and the question ready for the meeting is in the first screen. */
  async function readyOnTeamPage(page: Page): Promise<string> {
    await arrive(page, `/teams/${teamId}`);
    const card = page.getByRole("article", { name: "Monday stand-up" });
    await card.getByText("Every Monday, 09:30 Berlin time").waitFor();
    await card.getByText(/^Next: Monday \d{1,2} \w+ \d{4}, 09:30$/).waitFor();
    await card.getByText("You host next").waitFor();
    const quote = card.locator("blockquote");
    const box = await quote.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    const start = card.getByRole("button", { name: "Start this meeting" });
    const startBox = await start.boundingBox();
    expect(startBox && startBox.y + startBox.height).toBeLessThanOrEqual(844);
    return ((await quote.textContent()) ?? "").replace(/^“|”$/g, "");
  }

  async function startMeeting(page: Page, question: string) {
    await page.getByRole("button", { name: "Start this meeting" }).click();
    await page.waitForURL(/\/meetings\/[0-9a-f-]{36}\?q=/);
    await page.getByRole("article", { name: "Question" }).first().getByText(question).waitFor();
  }

  const usedList = (page: Page) => page.getByRole("region", { name: "Used in this meeting" });

  it("rotates hosts, never repeats a question, and turns a team round's pulse into a chart point", async () => {
    const asked: string[] = [];

    // Week 1: the owner opens the stand-up and marks the question asked.
    const owner = await phone(TEAM_PERSONAS.owner);
    const first = await readyOnTeamPage(owner);
    await startMeeting(owner, first);
    await owner.getByRole("button", { name: "Mark as asked" }).click();
    await usedList(owner).getByText("Marked as asked").waitFor();
    asked.push(first);

    // Week 2: the facilitator hosts next and presents a question the team has not had.
    const facilitator = await phone(TEAM_PERSONAS.facilitator);
    const second = await readyOnTeamPage(facilitator);
    expect(asked).not.toContain(second);
    await startMeeting(facilitator, second);
    await facilitator.getByRole("button", { name: "Present", exact: true }).first().click();
    await facilitator.getByRole("dialog").waitFor();
    await facilitator.keyboard.press("Escape");
    await eventually(async () => {
      await facilitator.reload();
      return usedList(facilitator).getByText("Presented").count();
    }).toBe(1);
    asked.push(second);

    // Week 3: the second facilitator runs a team round.
    const host = await phone(SECOND_FACILITATOR);
    const third = await readyOnTeamPage(host);
    expect(asked).not.toContain(third);
    await startMeeting(host, third);
    await host.getByRole("button", { name: "Start a team round" }).click();
    await host.waitForURL(/\/live\/[A-Z0-9]{6}\/host$/);
    const code = /\/live\/([A-Z0-9]{6})\/host$/.exec(host.url())?.[1] ?? "";
    await eventually(() => host.getByRole("heading", { level: 1 }).textContent()).toBe(`“${PULSE_QUESTION.text}”`);

    const member = await phone(TEAM_PERSONAS.member);
    const guests = [await phone(null), await phone(null)];
    await arrive(member, `/live/${code}`);
    await eventually(() => member.getByLabel("Your name").inputValue()).toBe("Member Person");
    for (const [i, guest] of guests.entries()) {
      await arrive(guest, `/live/${code}`);
      expect(await guest.getByLabel("Your name").inputValue()).toBe("");
      await guest.getByLabel("Your name").fill(`Guest ${i + 1}`);
    }
    for (const [i, page] of [member, ...guests].entries()) {
      await page.getByRole("button", { name: "Join the round" }).click();
      await page.getByRole("group", { name: "Your place on the scale" }).waitFor();
      await page
        .getByRole("group", { name: "Your place on the scale" })
        .getByRole("listitem")
        .nth(2 + i)
        .getByRole("button")
        .click();
      await page.getByText("Waiting for the host to reveal the answers.").waitFor();
    }
    await host.getByRole("button", { name: "End round" }).click();
    await host.getByRole("button", { name: "End the round", exact: true }).click();
    await host.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor();

    // The meeting keeps the recap; the pulse chart shows this meeting and not the one only two answered.
    await arrive(host, `/teams/${teamId}/series/${seriesId}`);
    const pulse = host.getByRole("region", { name: "Pulse" });
    await pulse.getByRole("table").waitFor();
    const rows = pulse.locator("tr[data-pulse-point]");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("0 / 0 / 1 / 1 / 1");
    await eventually(() => pulse.locator(".recharts-line-dot").count()).toBe(1);
    await arrive(host, `/teams/${teamId}`);
    await host.getByRole("region", { name: "Recent meetings" }).getByRole("link").first().click();
    await host.getByRole("region", { name: "Team round recap" }).getByText(PULSE_QUESTION.text).waitFor();
    expect(await host.getByRole("region", { name: "Team round recap" }).textContent()).not.toContain("Guest 1");
    await usedList(host).getByText("Asked in a team round").waitFor();
  }, 300_000);
});
