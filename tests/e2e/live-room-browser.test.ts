import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";

/**
 * The two screens of a live round as the room and the phones meet them, in
 * Chromium: the host's screen is a room display (nothing of the site around
 * it, no hidden answer in the room's view, a warning when phones cannot
 * open the join address); a slow phone keeps what was typed before its
 * scripts ran; a lock keeps a half-typed answer; the length limit shows
 * before it is reached and a long paste is flagged, not cut; the recap
 * reaches participants when the host shares it, and only then.
 */

const chromium = inject("chromium");
const WAIT_MS = 20_000;
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: WAIT_MS, interval: 100 });

/** How long a slow phone takes to fetch the page's scripts. */
const SLOW_SCRIPTS_MS = 3000;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const LAPTOP = { viewport: { width: 1280, height: 900 } };

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

async function arrive(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The page's scripts arrive SLOW_SCRIPTS_MS late, as on a slow phone; the HTML arrives at once. */
async function holdBackScripts(page: Page) {
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_SCRIPTS_MS));
    await route.continue();
  });
}

/** The joined / answered / passed figures above the question on the host's screen. */
async function hostCounts(host: Page) {
  const text =
    (await host.locator("p").filter({ hasText: "joined" }).filter({ hasText: "passed" }).textContent()) ?? "";
  const figure = (label: string) => Number(new RegExp(`(\\d+)\\s*${label}`).exec(text)?.[1] ?? Number.NaN);
  return { joined: figure("joined"), answered: figure("answered"), passed: figure("passed") };
}

const roomView = (host: Page) => host.getByRole("region", { name: "Room view" });

describe.skipIf(!chromium)("a live round's room screen and phones", () => {
  let server: RunningServer;
  let browser: Browser;
  let hostContext: BrowserContext;
  let host: Page;
  let questionIds: string[];
  let questionText = "";
  let code = "";
  const contexts: BrowserContext[] = [];

  const phone = async () => {
    const context = await browser.newContext({ baseURL: server.url, ...PHONE });
    context.setDefaultTimeout(WAIT_MS);
    contexts.push(context);
    return context;
  };

  /** Starts a round of two free-text questions from the host's browser and opens its host screen. */
  async function startRound(): Promise<string> {
    const created = await hostContext.request.post("/api/v1/rounds", {
      data: { questionIds, modes: ["text", "text"] },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    const { code: started } = (await created.json()) as { code: string };
    await arrive(host, `/live/${started}/host`);
    return started;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(chromium as string);
    hostContext = await browser.newContext({ baseURL: server.url, ...LAPTOP });
    hostContext.setDefaultTimeout(WAIT_MS);
    contexts.push(hostContext);
    host = await hostContext.newPage();
    const list = await (await new HttpClient(server.url).get("/api/v1/questions?sort=newest")).json();
    const items = list.items as { id: string; question: string }[];
    questionIds = items.slice(0, 2).map((item) => item.id);
    questionText = items[0]?.question ?? "";
    code = await startRound();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it("shows the room nothing of the site, the code and address in large type, and warns of a loopback address", async () => {
    await eventually(() => host.getByRole("heading", { level: 1 }).textContent()).toBe(`“${questionText}”`);
    expect(await host.getByRole("banner").count()).toBe(0);
    expect(await host.getByRole("contentinfo").count()).toBe(0);
    expect(await host.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    expect(await host.getByRole("navigation").count()).toBe(0);

    // Readable from the back of a room.
    const joinPanel = host.getByRole("region", { name: "Join on your phone" });
    const codeLine = joinPanel.getByText(`Code ${code.split("").join(" ")}`).locator("..");
    expect(await codeLine.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(
      64,
    );
    const address = joinPanel.getByText(/\/live$/);
    expect(await address.textContent()).toBe(`${server.url.replace(/^https?:\/\//, "")}/live`);
    expect(await address.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);

    // The test server's PUBLIC_URL is http://127.0.0.1:port: no phone could open it.
    const warning = host.getByRole("region", { name: "Phones cannot open this join address" });
    await warning.waitFor();
    expect(await warning.textContent()).toContain("PUBLIC_URL");
    expect(await axeViolations(host)).toEqual([]);
  });

  it("joins under the name a slow phone typed before its scripts ran, and sends an answer typed then", async () => {
    const context = await phone();
    const page = await context.newPage();
    await holdBackScripts(page);
    // The HTML is there at once; "load" would wait for the held-back scripts.
    await page.goto(`/live/${code}`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Your name").fill("Slow Sam");
    await page.getByRole("button", { name: "Join the round" }).click();
    expect(await hydrated(page)).toBe(false);
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(questionText);
    await host.getByText("1 person has joined: Slow Sam").waitFor();

    // The page again, scripts as slow: an answer typed and sent before they run.
    const again = await context.newPage();
    await holdBackScripts(again);
    await again.goto(`/live/${code}`, { waitUntil: "domcontentloaded" });
    await again.getByLabel("Your answer").fill("Typed before the page was ready");
    await again.getByRole("button", { name: "Send answer" }).click();
    expect(await hydrated(again)).toBe(false);
    await again.getByText("Waiting for the host to reveal the answers.").waitFor();
    await eventually(() => hostCounts(host)).toEqual({ joined: 1, answered: 1, passed: 0 });
    await page.close();
    await again.close();
  }, 60_000);

  it("shows the limit before it is reached, stops typing at it, flags a longer paste, and keeps an answer through a lock", async () => {
    const context = await phone();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const ada = await context.newPage();
    await arrive(ada, `/live/${code}`);
    expect(await axeViolations(ada)).toEqual([]);
    await ada.getByLabel("Your name").fill("Ada");
    await ada.getByRole("button", { name: "Join the round" }).click();
    const field = ada.getByLabel("Your answer");
    await field.waitFor();
    expect(await axeViolations(ada)).toEqual([]);

    const counter = ada.getByTestId("answer-counter");
    expect(await counter.textContent()).toBe("0 / 280 characters");
    await field.fill("a".repeat(250));
    await eventually(() => counter.textContent()).toBe("250 / 280 characters");
    await ada.getByText("30 characters or fewer left").waitFor();
    // Typing stops at the limit.
    await field.press("End");
    await field.pressSequentially("b".repeat(40));
    expect((await field.inputValue()).length).toBe(280);
    await ada.getByText("Limit of 280 characters reached").waitFor();

    // A longer paste is kept whole and flagged; sending it is refused here, before the server would.
    const pasted = `${"word ".repeat(62)}end`;
    await ada.evaluate((text) => navigator.clipboard.writeText(text), pasted);
    await field.press("ControlOrMeta+a");
    await field.press("ControlOrMeta+v");
    expect(await field.inputValue()).toBe(pasted);
    const message = `${pasted.length} characters: an answer holds 280. Shorten it by ${pasted.length - 280} to send it.`;
    await ada.getByRole("alert").filter({ hasText: message }).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await ada.getByRole("button", { name: "Send answer" }).click();
    expect(await hostCounts(host)).toEqual({ joined: 2, answered: 1, passed: 0 });

    // Half an answer, then the host locks and unlocks: the text waits, disabled, and is finished after.
    await field.fill("Half an ans");
    await host.getByRole("button", { name: "Lock answers" }).click();
    await ada.getByText("Answers are locked for now. What you wrote stays here in case the host unlocks.").waitFor();
    expect(await field.isDisabled()).toBe(true);
    expect(await field.inputValue()).toBe("Half an ans");
    expect(await ada.getByRole("button", { name: "Send answer" }).isDisabled()).toBe(true);
    await host.getByRole("button", { name: "Unlock answers" }).click();
    await eventually(() => field.isEnabled()).toBe(true);
    expect(await field.inputValue()).toBe("Half an ans");
    await field.press("End");
    await field.pressSequentially("wer");
    await ada.getByRole("button", { name: "Send answer" }).click();
    await ada.getByText("Half an answer", { exact: true }).waitFor();
    await eventually(() => hostCounts(host)).toEqual({ joined: 2, answered: 2, passed: 0 });
    await ada.close();
  }, 60_000);

  it("keeps a hidden answer out of the room's view; the host moderates it in a list of their own", async () => {
    const bruno = new HttpClient(server.url);
    expect((await bruno.postJson(`/api/v1/rounds/${code}/join`, { name: "Bruno" })).status).toBe(201);
    const secret = "Something nobody should read on the wall";
    expect((await bruno.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: secret })).status).toBe(200);
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 3, passed: 0 });

    // Checked before anything reaches the room: moderated, then revealed.
    await host.getByRole("button", { name: "Moderate answers" }).click();
    const moderation = host.getByRole("region", { name: "Moderate answers" });
    const card = moderation.getByRole("listitem").filter({ hasText: secret });
    await card.getByRole("button", { name: "Hide this answer" }).click();
    await card.getByText("Hidden from everyone").waitFor();
    await host.getByRole("button", { name: /Close moderation/ }).click();
    await host.getByRole("button", { name: "Reveal answers" }).click();
    const shown = roomView(host).getByRole("list", { name: "Answers" }).getByRole("listitem");
    await eventually(() => shown.count()).toBe(2);
    expect(await roomView(host).textContent()).not.toContain(secret);
    expect(await host.locator("body").textContent()).not.toContain(secret);
    expect(await axeViolations(host)).toEqual([]);

    // The host's list keeps it, for an undo.
    await host.getByRole("button", { name: "Moderate answers (1 hidden)" }).click();
    await card.getByRole("button", { name: "Show again" }).click();
    await eventually(() => shown.count()).toBe(3);
    expect(await roomView(host).textContent()).toContain(secret);
    await card.getByRole("button", { name: "Hide this answer" }).click();
    await eventually(() => shown.count()).toBe(2);
    expect(await roomView(host).textContent()).not.toContain(secret);
    expect(await axeViolations(host)).toEqual([]);
  });

  it("gives participants the recap's link when the host shares it, live and after a reload, and not otherwise", async () => {
    const refused = await hostContext.request.post(`/api/v1/rounds/${code}/host`, {
      data: { action: "end", position: 0, shareRecap: "yes" },
      headers: { origin: server.url },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("shareRecap must be true or false");

    const context = await phone();
    const cara = await context.newPage();
    await arrive(cara, `/live/${code}`);
    await cara.getByLabel("Your name").fill("Cara");
    await cara.getByRole("button", { name: "Join the round" }).click();
    await cara.getByRole("heading", { level: 1, name: questionText }).waitFor();

    await host.getByRole("button", { name: "End round" }).click();
    await host.getByRole("checkbox", { name: /Share the recap with participants/ }).check();
    await host.getByRole("button", { name: "End the round" }).click();
    await host.getByText("You shared it: participants' phones link to it.").waitFor();
    const recapPath = new URL((await host.getByText(/\/live\/recap\//).textContent()) ?? "").pathname;

    await cara.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor();
    const link = cara.getByRole("link", { name: "Read the recap" });
    expect(await link.getAttribute("href")).toBe(recapPath);
    await cara.reload();
    expect(await cara.getByRole("link", { name: "Read the recap" }).getAttribute("href")).toBe(recapPath);

    // Another round, ended without sharing: no link, live or after a reload.
    const unshared = await startRound();
    await arrive(cara, `/live/${unshared}`);
    await cara.getByLabel("Your name").fill("Cara");
    await cara.getByRole("button", { name: "Join the round" }).click();
    await cara.getByRole("heading", { level: 1, name: questionText }).waitFor();
    await host.getByRole("button", { name: "End round" }).click();
    await host.getByRole("button", { name: "End the round" }).click();
    await host.getByText("Participants do not have the link unless you send it to them.").waitFor();
    await cara.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor();
    expect(await cara.getByRole("link", { name: "Read the recap" }).count()).toBe(0);
    await cara.reload();
    await cara.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor();
    expect(await cara.getByRole("link", { name: "Read the recap" }).count()).toBe(0);
  }, 60_000);
});
