import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
const chromium = inject("chromium");

describe.skipIf(!chromium)("present mode", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser(chromium!);
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function openHome(viewport = { width: 1280, height: 900 }) {
    context = await browser.newContext({ baseURL: baseUrl, viewport });
    page = await context.newPage();
    // A controllable clock: the timer runs to zero without waiting 90 real seconds.
    await page.clock.install();
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  it("presents the generator's question with a timer that runs to zero and a shuffled speaking order", async () => {
    await openHome();
    const text = await page.locator("#generator").getByTestId("question-text").textContent();
    await page.locator("#generator").getByRole("button", { name: "Present" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.locator("blockquote").textContent()).toBe(text);

    // The first question is standard depth: 90 seconds each.
    const timer = dialog.getByTestId("timer");
    expect(await timer.textContent()).toBe("1:30");
    await dialog.locator("blockquote").click();
    await page.keyboard.press("Space");
    await page.clock.runFor(30_000);
    expect(await timer.textContent()).toBe("1:00");
    await page.keyboard.press("Space");
    await page.clock.runFor(30_000);
    expect(await timer.textContent()).toBe("1:00");
    await dialog.getByRole("button", { name: "Start" }).click();
    await page.clock.runFor(61_000);
    expect(await timer.textContent()).toBe("0:00");
    await dialog.getByText("Time's up").waitFor();

    const names = ["Ada", "Grace", "Linus", "Margaret", "Barbara"];
    await dialog.getByLabel("Participants, one per line or separated by commas").fill(names.join("\n"));
    await dialog.getByRole("button", { name: "Shuffle" }).click();
    const order = dialog.getByRole("list", { name: "Order" }).getByRole("listitem");
    expect((await order.allTextContents()).sort()).toEqual([...names].sort());
    const now = dialog.getByTestId("speaker-now");
    const seen: string[] = [];
    for (let turn = 0; turn < 5; turn++) {
      const speaker = (await now.textContent())?.replace("Now: ", "") ?? "";
      seen.push(speaker);
      // A new speaker gets the full time again.
      expect(await timer.textContent()).toBe("1:30");
      if (turn === 2) await dialog.getByRole("button", { name: "Pass" }).click();
      else await dialog.getByRole("button", { name: "Next speaker" }).click();
    }
    expect(seen.sort()).toEqual([...names].sort());
    expect(await now.textContent()).toBe("Everyone has had a turn");
    expect(await order.filter({ hasText: "(passed)" }).count()).toBe(1);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("fits a 390 px phone: one header row, the timer's buttons in one row, the question and its timer on the first screen", async () => {
    await openHome({ width: 390, height: 844 });
    await page.locator("#generator").getByRole("button", { name: "Present" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const top = async (name: string) => Math.round((await dialog.getByRole("button", { name }).boundingBox())?.y ?? -1);
    expect(await dialog.evaluate((el) => el.scrollWidth)).toBe(390);
    expect(await top("Close")).toBe(await top("Full screen"));
    const timerRow = await Promise.all(["Start", "Reset", "15 seconds less", "15 seconds more"].map(top));
    expect(new Set(timerRow).size).toBe(1);
    const start = await dialog.getByRole("button", { name: "Start" }).boundingBox();
    expect((start?.y ?? 844) + (start?.height ?? 0)).toBeLessThanOrEqual(844);
  });

  it("gives each of four people a question of their own, beside their name, at 390 px, and draws one person's again", async () => {
    await openHome({ width: 390, height: 844 });
    await page.locator("#generator").getByRole("button", { name: "Present" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByRole("checkbox", { name: /A question for each person/ }).check();
    const names = ["Ada", "Grace", "Linus", "Margaret"];
    await dialog.getByLabel("Participants, one per line or separated by commas").fill(names.join(", "));
    await dialog.getByRole("button", { name: "Keep this order" }).click();

    const rows = dialog.getByRole("list", { name: "Order" }).getByRole("listitem");
    const drawn = () => rows.getByTestId("person-question").allTextContents();
    const allDrawn = (texts: string[]) => texts.length === names.length && texts.every((t) => t.startsWith("“"));
    await expect.poll(drawn, { timeout: 10_000 }).toSatisfy(allDrawn);
    const questions = await drawn();
    expect(new Set(questions).size).toBe(names.length);
    // Each row holds one name and that person's question.
    for (const [i, name] of names.entries()) {
      const row = rows.nth(i);
      expect(await row.getByTestId("person-name").textContent()).toBe(name);
      expect(await row.getByTestId("person-question").textContent()).toBe(questions[i]);
    }
    // The person whose turn it is has their question in the spotlight.
    const spotlight = dialog.getByTestId("spotlight");
    expect(await spotlight.textContent()).toBe(questions[0]);
    await dialog.getByText("Ada's question").waitFor();
    expect(await dialog.evaluate((el) => el.scrollWidth)).toBe(390);
    expect(await axeViolations(page)).toEqual([]);

    // Grace gets another question, and it is none of the meeting's earlier ones.
    await dialog.getByRole("button", { name: "Another question for Grace" }).click();
    const grace = rows.nth(1).getByTestId("person-question");
    await expect
      .poll(() => grace.textContent(), { timeout: 10_000 })
      .toSatisfy((text) => !!text?.startsWith("“") && text !== questions[1]);
    expect(questions).not.toContain(await grace.textContent());
    await dialog.getByRole("button", { name: "Next speaker" }).click();
    expect(await spotlight.textContent()).toBe(await grace.textContent());
    await dialog.getByText("Grace's question").waitFor();
  });

  it("steps through the list's questions with the arrow keys, and works offline once loaded", async () => {
    await openHome();
    // The present mode's code arrives with the first interaction with the page, with what it imports.
    const inFlight = new Set<unknown>();
    page.on("request", (request) => inFlight.add(request));
    page.on("requestfinished", (request) => inFlight.delete(request));
    const presentCode = page.waitForResponse((response) => /\/assets\/PresentMode-/.test(response.url()));
    await page.mouse.wheel(0, 1);
    await presentCode;
    await expect.poll(() => inFlight.size).toBe(0);
    await context.setOffline(true);

    const cards = page.getByRole("article", { name: "Question" });
    const list = page.locator("section", { has: page.getByRole("heading", { name: "Community questions" }) });
    const firstText = await list.getByTestId("question-text").first().textContent();
    const secondText = await list.getByTestId("question-text").nth(1).textContent();
    await list.getByRole("button", { name: "Present" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.locator("blockquote").textContent()).toBe(firstText);
    await dialog.getByText("Question 1 of").waitFor();

    await dialog.locator("blockquote").click();
    await page.keyboard.press("ArrowRight");
    expect(await dialog.locator("blockquote").textContent()).toBe(secondText);
    await dialog.getByText("Question 2 of").waitFor();
    await page.keyboard.press("ArrowLeft");
    expect(await dialog.locator("blockquote").textContent()).toBe(firstText);

    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await cards.count()).toBeGreaterThan(1);
  });
});
