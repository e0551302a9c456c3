import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
const chromium = inject("chromium");

describe.skipIf(!chromium)("the question generator on the home page", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser(chromium!);
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());

  async function open(options: { javaScript?: boolean } = {}) {
    context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: options.javaScript ?? true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    page = await context.newPage();
    await page.goto("/");
    if (options.javaScript !== false)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  // The community list below has cards too: everything here is inside the generator.
  const generator = () => page.getByRole("region", { name: "Question generator" });
  const card = () => generator().getByRole("article", { name: "Question" });
  const questionText = () => generator().getByTestId("question-text").textContent();

  it("shows a question before any script runs", async () => {
    await open({ javaScript: false });
    const text = await questionText();
    // A question or an invitation ("Tell us about..."), in quotes.
    expect(text).toMatch(/^“.+[?.]”$/);
    expect(await card().textContent()).toContain("Check-in");
    expect(await card().textContent()).toContain("Reflective");
  });

  it("generates with the chosen style and depth, copies, offers sign-up, and remembers the question", async () => {
    await open();
    const generate = page.getByRole("button", { name: "Generate Question" });
    // The choices are in view beside Generate, not behind a button.
    await generator().getByLabel("Style").selectOption("playful");
    await generator()
      .getByLabel(/^Depth/)
      .selectOption("quick");
    expect(
      await generator()
        .getByLabel(/^Depth/)
        .inputValue(),
    ).toBe("quick");

    const events = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          window.addEventListener("newQuestionGenerated", (e) => resolve((e as CustomEvent).detail), { once: true }),
        ),
    );
    // Hold the answer back until the loading state has been seen, however long that takes.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/generate-question", async (route) => {
      await held;
      await route.continue();
    });
    await generate.click();
    const busy = page.getByRole("button", { name: "Generating…" });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await generate.waitFor();

    const detail = (await events) as { id: string; question: string; categorySlug: string | null };
    const text = await questionText();
    expect(text).toBe(`“${detail.question}”`);
    const badges = await card().textContent();
    expect(badges).toContain("Playful");
    expect(badges).toContain("Quick");

    // The invitation stands in the generator, under Generate.
    const prompt = generator().getByRole("region", { name: "Create a free account" });
    expect(await prompt.textContent()).toContain("Love this question?");
    expect(await prompt.textContent()).toContain("Save This Question");
    await prompt.getByRole("button", { name: "Maybe later" }).click();
    await prompt.waitFor({ state: "detached" });

    await generator().getByRole("button", { name: "Copy" }).click();
    await generator().getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(detail.question);
    // The indicator goes back after 2 seconds.
    await generator().getByRole("button", { name: "Copy" }).waitFor({ timeout: 4000 });

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("circleup.recentQuestions") ?? "[]"));
    expect(stored.map((q: { id: string }) => q.id)).toContain(detail.id);

    // Once per trigger per visit: the next question comes without "Love this question?".
    await generate.click();
    await page.waitForFunction(
      (before) => document.querySelector("[data-testid=question-text]")?.textContent !== before,
      text,
    );
    expect(await page.getByText("Love this question?").count()).toBe(0);
  });

  it("invites a visitor who copies, then one who votes, in the same one design", async () => {
    await open();
    await generator().getByRole("button", { name: "Copy" }).click();
    const prompt = generator().getByRole("region", { name: "Create a free account" });
    expect(await prompt.textContent()).toContain("Great choice!");
    expect(await prompt.textContent()).toContain("Start My Collection");
    await generator().getByRole("button", { name: "Vote up" }).click();
    await prompt.getByText("Help improve our questions!").waitFor();
    expect(await prompt.getByRole("link", { name: "Join the Community" }).getAttribute("href")).toBe("/sign-up");
    expect(await prompt.getByRole("link", { name: "Already have an account?" }).getAttribute("href")).toBe(
      "/sign-in?redirectTo=%2F",
    );
    // Votes from visitors are not counted.
    expect(await generator().getByTestId("vote-score").textContent()).toBe("Score 0");
  });

  it("keeps the question and shows the red Error panel when the network fails and no offline library is kept", async () => {
    await open();
    const before = await questionText();
    await page.route("**/api/v1/generate-question", (route) => route.abort("internetdisconnected"));
    await page.route("**/api/v1/offline-library", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Generate Question" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Error" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Network error. Please check your connection and try again.");
    expect(await questionText()).toBe(before);
  });
});
