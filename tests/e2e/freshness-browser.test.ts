import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
const chromium = inject("chromium");

describe.skipIf(!chromium)("a fresh question on every click of a category page", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser(chromium!);
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());

  async function open(path: string) {
    context = await browser.newContext({ baseURL: baseUrl });
    page = await context.newPage();
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  const generator = () => page.getByRole("region", { name: "Question generator" });
  const questionText = () => generator().getByTestId("question-text").textContent();
  const choose = (label: string | RegExp, value: string) => generator().getByLabel(label).selectOption(value);

  it("shows 15 different questions in 15 clicks on /daily-standup, and says when one comes from a nearby choice", async () => {
    await open("/daily-standup");
    // Status, playful, deep: the stand-up page holds only a handful of its own.
    await choose("Moment", "status");
    await choose("Style", "playful");
    await choose(/^Depth/, "deep");

    const texts: string[] = [];
    const notes: string[] = [];
    let previous = await questionText();
    for (let click = 0; click < 15; click++) {
      await page.getByRole("button", { name: "Generate Question" }).click();
      await expect.poll(questionText, { timeout: 10_000 }).not.toBe(previous);
      previous = await questionText();
      texts.push(previous ?? "");
      const note = generator().getByTestId("widened-note");
      if (await note.isVisible()) notes.push((await note.textContent()) ?? "");
    }
    expect(new Set(texts).size).toBe(15);
    expect(notes.length).toBeGreaterThan(0);
    // The card names what it relaxed, and offers the exact choice again.
    expect(notes[0]).toMatch(/^No more .+ questions for this (exact )?choice: here is .+\./);
    // The host's choice stays as it was chosen, even after a nearby question.
    expect(await generator().getByLabel("Moment").inputValue()).toBe("status");
    expect(
      await generator()
        .getByLabel(/^Depth/)
        .inputValue(),
    ).toBe("deep");

    // Until the next question is widened again: the last one drawn may be of the exact choice.
    while (!(await generator().getByTestId("widened-note").isVisible())) {
      await page.getByRole("button", { name: "Generate Question" }).click();
      await expect.poll(questionText, { timeout: 10_000 }).not.toBe(previous);
      previous = await questionText();
    }
    // The note and its button inside the card pass axe like the rest of the page.
    expect(await axeViolations(page)).toEqual([]);
    const again = generator().getByRole("button", { name: /^Show .+ again$/ });
    await again.click();
    await expect.poll(questionText, { timeout: 10_000 }).not.toBe(previous);
    // The exact choice is served again, as a question the host has seen before, and the card says nothing more.
    expect(await generator().getByTestId("widened-note").count()).toBe(0);
    expect(await generator().getByRole("article", { name: "Question" }).textContent()).toContain("Playful · Deep");
    expect(texts).toContain(await questionText());
  });

  it("offers no deep energizer: choosing Energizer moves a deep choice to standard", async () => {
    await open("/team-building");
    await choose(/^Depth/, "deep");
    await choose("Moment", "energizer");
    const depth = generator().getByLabel(/^Depth/);
    expect(await depth.locator("option").allTextContents()).toEqual(["Quick", "Standard"]);
    expect(await depth.inputValue()).toBe("standard");
  });

  it("says quietly, once on the page, that anyone can pass", async () => {
    await open("/one-on-ones");
    expect(await generator().textContent()).toContain("Answering is an invitation: anyone can pass.");
    // Once per screen, not once per card: the list's 25 cards do not repeat it.
    expect(await page.getByText("Answering is an invitation: anyone can pass.").count()).toBeLessThanOrEqual(2);
  });
});
