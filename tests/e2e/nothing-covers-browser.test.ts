import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TEST_PASSWORD } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { layoutShift, RECORD_LAYOUT_SHIFTS } from "../support/layout-shift";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

const chromium = inject("chromium");

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const INVITATION = '[aria-label="Create a free account"]';
const PASS_NOTE = "Answering is an invitation: anyone can pass.";

/**
 * The points of each control that are not the control itself (or inside it)
 * at the top of the page: its centre and its four corners, 2 px in. Empty
 * when nothing covers any of them.
 */
function coveredPoints(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName;
      const points: [string, number, number][] = [
        ["centre", box.left + box.width / 2, box.top + box.height / 2],
        ["top left", box.left + 2, box.top + 2],
        ["top right", box.right - 2, box.top + 2],
        ["bottom left", box.left + 2, box.bottom - 2],
        ["bottom right", box.right - 2, box.bottom - 2],
      ];
      return points.flatMap(([where, x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit && (hit === element || element.contains(hit))
          ? []
          : [
              `${name} (${where}) is under ${hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : "nothing: off screen"}`,
            ];
      });
    }),
  );
}

/** A visitor on a phone and a laptop: the sign-up invitation, the cookie confirmation and the phone home. */
describe.skipIf(!chromium)("nothing covers the job", () => {
  let browser: Browser;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({}, { members: [{ email: "voter@example.com" }] });
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function newPage(viewport = PHONE): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    contexts.push(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await context.addInitScript(RECORD_LAYOUT_SHIFTS);
    return context.newPage();
  }

  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  const generator = (page: Page) => page.locator("#generator");
  const card = (page: Page) => generator(page).getByRole("article", { name: "Question" });
  const questionText = (page: Page) => card(page).getByTestId("question-text").textContent();
  const generate = (page: Page) => generator(page).getByRole("button", { name: "Generate Question" });
  const invitation = (page: Page) => page.locator(INVITATION);

  it("keeps Generate and every action of the card uncovered after Generate, Copy, a vote and Save, at both sizes", async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await newPage(viewport);
      await open(page, "/");
      const size = `${viewport.width}x${viewport.height}`;
      const steps: [string, () => Promise<void>, string][] = [
        [
          "Generate",
          async () => {
            const before = await questionText(page);
            await generate(page).click();
            await expect.poll(() => questionText(page)).not.toBe(before);
          },
          "Love this question?",
        ],
        ["Copy", () => card(page).getByRole("button", { name: "Copy" }).click(), "Great choice!"],
        ["a vote", () => card(page).getByRole("button", { name: "Vote up" }).click(), "Help improve our questions!"],
        ["Save", () => card(page).getByRole("button", { name: "Save", exact: true }).click(), "Keep this question?"],
      ];
      for (const [action, act, title] of steps) {
        await act();
        // The invitation that action brings is in the page, under Generate.
        await invitation(page).getByText(title).waitFor();
        const where = `after ${action} at ${size}`;
        expect(await coveredPoints(generate(page)), where).toEqual([]);
        expect(await coveredPoints(card(page).getByRole("button")), where).toEqual([]);
        const [button, invited] = [await generate(page).boundingBox(), await invitation(page).boundingBox()];
        expect(invited?.y ?? 0, where).toBeGreaterThan((button?.y ?? 0) + (button?.height ?? 0));
      }
      expect(await invitation(page).count()).toBe(1);
      expect(await layoutShift(page), size).toBeLessThan(0.02);
      expect(await axeViolations(page), size).toEqual([]);
    }
  });

  it("invites once per trigger per visit, never on /sign-up or /verify-email, and not again once answered", async () => {
    const page = await newPage();
    await open(page, "/daily-standup");
    await generate(page).click();
    await invitation(page).getByText("Love this question?").waitFor();
    await card(page).getByRole("button", { name: "Copy" }).click();
    await invitation(page).getByText("Great choice!").waitFor();
    // A second question brings no second "Love this question?".
    const before = await questionText(page);
    await generate(page).click();
    await expect.poll(() => questionText(page)).not.toBe(before);
    expect(await page.getByText("Love this question?").count()).toBe(0);

    // Followed: it stays behind, on the sign-up page and after it.
    await card(page).getByRole("button", { name: "Save", exact: true }).click();
    await invitation(page).getByRole("link", { name: "Save This Question" }).click();
    await page.waitForURL(/\/sign-up/);
    await page.getByLabel("Full name").waitFor();
    expect(await invitation(page).count()).toBe(0);
    await page.getByLabel("Full name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("follower@example.com");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/verify-email/);
    expect(await invitation(page).count()).toBe(0);

    // Maybe later: no invitation for any trigger after that, reload included.
    const other = await newPage();
    await open(other, "/");
    await card(other).getByRole("button", { name: "Vote up" }).click();
    await invitation(other).getByRole("button", { name: "Maybe later" }).click();
    await invitation(other).waitFor({ state: "detached" });
    await card(other).getByRole("button", { name: "Save", exact: true }).click();
    await card(other).getByText("Saving is for members.").waitFor();
    await other.reload();
    await other.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const shown = await questionText(other);
    await generate(other).click();
    await expect.poll(() => questionText(other)).not.toBe(shown);
    await card(other).getByRole("button", { name: "Copy" }).click();
    await card(other).getByRole("button", { name: "Copied" }).waitFor();
    await card(other).getByRole("button", { name: "Vote up" }).click();
    await card(other).getByText("Votes are for members.").waitFor();
    expect(await invitation(other).count()).toBe(0);
  });

  it("keeps the phone home short and light to hit: under 8,000 px, a short community pick, 24 px links", async () => {
    const page = await newPage();
    await open(page, "/");
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(8000);
    const list = page.getByRole("region", { name: "Community questions" });
    expect(await list.getByRole("article", { name: "Question" }).count()).toBeLessThanOrEqual(5);
    expect(await list.textContent()).toContain("A few picks from our library while community votes are still few.");
    expect(await list.getByRole("link", { name: "See all community questions" }).getAttribute("href")).toBe(
      "/questions",
    );
    // Said once on the page, with the generator: the community list under it does not repeat it.
    expect(await page.getByText(PASS_NOTE).count()).toBe(1);
    expect(await generator(page).getByText(PASS_NOTE).count()).toBe(1);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll("a[href]")].flatMap((link) => {
        const box = link.getBoundingClientRect();
        if (box.width === 0 || link.matches(".sr-only, .sr-only *")) return [];
        return box.width < 24 || box.height < 24 ? [`${link.textContent?.trim()} ${box.width}x${box.height}`] : [];
      }),
    );
    expect(small).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("keeps room under Generate only for a visitor, whom an invitation may reach: a member sees no empty band", async () => {
    /** From Generate's bottom edge to the pass note under it, on the home page at 390 px. */
    const roomUnderGenerate = async (page: Page) => {
      await open(page, "/");
      const [button, note] = [
        await generate(page).boundingBox(),
        await generator(page).getByText(PASS_NOTE).boundingBox(),
      ];
      return (note?.y ?? 0) - (button?.y ?? 0) - (button?.height ?? 0);
    };
    expect(await roomUnderGenerate(await newPage())).toBeGreaterThanOrEqual(40);
    const voter = new HttpClient(server.url);
    await signIn(voter, "voter@example.com");
    const page = await newPage();
    await page.context().addCookies(voter.cookieList());
    expect(await roomUnderGenerate(page)).toBeLessThanOrEqual(16);
  });

  it("confirms a cookie choice where the banner was, covering none of the header, and fades it out by itself without moving anything", async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await newPage(viewport);
      // A controllable clock: the line's few seconds pass without being waited for.
      await page.clock.install();
      await open(page, "/");
      await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
      const size = `${viewport.width}x${viewport.height}`;
      const confirmation = page.getByRole("status").filter({ hasText: "You accepted analytics cookies." });
      await confirmation.waitFor();
      // Above the header, in the flow: the logo, the navigation, Sign In and Menu stay in view and can be pressed.
      const header = page.getByRole("banner");
      const [line, top] = [await confirmation.boundingBox(), await header.boundingBox()];
      expect((line?.y ?? 0) + (line?.height ?? 0), size).toBeLessThanOrEqual((top?.y ?? 0) + 1);
      // Their centres: the round corners of a pill button are not part of it.
      const headerCovered = await coveredPoints(header.locator("a:visible, button:visible"));
      expect(
        headerCovered.filter((point) => point.includes("(centre)")),
        size,
      ).toEqual([]);
      expect(await coveredPoints(generate(page)), size).toEqual([]);
      expect(await axeViolations(page), size).toEqual([]);
      // A pointer resting on the line holds it; this one moves on.
      await page.mouse.move(viewport.width / 2, viewport.height - 10);
      await page.clock.runFor(4_000);
      await confirmation.waitFor({ state: "detached" });
      // Its room stays while the page does: nothing under it moved when it went.
      expect((await header.boundingBox())?.y, size).toBe(top?.y);
      expect(await layoutShift(page), size).toBeLessThan(0.02);
    }
  });

  it("shows on the home page what hosts voted for once five questions have votes, a labelled library pick before", async () => {
    /** The home page's community questions, as the ids of their share links, and what the list says they are. */
    async function homeList(): Promise<{ ids: string[]; text: string }> {
      const html = await (await fetch(`${server.url}/`)).text();
      const start = html.indexOf('id="questions"');
      const section = html.slice(start, html.indexOf('href="/questions"', start));
      return { ids: [...section.matchAll(/href="\/q\/([0-9a-f-]{36})"/g)].map((m) => m[1] as string), text: section };
    }
    const voter = new HttpClient(server.url);
    await signIn(voter, "voter@example.com");
    const newest = (await (await voter.get("/api/v1/questions?sort=newest")).json()).items as { id: string }[];
    const [liked, disliked] = [newest.slice(0, 5).map((q) => q.id), newest[5]?.id as string];
    const vote = async (id: string, direction: "up" | "down") =>
      expect((await voter.postJson(`/api/v1/questions/${id}/vote`, { direction })).status).toBe(200);

    const before = await homeList();
    expect(before.text).toContain("A few picks from our library while community votes are still few.");
    expect(before.ids).toHaveLength(5);
    // Four voted for and one voted against are still few.
    for (const id of liked.slice(0, 4)) await vote(id, "up");
    await vote(disliked, "down");
    expect((await homeList()).text).toContain("A few picks from our library");

    await vote(liked[4] as string, "up");
    const after = await homeList();
    expect(after.text).toContain("The questions hosts voted for most.");
    expect([...after.ids].sort()).toEqual([...liked].sort());
  });
});
