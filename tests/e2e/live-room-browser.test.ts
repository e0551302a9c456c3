import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";

/**
 * The screens of a live round as the room, the host and the phones meet
 * them, in Chromium: the room screen, opened by the link the host copies on
 * their phone, holds nothing of the site and nothing to press, fits a 720p
 * and a 1080p screen and never shows a hidden answer; the host's phone
 * keeps the controls, the question first, and warns when phones cannot
 * open the join address; a slow phone keeps what was typed before its
 * scripts ran; a lock keeps a half-typed answer; the length limit shows
 * before it is reached and a long paste is flagged, not cut; the recap
 * reaches participants when the host shares it, and only then, and shows
 * no cookie banner to a reader who never chose.
 */

const chromium = inject("chromium");
const WAIT_MS = 20_000;
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: WAIT_MS, interval: 100 });

/** How long a slow phone takes to fetch the page's scripts. */
const SLOW_SCRIPTS_MS = 3000;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** A projector of 720p, the room screen's smallest. */
const PROJECTOR = { viewport: { width: 1280, height: 720 } };

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

/** The page's full size, to tell whether it scrolls. */
const pageSize = (page: Page) =>
  page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));

/** The names of the buttons filled with a colour, as the page shows them now: a screen's one obvious next step. */
const filledButtons = (page: Page) =>
  page.locator("main").evaluate((main) =>
    [...main.querySelectorAll("button, a")].flatMap((control) => {
      const box = control.getBoundingClientRect();
      const fill = getComputedStyle(control).backgroundColor;
      const filled = fill !== "rgba(0, 0, 0, 0)" && fill !== "rgb(255, 255, 255)";
      return box.width > 0 && filled ? [control.textContent?.trim() ?? ""] : [];
    }),
  );

/** What the room screen shows of the answers once revealed. */
const roomAnswers = (room: Page) => room.getByRole("list", { name: "Answers" }).getByRole("listitem");

describe.skipIf(!chromium)("a live round's room screen and phones", () => {
  let server: RunningServer;
  let browser: Browser;
  let hostContext: BrowserContext;
  let host: Page;
  let room: Page;
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
    // The host runs the round from a phone.
    hostContext = await browser.newContext({
      baseURL: server.url,
      ...PHONE,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    hostContext.setDefaultTimeout(WAIT_MS);
    contexts.push(hostContext);
    host = await hostContext.newPage();
    const list = await (await new HttpClient(server.url).get("/api/v1/questions?sort=newest")).json();
    const items = list.items as { id: string; question: string }[];
    // A question of the usual length (nine in ten are 90 characters or fewer): a longer one is set smaller than the code.
    const first = items.find((item) => item.question.length <= 90) ?? items[0];
    const second = items.find((item) => item !== first);
    questionIds = [first, second].map((item) => item?.id ?? "");
    questionText = first?.question ?? "";
    code = await startRound();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it("gives the room a screen of its own: nothing of the site, nothing to press, the code large, the host's timer, fitting 720p and 1080p", async () => {
    // The host's phone: the question first, the one next step under it, both on the first screen.
    const question = host.getByRole("heading", { level: 1 });
    await eventually(() => question.textContent()).toBe(`“${questionText}”`);
    const reveal = host.getByRole("button", { name: "Reveal answers" });
    const [questionBox, revealBox] = [await question.boundingBox(), await reveal.boundingBox()];
    expect(questionBox && revealBox && questionBox.y < revealBox.y).toBe(true);
    expect((revealBox?.y ?? 844) + (revealBox?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(await pageSize(host)).toMatchObject({ width: 390 });
    // The test server's PUBLIC_URL is http://127.0.0.1:port: no phone could open it, and the host is told.
    const warning = host.getByRole("region", { name: "Phones cannot open this join address" });
    await warning.waitFor();
    expect(await warning.textContent()).toContain("PUBLIC_URL");
    expect(await axeViolations(host)).toEqual([]);

    // The projector opens the room link the host copied; the address it shows keeps no secret.
    await host.getByRole("button", { name: "Copy room link" }).click();
    const link = await host.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.url}/live/${code}/room\\?key=[\\w-]{40,}$`));
    const roomContext = await browser.newContext({ baseURL: server.url, ...PROJECTOR });
    roomContext.setDefaultTimeout(WAIT_MS);
    contexts.push(roomContext);
    room = await roomContext.newPage();
    await arrive(room, link);
    expect(room.url()).toBe(`${server.url}/live/${code}/room`);
    await eventually(() => room.getByRole("heading", { level: 1 }).textContent()).toBe(`“${questionText}”`);

    // Nothing of the site, and nothing anyone in the room could take for theirs.
    expect(await room.getByRole("banner").count()).toBe(0);
    expect(await room.getByRole("contentinfo").count()).toBe(0);
    expect(await room.getByRole("navigation").count()).toBe(0);
    expect(await room.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    expect((await room.getByRole("button").allTextContents()).map((text) => text.trim())).toEqual(["Full screen"]);
    expect(await room.getByRole("link").count()).toBe(0);
    expect(await room.getByRole("textbox").count()).toBe(0);

    // Readable from the back of a room, and all of it on one screen at 720p and 1080p.
    const joinPanel = room.getByRole("region", { name: "Join on your phone" });
    const codeLine = joinPanel.getByText(`Code ${code.split("").join(" ")}`).locator("..");
    const fontSize = (element: Locator) => element.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(await fontSize(codeLine)).toBeGreaterThanOrEqual(56);
    const address = joinPanel.getByText(/\/live$/);
    expect(await address.textContent()).toBe(`${server.url.replace(/^https?:\/\//, "")}/live`);
    expect(await address.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);
    expect(await pageSize(room)).toEqual({ width: 1280, height: 720 });
    await joinPanel.getByRole("img", { name: "QR code that opens this round" }).waitFor();
    /** Before any answer: the question is the largest type on the screen, and the empty answers take little room. */
    const questionLeads = async (size: string) => {
      const heading = room.getByRole("heading", { level: 1 });
      expect(await fontSize(heading), size).toBeGreaterThan(await fontSize(codeLine));
      const [asked, answers] = [
        await heading.boundingBox(),
        await room.getByRole("region", { name: "Answers" }).boundingBox(),
      ];
      expect((answers?.height ?? 0) * 3, size).toBeLessThan(asked?.height ?? 0);
    };
    await questionLeads("1280x720");

    // The answer timer runs on the host's phone and shows on the room screen, paused when the host pauses it.
    const timer = room.getByRole("timer");
    expect(await timer.count()).toBe(0);
    await host.getByRole("button", { name: "Start", exact: true }).click();
    await eventually(() => timer.getAttribute("aria-label")).toMatch(/^Time left \d:\d\d$/);
    // Paused once it has counted down: a timer paused at its full time is, to the room, one not started yet.
    const full = await timer.textContent();
    await eventually(() => timer.textContent()).not.toBe(full);
    await host.getByRole("button", { name: "Pause", exact: true }).click();
    // The two agree once the pause has reached the room, and stay so: both have stopped.
    const bothTimers = async () =>
      `host ${await host.getByTestId("timer").textContent()}, room ${await timer.textContent()}`;
    await eventually(bothTimers).toMatch(/^host (\S+), room \1$/);
    const paused = await bothTimers();
    await room.waitForTimeout(1_500);
    expect(await bothTimers()).toBe(paused);
    expect(await axeViolations(room)).toEqual([]);
    await room.setViewportSize({ width: 1920, height: 1080 });
    expect(await pageSize(room)).toEqual({ width: 1920, height: 1080 });
    await questionLeads("1920x1080");
    await room.setViewportSize(PROJECTOR.viewport);
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
    // One filled button on the host's screen, the round's next step: the timer's and the order's stay outlined.
    expect(await filledButtons(host)).toEqual(["Reveal answers"]);

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

  it("keeps a hidden answer off the room screen; the host moderates it in a list on their phone", async () => {
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
    await eventually(() => room.getByTestId("room-counts").textContent()).toBe("3 joined3 answered0 passed");
    await host.getByRole("button", { name: "Reveal answers" }).click();
    const shown = roomAnswers(room);
    await eventually(() => shown.count()).toBe(2);
    expect(await room.locator("body").textContent()).not.toContain(secret);
    expect(await host.locator("body").textContent()).not.toContain(secret);
    expect(await axeViolations(host)).toEqual([]);
    expect(await axeViolations(room)).toEqual([]);
    expect(await pageSize(room)).toEqual({ width: 1280, height: 720 });

    // The host's list keeps it, for an undo.
    await host.getByRole("button", { name: "Moderate answers (1 hidden)" }).click();
    await card.getByRole("button", { name: "Show again" }).click();
    await eventually(() => shown.count()).toBe(3);
    expect(await room.locator("body").textContent()).toContain(secret);
    await card.getByRole("button", { name: "Hide this answer" }).click();
    await eventually(() => shown.count()).toBe(2);
    expect(await room.locator("body").textContent()).not.toContain(secret);
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
    await room.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor();
    const link = cara.getByRole("link", { name: "Read the recap" });
    expect(await link.getAttribute("href")).toBe(recapPath);
    await cara.reload();
    expect(await cara.getByRole("link", { name: "Read the recap" }).getAttribute("href")).toBe(recapPath);

    // Someone who never chose about cookies reads the recap, and meets no banner there.
    const reader = await (await phone()).newPage();
    await arrive(reader, recapPath);
    await reader.getByRole("heading", { level: 1, name: "2 questions, 4 people" }).waitFor();
    expect(await reader.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    expect(await reader.getByRole("navigation").count()).toBe(0);
    expect(await axeViolations(reader)).toEqual([]);

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

  it("goes live from present mode with a question for each person: each phone shows only its own, the host and the room each answer beside its name and question", async () => {
    const start = await hostContext.newPage();
    await arrive(start, "/");
    await start.locator("#generator").getByRole("button", { name: "Present" }).click();
    await start.getByRole("checkbox", { name: /A question for each person/ }).check();
    await start.getByRole("button", { name: "Go live" }).click();
    const dialog = start.getByRole("dialog", { name: "Start a live round" });
    await dialog.getByRole("heading", { name: "A question for each person" }).waitFor();
    expect(await axeViolations(start)).toEqual([]);
    await dialog.getByRole("button", { name: "Start the round" }).click();
    await start.waitForURL(/\/live\/\w{6}\/host$/);
    const own = /\/live\/(\w{6})\/host$/.exec(start.url())?.[1] ?? "";
    await start.getByRole("heading", { level: 1, name: "A question for each person" }).waitFor();

    const people = ["Ada", "Bea"];
    const asked: string[] = [];
    for (const name of people) {
      const phonePage = await (await phone()).newPage();
      await arrive(phonePage, `/live/${own}`);
      await phonePage.getByLabel("Your name").fill(name);
      await phonePage.getByRole("button", { name: "Join the round" }).click();
      await phonePage.getByLabel("Your answer").waitFor();
      await phonePage.getByText("Your own question").waitFor();
      asked.push((await phonePage.getByRole("heading", { level: 1 }).textContent()) ?? "");
      expect(await axeViolations(phonePage)).toEqual([]);
      await phonePage.getByLabel("Your answer").fill(`${name} answers`);
      await phonePage.getByRole("button", { name: "Send answer" }).click();
      await phonePage.getByText("Waiting for the host to reveal the answers.").waitFor();
      // One question on the screen: its own, and nobody else's.
      for (const other of asked.slice(0, -1))
        expect(await phonePage.locator("body").textContent()).not.toContain(other);
      await phonePage.close();
    }
    expect(new Set(asked).size).toBe(2);
    expect(asked.every((text) => text.length > 10)).toBe(true);

    // The host sees who has which question, then each answer beside its name and question.
    const everyone = start.getByRole("region", { name: "Everyone's questions" });
    await eventually(() => everyone.getByTestId("person-question").allTextContents()).toEqual(
      asked.map((text) => `“${text}”`),
    );
    await start.getByRole("button", { name: "Reveal answers" }).click();
    const cards = start.getByRole("list", { name: "Answers" }).getByRole("listitem");
    await eventually(() => cards.count()).toBe(2);
    for (const [i, name] of people.entries()) {
      const card = cards.filter({ hasText: `${name} answers` });
      expect(await card.getByTestId("answer-question").textContent()).toBe(`Asked: “${asked[i]}”`);
      await card.getByText(`From ${name}`, { exact: true }).waitFor();
    }
    expect(await axeViolations(start)).toEqual([]);

    const wall = await hostContext.newPage();
    await wall.setViewportSize(PROJECTOR.viewport);
    await arrive(wall, `/live/${own}/room`);
    const shown = roomAnswers(wall);
    await eventually(() => shown.count()).toBe(2);
    for (const [i, name] of people.entries()) {
      const card = shown.filter({ hasText: `${name} answers` });
      expect(await card.getByTestId("answer-question").textContent()).toBe(`Asked: “${asked[i]}”`);
      await card.getByText(`From ${name}`, { exact: true }).waitFor();
    }
    expect(await pageSize(wall)).toEqual({ width: 1280, height: 720 });
    expect(await axeViolations(wall)).toEqual([]);
    await wall.close();
    await start.close();
  }, 60_000);
});
