import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scaleSteps } from "~/shared/live-modes";
import { downloadedText, launchBrowser } from "../support/browser";
import { type Cluster, startClusterOrSkip } from "../support/cluster";
import { parseCsv } from "../support/csv";
import { HttpClient } from "../support/http-client";
import { type LibraryEntry, libraryEntryOf } from "../support/library-formats";
import { type RunningServer, startServer } from "../support/server";

/**
 * A live round as a meeting runs it, in Chromium: the host starts it on
 * their phone from a plan of four questions (one word, a scale, a
 * would-you-rather, free text) and opens the room screen on the projector
 * with the room link; three people join on their own devices, one by
 * typing the code on a phone, two by the link; they answer or pass, the host
 * reveals, hides one answer, locks, moves on and ends from the phone, and
 * the room screen follows every step; the recap and its downloads keep what
 * was said. Then the same meeting with the host on one app server and the
 * room screen and everyone else on another, both on one PostgreSQL database.
 */

const chromium = inject("chromium");

/** How long a screen may take to show what it should on a busy two-core machine. */
const WAIT_MS = 20_000;

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: WAIT_MS, interval: 100 });

// ---------------------------------------------------------------------------
// The plan: library questions whose formats give the four answer modes.

type Mode = "word" | "scale" | "pick" | "text";
type PlanQuestion = { id: string; text: string; answers: string[] };

const FITS: Record<Mode, (entry: LibraryEntry) => boolean> = {
  word: (e) => e.format === "one-word",
  scale: (e) => e.format === "scale" && e.answers.length >= 3,
  pick: (e) => e.format === "would-you-rather" && e.answers.length === 2,
  text: (e) => e.format === "open",
};

/** One published library question per answer mode, each chosen by its format alone. */
/**
 * The page's text, hidden elements included, without its scripts: the
 * page's data names the round's later questions, and one of them may
 * contain the word being looked for.
 */
function textOutsideScripts(page: Page): Promise<string> {
  return page.locator("body").evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const script of copy.querySelectorAll("script")) script.remove();
    return copy.textContent ?? "";
  });
}

async function questionPerMode(baseUrl: string): Promise<Record<Mode, PlanQuestion>> {
  const found: Partial<Record<Mode, PlanQuestion>> = {};
  const modes = Object.keys(FITS) as Mode[];
  for (let page = 1; page <= 200 && modes.some((m) => !found[m]); page++) {
    const response = await fetch(`${baseUrl}/api/v1/questions?sort=newest&page=${page}`);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { id: string; question: string }[] };
    if (items.length === 0) break;
    for (const item of items) {
      const entry = libraryEntryOf(item.question);
      const mode = entry && modes.find((m) => !found[m] && FITS[m](entry));
      if (entry && mode) found[mode] = { id: item.id, text: item.question, answers: entry.answers };
    }
  }
  const missing = modes.filter((m) => !found[m]);
  if (missing.length > 0) throw new Error(`No published library question for: ${missing.join(", ")}`);
  return found as Record<Mode, PlanQuestion>;
}

/** Saves a plan as the plan page's form does; its questions become the round's sequence. */
async function savePlan(baseUrl: string, title: string, questionIds: string[]): Promise<string> {
  const form = new URLSearchParams([["title", title], ...questionIds.map((id) => ["questionIds", id])]);
  const response = await new HttpClient(baseUrl).request("/plan", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const location = response.headers.get("location") ?? "";
  expect({ status: response.status, location }).toEqual({
    status: 302,
    location: expect.stringMatching(/\/p\/[0-9a-f-]{36}$/),
  });
  return new URL(location, baseUrl).pathname;
}

// ---------------------------------------------------------------------------
// Reading the screens as people see them.

/** The joined / answered / passed figures at the top of the host's screen. */
async function hostCounts(host: Page) {
  const text =
    (await host.locator("p").filter({ hasText: "joined" }).filter({ hasText: "passed" }).textContent()) ?? "";
  const figure = (label: string) => Number(new RegExp(`(\\d+)\\s*${label}`).exec(text)?.[1] ?? Number.NaN);
  return { joined: figure("joined"), answered: figure("answered"), passed: figure("passed") };
}

/** How many participants' screens the host's screen says follow the round. */
async function hostConnected(host: Page) {
  const text =
    (await host.locator("p").filter({ hasText: "connected" }).filter({ hasText: "joined" }).textContent()) ?? "";
  return Number(/(\d+)\s*connected/.exec(text)?.[1] ?? Number.NaN);
}

const texts = (list: Locator) => list.getByRole("listitem").allTextContents();
const wordCloud = (scope: Page | Locator) => scope.getByRole("list", { name: "Word cloud" });
/** The host's screen: its answers area. */
const hostAnswers = (host: Page) => host.getByRole("region", { name: "Answers", exact: true });
/** The room screen: its answers area. */
const roomAnswers = (room: Page) => room.getByRole("region", { name: "Answers", exact: true });
/** The joined / answered / passed figures at the top of the room screen. */
const roomCounts = (room: Page) => room.getByTestId("room-counts").textContent();
/** The host's own list of every answer to the current question, hidden ones included. */
const moderation = (host: Page) => host.getByRole("region", { name: "Moderate answers" });
/** A participant's screen: everyone's answers, once the host reveals them. */
const shownAnswers = (page: Page) => page.getByRole("region", { name: "Everyone's answers" });
const questionHeading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Each bar of a scale or a pick, read out as a screen reader does, e.g. "2 answers, 67 percent". */
async function barCounts(list: Locator): Promise<string[]> {
  return (await texts(list)).map((row) => /(\d+ answers?, \d+ percent)/.exec(row)?.[1] ?? row);
}

async function download(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: file.suggestedFilename(), text: await downloadedText(file) };
}

/** The same path on another server, as if the balancer had sent the visitor there. */
const onServer = (baseUrl: string, link: string) => {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
};

// ---------------------------------------------------------------------------
// The meeting.

type Where = {
  /** The server the host's browser talks to; links on the host's screen point here too. */
  hostUrl: string;
  /** The server the participants' browsers and the room screen talk to. */
  peopleUrl: string;
  label: string;
};

type Screen = { who: string; page: Page };

/**
 * Everyone's browser, and the walk in named steps: when one fails, every
 * screen is photographed at that moment and the error says where.
 */
class Meeting {
  private readonly contexts: BrowserContext[] = [];
  private readonly screens: Screen[] = [];
  private steps = 0;
  private shots: string | null = null;

  constructor(
    private readonly browser: Browser,
    readonly where: Where,
  ) {}

  async open(who: string, baseURL: string, options: BrowserContextOptions): Promise<Page> {
    const context = await this.browser.newContext({ baseURL, acceptDownloads: true, ...options });
    context.setDefaultTimeout(WAIT_MS);
    this.contexts.push(context);
    const page = await context.newPage();
    this.screens.push({ who, page });
    return page;
  }

  async step(name: string, run: () => Promise<void>): Promise<void> {
    const number = ++this.steps;
    try {
      await run();
    } catch (error) {
      this.shots ??= fs.mkdtempSync(path.join(os.tmpdir(), "circleup-live-walk-"));
      const prefix = `${this.where.label}-${String(number).padStart(2, "0")}`;
      for (const { who, page } of this.screens) {
        const file = path.join(this.shots, `${prefix}-${who}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).catch(() => {});
      }
      const where = `Step ${number} (${name}) failed; every screen at that moment: ${this.shots}/${prefix}-*.png`;
      if (error instanceof Error) {
        error.message = `${where}\n${error.message}`;
        throw error;
      }
      throw new Error(`${where}\n${String(error)}`);
    }
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => {});
  }
}

/** A page is ready once React has taken it over; people close the cookie note before anything else. */
async function arrive(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const consent = page.getByRole("region", { name: "Cookie consent" });
  if (await consent.isVisible()) await consent.getByRole("button", { name: "Accept" }).click();
}

/** A participant gives a name and joins; the question on the host's screen appears. */
async function giveName(page: Page, name: string, firstQuestion: string) {
  await page.getByRole("heading", { name: "Join the round" }).waitFor();
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Join the round" }).click();
  await eventually(() => questionHeading(page).textContent()).toBe(firstQuestion);
  // Marks this document: if it is still there at the end, nobody's page was ever reloaded.
  await page.evaluate(() => Reflect.set(window, "sameDocument", true));
}

async function sendText(page: Page, label: "Your word" | "Your answer", text: string) {
  await page.getByLabel(label).fill(text);
  await page.getByRole("button", { name: "Send answer" }).click();
  await page.getByText("Waiting for the host to reveal the answers.").waitFor();
}

async function pick(page: Page, group: "Your place on the scale" | "Your choice", index: number) {
  await page.getByRole("group", { name: group }).getByRole("listitem").nth(index).getByRole("button").click();
  await page.getByText("Waiting for the host to reveal the answers.").waitFor();
}

async function hostPress(host: Page, button: string, then: () => Promise<void>) {
  await host.getByRole("button", { name: button, exact: true }).click();
  await then();
}

async function runMeeting(browser: Browser, where: Where): Promise<void> {
  const meeting = new Meeting(browser, where);
  try {
    await walk(meeting);
  } finally {
    await meeting.close();
  }
}

async function walk(meeting: Meeting) {
  const { hostUrl, peopleUrl } = meeting.where;
  const q = await questionPerMode(hostUrl);
  const sequence = [q.word, q.scale, q.pick, q.text];
  const planPath = await savePlan(
    hostUrl,
    "Thursday team sync",
    sequence.map((question) => question.id),
  );

  // The host runs the whole round from a phone; the room sees its own screen on a 720p projector.
  const host = await meeting.open("host-phone", hostUrl, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const room = await meeting.open("room-screen", peopleUrl, { viewport: { width: 1280, height: 720 } });
  const ada = await meeting.open("ada-phone", peopleUrl, {
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const bruno = await meeting.open("bruno", peopleUrl, { viewport: { width: 1024, height: 768 } });
  const chiara = await meeting.open("chiara", peopleUrl, { viewport: { width: 800, height: 1000 } });
  const people = [ada, bruno, chiara];

  let code = "";
  let joinLink = "";

  await meeting.step("the host starts a live round from the plan", async () => {
    await arrive(host, planPath);
    await host.getByRole("heading", { level: 1, name: "Thursday team sync" }).waitFor();
    await host.getByRole("button", { name: "Start a live round" }).click();
    const dialog = host.getByRole("dialog", { name: "Start a live round" });
    await dialog.waitFor();
    await dialog.getByText("Questions, in order (4 chosen)").waitFor();
    const boxes = dialog.getByRole("checkbox");
    expect(await boxes.count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await boxes.nth(i).isChecked()).toBe(true);
    // Every question keeps the mode its format suggests.
    const modes = dialog.getByRole("combobox", { name: "Answered as" });
    expect(await modes.count()).toBe(4);
    await dialog.getByRole("button", { name: "Start the round" }).click();
    await host.waitForURL(/\/live\/[A-Z0-9]{6}\/host$/);
    code = /\/live\/([A-Z0-9]{6})\/host$/.exec(host.url())?.[1] ?? "";
    await eventually(() => questionHeading(host).textContent()).toBe(`“${q.word.text}”`);
    await host.getByText("Question 1 of 4 · One word").waitFor();
    expect(await hostCounts(host)).toEqual({ joined: 0, answered: 0, passed: 0 });

    // The host pastes the join link into the meeting chat.
    await host.getByRole("button", { name: "Copy join link" }).click();
    await eventually(() => host.evaluate(() => navigator.clipboard.readText())).toBe(`${hostUrl}/live/${code}`);
    joinLink = `${hostUrl}/live/${code}`;
  });

  await meeting.step("the projector opens the room screen by the room link the host copied", async () => {
    await host.getByRole("button", { name: "Copy room link" }).click();
    await eventually(() => host.evaluate(() => navigator.clipboard.readText())).toMatch(/\/room\?key=/);
    const link = await host.evaluate(() => navigator.clipboard.readText());
    await arrive(room, onServer(peopleUrl, link));
    expect(new URL(room.url()).pathname).toBe(`/live/${code}/room`);
    await eventually(() => questionHeading(room).textContent()).toBe(`“${q.word.text}”`);
    await room.getByText("Answers will come in here.").waitFor();
    expect(await roomCounts(room)).toBe("0 joined0 answered0 passed");
    // Marks this document: if it is still there at the end, the room screen was never reloaded.
    await room.evaluate(() => Reflect.set(window, "sameDocument", true));
  });

  await meeting.step("Ada types the code at /live on her phone", async () => {
    await arrive(ada, "/live");
    // As read off the shared screen: lower case, with the space the screen shows.
    await ada.getByLabel("Code from the host's screen").fill(`${code.slice(0, 3)} ${code.slice(3)}`.toLowerCase());
    await ada.getByRole("button", { name: "Join", exact: true }).click();
    await ada.waitForURL(new RegExp(`/live/${code}$`));
    await ada.getByText("You are the first one here.").waitFor();
    await giveName(ada, "Ada", q.word.text);
    await ada.getByText("Question 1 of 4", { exact: true }).waitFor();
    await eventually(() => hostCounts(host)).toEqual({ joined: 1, answered: 0, passed: 0 });
  });

  await meeting.step("Bruno and Chiara open the join link", async () => {
    await arrive(bruno, onServer(peopleUrl, joinLink));
    await bruno.getByText("1 person has joined.").waitFor();
    await giveName(bruno, "Bruno", q.word.text);
    await eventually(() => hostCounts(host)).toEqual({ joined: 2, answered: 0, passed: 0 });
    await arrive(chiara, onServer(peopleUrl, joinLink));
    await chiara.getByText("2 people have joined.").waitFor();
    await giveName(chiara, "Chiara", q.word.text);
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 0, passed: 0 });
    // Each phone follows the round, and the host's screen counts them, whichever server they are on.
    await eventually(() => hostConnected(host)).toEqual(3);
    await eventually(() => roomCounts(room)).toBe("3 joined0 answered0 passed");
  });

  await meeting.step("question 1, one word: Ada and Bruno answer, Chiara passes", async () => {
    await sendText(ada, "Your word", "Curious");
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 1, passed: 0 });
    // Nothing shows on a phone before the host reveals: the first answer must not set the tone.
    expect(await shownAnswers(ada).count()).toBe(0);
    await sendText(bruno, "Your word", "CURIOUS");
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 2, passed: 0 });
    await chiara.getByRole("button", { name: "Pass", exact: true }).click();
    await chiara.getByText("You passed on this one.").waitFor();
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 2, passed: 1 });
    // The room sees how many, not what.
    await roomAnswers(room).getByText("2 answers in", { exact: true }).waitFor();
    expect(await roomCounts(room)).toBe("3 joined2 answered1 passed");
    expect(await textOutsideScripts(room)).not.toMatch(/curious/i);
    for (const page of people) expect(await shownAnswers(page).count()).toBe(0);
  });

  await meeting.step("the host reveals: one word in the cloud everywhere, the pass only counted", async () => {
    await hostPress(host, "Reveal answers", () => host.getByRole("button", { name: "Hide answers" }).waitFor());
    // "Curious" and "CURIOUS" are one word.
    await eventually(() => texts(wordCloud(hostAnswers(host)))).toEqual(["curious, 2 people"]);
    await eventually(() => texts(wordCloud(roomAnswers(room)))).toEqual(["curious, 2 people"]);
    for (const page of people) {
      await eventually(() => texts(wordCloud(shownAnswers(page)))).toEqual(["curious, 2 people"]);
      await shownAnswers(page).getByText("2 answered · 1 passed").waitFor();
      expect(await shownAnswers(page).textContent()).not.toContain("Chiara");
    }
    // A phone shows it all without scrolling sideways.
    expect(await ada.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The cloud merges answers; the host's moderation list has them one by one.
    await host.getByRole("button", { name: "Moderate answers" }).click();
    const cards = moderation(host).getByRole("list", { name: "Answers" }).getByRole("listitem");
    await eventually(() => cards.count()).toBe(2);
    const written = await cards.allTextContents();
    expect(written.some((t) => t.includes("Curious") && t.includes("Ada"))).toBe(true);
    expect(written.some((t) => t.includes("CURIOUS") && t.includes("Bruno"))).toBe(true);
    expect(written.join(" ")).not.toContain("Chiara");
  });

  await meeting.step("the host hides Bruno's answer, undoes it, and hides it again", async () => {
    const card = moderation(host).getByRole("list", { name: "Answers" }).getByRole("listitem").filter({
      hasText: "Bruno",
    });
    await card.getByRole("button", { name: "Hide this answer" }).click();
    await card.getByText("Hidden from everyone").waitFor();
    await card.getByRole("button", { name: "Show again" }).waitFor();
    await eventually(() => texts(wordCloud(hostAnswers(host)))).toEqual(["curious, 1 person"]);
    // Gone from the room screen, not dimmed there: only the host's list keeps it.
    await eventually(() => texts(wordCloud(roomAnswers(room)))).toEqual(["curious, 1 person"]);
    expect(await textOutsideScripts(room)).not.toContain("CURIOUS");
    // Hiding is about showing, not about who took part.
    expect(await hostCounts(host)).toEqual({ joined: 3, answered: 2, passed: 1 });
    for (const page of people) {
      await eventually(() => texts(wordCloud(shownAnswers(page)))).toEqual(["curious, 1 person"]);
    }
    await bruno.getByText("The host has hidden this answer from the screens.").waitFor();

    await card.getByRole("button", { name: "Show again" }).click();
    for (const page of people) {
      await eventually(() => texts(wordCloud(shownAnswers(page)))).toEqual(["curious, 2 people"]);
    }
    await card.getByRole("button", { name: "Hide this answer" }).click();
    await card.getByText("Hidden from everyone").waitFor();
    for (const page of people) {
      await eventually(() => texts(wordCloud(shownAnswers(page)))).toEqual(["curious, 1 person"]);
    }
    await host.getByRole("button", { name: "Close moderation (1 hidden)" }).click();
    expect(await textOutsideScripts(host)).not.toContain("CURIOUS");
  });

  const high = q.scale.answers.length - 1;

  await meeting.step("question 2 arrives by itself: a scale, answered, revealed as bars", async () => {
    await hostPress(host, "Next question", () => host.getByText("Question 2 of 4 · Scale").waitFor());
    await eventually(() => questionHeading(host).textContent()).toBe(`“${q.scale.text}”`);
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 0, passed: 0 });
    await eventually(() => questionHeading(room).textContent()).toBe(`“${q.scale.text}”`);
    await room.getByText("Answers will come in here.").waitFor();
    for (const page of people) {
      await eventually(() => questionHeading(page).textContent()).toBe(q.scale.text);
      await page.getByText("Question 2 of 4", { exact: true }).waitFor();
      const steps = page.getByRole("group", { name: "Your place on the scale" }).getByRole("listitem");
      // A scale of plain numbers ("1".."5", "One".."Five") shows each number once; a named one, number and name.
      const numeric = scaleSteps({ text: q.scale.text, options: q.scale.answers }).numeric;
      expect(await steps.allTextContents()).toEqual(
        q.scale.answers.map((label, i) => (numeric ? `${i + 1}` : `${i + 1}${label}`)),
      );
      expect(await shownAnswers(page).count()).toBe(0);
    }
    await pick(ada, "Your place on the scale", high);
    await pick(bruno, "Your place on the scale", high);
    await pick(chiara, "Your place on the scale", 0);
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 3, passed: 0 });

    await hostPress(host, "Reveal answers", () => host.getByRole("button", { name: "Hide answers" }).waitFor());
    const expected = q.scale.answers.map((_, i) =>
      i === high ? "2 answers, 67 percent" : i === 0 ? "1 answer, 33 percent" : "0 answers, 0 percent",
    );
    await eventually(() => barCounts(hostAnswers(host).getByRole("list", { name: "Answers on the scale" }))).toEqual(
      expected,
    );
    await eventually(() => barCounts(roomAnswers(room).getByRole("list", { name: "Answers on the scale" }))).toEqual(
      expected,
    );
    for (const page of people) {
      await eventually(() => barCounts(shownAnswers(page).getByRole("list", { name: "Answers on the scale" }))).toEqual(
        expected,
      );
      await shownAnswers(page).getByText("3 answered · 0 passed").waitFor();
    }
  });

  await meeting.step("question 3: pick one of two, locked, then revealed as bars", async () => {
    await hostPress(host, "Next question", () => host.getByText("Question 3 of 4 · Pick one").waitFor());
    for (const page of people) {
      await eventually(() => questionHeading(page).textContent()).toBe(q.pick.text);
      expect(await page.getByRole("group", { name: "Your choice" }).getByRole("button").allTextContents()).toEqual(
        q.pick.answers,
      );
    }
    await pick(ada, "Your choice", 0);
    await pick(bruno, "Your choice", 1);
    await pick(chiara, "Your choice", 0);
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 3, passed: 0 });

    // Everyone has answered: the host locks, and the room and every phone say so.
    await hostPress(host, "Lock answers", () => host.getByRole("button", { name: "Unlock answers" }).waitFor());
    await room.getByText("Answers are locked.", { exact: true }).waitFor();
    // A phone says it on screen, and to its screen reader.
    for (const page of people) await page.getByText("Answers are locked.", { exact: true }).last().waitFor();

    await hostPress(host, "Reveal answers", () => host.getByRole("button", { name: "Hide answers" }).waitFor());
    const expected = ["2 answers, 67 percent", "1 answer, 33 percent"];
    await eventually(() => barCounts(hostAnswers(host).getByRole("list", { name: "Choices" }))).toEqual(expected);
    await eventually(() => barCounts(roomAnswers(room).getByRole("list", { name: "Choices" }))).toEqual(expected);
    for (const page of people) {
      const bars = shownAnswers(page).getByRole("list", { name: "Choices" });
      await eventually(() => barCounts(bars)).toEqual(expected);
      expect((await texts(bars)).map((row, i) => row.startsWith(q.pick.answers[i] ?? "?"))).toEqual([true, true]);
    }
  });

  const markup = "<b>html</b> in the release notes, please";

  await meeting.step("question 4: free text, where markup stays text", async () => {
    await hostPress(host, "Next question", () => host.getByText("Question 4 of 4 · Free text").waitFor());
    for (const page of people) await eventually(() => questionHeading(page).textContent()).toBe(q.text.text);
    await sendText(ada, "Your answer", markup);
    await sendText(bruno, "Your answer", "Pairing on the deploy checklist");
    await sendText(chiara, "Your answer", "A quiet Friday afternoon");
    await eventually(() => hostCounts(host)).toEqual({ joined: 3, answered: 3, passed: 0 });

    await hostPress(host, "Reveal answers", () => host.getByRole("button", { name: "Hide answers" }).waitFor());
    const scopes = [hostAnswers(host), roomAnswers(room), ...people.map(shownAnswers)];
    for (const scope of scopes) {
      const cards = scope.getByRole("list", { name: "Answers" }).getByRole("listitem");
      await eventually(() => cards.count()).toBe(3);
      const adas = cards.filter({ hasText: "Ada" });
      expect(await adas.getByText(markup, { exact: true }).count()).toBe(1);
      expect(await scope.locator("b").count()).toBe(0);
    }
    // After the last question the next step is the end: no "Next question" to press.
    expect(await host.getByRole("button", { name: "Next question" }).count()).toBe(0);
  });

  let recapLink = "";

  await meeting.step("the host ends the round; every phone says so", async () => {
    await host.getByRole("button", { name: "End round" }).click();
    await hostPress(host, "End the round", () =>
      host.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor(),
    );
    await host.getByText("3 people took part in 4 questions.").waitFor();
    for (const page of [...people, room]) {
      await page.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor();
      // The round moved on and ended on every phone and the room screen without a reload.
      expect(await page.evaluate(() => Reflect.get(window, "sameDocument"))).toBe(true);
    }
    recapLink = (await host.getByText(/\/live\/recap\//).textContent()) ?? "";
    expect(recapLink).toMatch(new RegExp(`^${hostUrl}/live/recap/[\\w-]{16,64}$`));
  });

  await meeting.step("the recap keeps what was said, without the hidden answer", async () => {
    await host.getByRole("link", { name: "Open the recap" }).click();
    await host.waitForURL(/\/live\/recap\/[\w-]+$/);
    // Bruno follows the shared link on his own device.
    await arrive(bruno, onServer(peopleUrl, recapLink));
    for (const page of [host, bruno]) {
      await page.getByRole("heading", { level: 1, name: "4 questions, 3 people" }).waitFor();
      const question = (text: string) =>
        page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: text, exact: true }) });
      expect(await texts(wordCloud(question(q.word.text)))).toEqual(["curious, 1 person"]);
      await question(q.word.text).getByText("2 answers · 1 passed").waitFor();
      expect(await barCounts(question(q.scale.text).getByRole("list", { name: "Answers on the scale" }))).toEqual(
        q.scale.answers.map((_, i) =>
          i === high ? "2 answers, 67 percent" : i === 0 ? "1 answer, 33 percent" : "0 answers, 0 percent",
        ),
      );
      expect(await barCounts(question(q.pick.text).getByRole("list", { name: "Choices" }))).toEqual([
        "2 answers, 67 percent",
        "1 answer, 33 percent",
      ]);
      const free = question(q.text.text);
      expect(await free.getByRole("list", { name: "Answers" }).getByRole("listitem").count()).toBe(3);
      expect(await free.getByText(markup, { exact: true }).count()).toBe(1);
      expect(await free.locator("b").count()).toBe(0);
      expect(await page.locator("main").textContent()).not.toContain("CURIOUS");
    }
  });

  await meeting.step("the recap downloads as CSV and Markdown", async () => {
    const csv = await download(host, host.getByRole("link", { name: "CSV", exact: true }));
    expect(csv.name).toMatch(new RegExp(`^live-round-${code}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(["question", "answer", "name", "kind"]);
    expect(rows.slice(1)).toEqual([
      [q.word.text, "Curious", "Ada", "answer"],
      [q.word.text, "1", "", "passes"],
      [q.scale.text, q.scale.answers[high], "Ada", "answer"],
      [q.scale.text, q.scale.answers[high], "Bruno", "answer"],
      [q.scale.text, q.scale.answers[0], "Chiara", "answer"],
      [q.scale.text, "0", "", "passes"],
      [q.pick.text, q.pick.answers[0], "Ada", "answer"],
      [q.pick.text, q.pick.answers[1], "Bruno", "answer"],
      [q.pick.text, q.pick.answers[0], "Chiara", "answer"],
      [q.pick.text, "0", "", "passes"],
      [q.text.text, markup, "Ada", "answer"],
      [q.text.text, "Pairing on the deploy checklist", "Bruno", "answer"],
      [q.text.text, "A quiet Friday afternoon", "Chiara", "answer"],
      [q.text.text, "0", "", "passes"],
    ]);

    const markdown = await download(host, host.getByRole("link", { name: "Markdown", exact: true }));
    expect(markdown.name).toMatch(new RegExp(`^live-round-${code}-\\d{4}-\\d{2}-\\d{2}\\.md$`));
    expect(markdown.text).toMatch(/^# Live round, \d{4}-\d{2}-\d{2}\n\n3 people joined\.\n/);
    expect(markdown.text).toContain("2 answered, 1 passed\n\n- curious (1)\n");
    expect(markdown.text).toContain("| 2 | 67% |");
    expect(markdown.text).toContain("| 1 | 33% |");
    expect(markdown.text).toContain("- **Ada:** &lt;b&gt;html&lt;/b&gt; in the release notes, please\n");
    expect(markdown.text).toContain("- **Chiara:** A quiet Friday afternoon\n");
    expect(markdown.text).not.toContain("CURIOUS");
    expect(markdown.text).not.toContain("<b>");
  });
}

// ---------------------------------------------------------------------------

describe.skipIf(!chromium)("a live round in the browser", () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    // A server of its own: the round, plan and join limits per address start from zero.
    server = await startServer();
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("runs a meeting from the host's phone: four questions in four modes, a pass, reveal, a hidden answer, a lock, the end and the recap, the room screen following", async () => {
    await runMeeting(browser, { hostUrl: server.url, peopleUrl: server.url, label: "one-server" });
  }, 300_000);
});

describe.skipIf(!chromium)("a live round in the browser, host and participants on different servers", () => {
  let browser: Browser;
  let cluster: Cluster | null = null;

  beforeAll(async () => {
    cluster = await startClusterOrSkip("the two-server live round in the browser");
    if (!cluster) return;
    browser = await launchBrowser(chromium as string);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  });

  it("runs the same meeting with the host's phone on one server and the room screen and everyone else on the other", async (ctx) => {
    if (!cluster) return ctx.skip();
    const [hostServer, peopleServer] = cluster.servers;
    if (!hostServer || !peopleServer) throw new Error("The cluster has fewer than two servers");
    // Links on the host's screen carry the public address, here the first server's.
    expect(cluster.url).toBe(hostServer.url);
    await runMeeting(browser, { hostUrl: hostServer.url, peopleUrl: peopleServer.url, label: "two-servers" });
  }, 300_000);
});
