import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

const chromium = inject("chromium");

type Listed = { id: string; question: string };

/** As a plan shows a question: in curly quotes. */
const quoted = (q: Listed) => `“${q.question}”`;

/**
 * The plan draft from a host's side: the cookie's questions on /plan, in
 * order, presented or run as a live round from there; edits that stick; and
 * saved questions presented and added to the plan.
 */
describe.skipIf(!chromium)("plans from anywhere", () => {
  let browser: Browser;
  let server: RunningServer;
  let library: Listed[];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({}, { members: [{ email: "saver@example.com" }, { email: "checker@example.com" }] });
    browser = await launchBrowser(chromium as string);
    const list = await (await fetch(`${server.url}/api/v1/questions?sort=newest`)).json();
    library = list.items.slice(0, 6).map(({ id, question }: Listed) => ({ id, question }));
    expect(library).toHaveLength(6);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  /** A browser whose plan draft holds these ids, as "Add to plan" on a card leaves it. */
  async function withDraft(
    ids: string[],
    options: { javaScriptEnabled?: boolean; width?: number; cookies?: HttpClient } = {},
  ): Promise<Page> {
    const { javaScriptEnabled = true, width = 390, cookies } = options;
    const context = await browser.newContext({
      baseURL: server.url,
      javaScriptEnabled,
      viewport: { width, height: width < 600 ? 844 : 900 },
    });
    contexts.push(context);
    if (ids.length > 0) await context.addCookies([{ name: "cu_plan", value: ids.join("."), url: server.url }]);
    if (cookies) await context.addCookies(cookies.cookieList());
    return context.newPage();
  }

  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  const planTexts = (page: Page) =>
    page.getByRole("list", { name: "Plan" }).getByTestId("plan-question").allTextContents();

  const draftCookie = async (page: Page) =>
    (await page.context().cookies()).find((c) => c.name === "cu_plan")?.value ?? null;

  it("renders the draft's questions in its order on the server, leaving out ids that are no question", async () => {
    const [a, b, c] = library as [Listed, Listed, Listed];
    const missing = "00000000-0000-4000-8000-000000000000";
    const draft = [c.id, missing, a.id, b.id];
    const page = await withDraft(draft, { javaScriptEnabled: false });
    await page.goto("/plan");
    expect(await planTexts(page)).toEqual([c, a, b].map(quoted));
    expect(await page.getByText("3 questions in meeting order").count()).toBe(1);

    // With scripts, the same plan stays after hydration, and the draft forgets the id that is no question.
    const live = await withDraft(draft);
    await open(live, "/plan");
    expect(await planTexts(live)).toEqual([c, a, b].map(quoted));
    await expect.poll(() => draftCookie(live)).toBe([c.id, a.id, b.id].join("."));
  });

  it("presents the plan from /plan, first question first, then the next", async () => {
    const [a, b] = library.slice(2, 4) as [Listed, Listed];
    const page = await withDraft([a.id, b.id]);
    await open(page, "/plan");
    await page.getByRole("button", { name: "Present", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Question 1 of 2").waitFor();
    expect(await dialog.locator("blockquote").textContent()).toBe(quoted(a));
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByText("Question 2 of 2").waitFor();
    expect(await dialog.locator("blockquote").textContent()).toBe(quoted(b));
  });

  it("starts a live round from /plan whose host screen opens on the plan's first question", async () => {
    const [a, b, c] = library.slice(1, 4) as [Listed, Listed, Listed];
    const page = await withDraft([b.id, c.id, a.id], { width: 1280 });
    await open(page, "/plan");
    await page.getByRole("button", { name: "Live round" }).click();
    const dialog = page.getByRole("dialog", { name: "Start a live round" });
    await dialog.getByText("Questions, in order (3 chosen)").waitFor();
    await dialog.getByRole("button", { name: "Start the round" }).click();
    await page.waitForURL(/\/live\/[A-Z0-9]{6}\/host$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(quoted(b));
    await page.getByText("Question 1 of 3", { exact: false }).first().waitFor();
  });

  it("keeps every edit in the draft: reorder and remove survive a reload, Clear empties it, Undo brings it back", async () => {
    const [a, b, c] = library.slice(0, 3) as [Listed, Listed, Listed];
    const page = await withDraft([a.id, b.id, c.id]);
    await open(page, "/plan");
    await page.getByRole("button", { name: "Move question 3 up" }).click();
    expect(await planTexts(page)).toEqual([a, c, b].map(quoted));
    expect(await draftCookie(page)).toBe([a.id, c.id, b.id].join("."));
    // The keyboard stays on the moved question's button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move question 2 up");

    await open(page, "/plan");
    expect(await planTexts(page)).toEqual([a, c, b].map(quoted));
    await page.getByRole("button", { name: "Remove question 1" }).click();
    expect(await planTexts(page)).toEqual([c, b].map(quoted));
    expect(await draftCookie(page)).toBe([c.id, b.id].join("."));
    await open(page, "/plan");
    expect(await planTexts(page)).toEqual([c, b].map(quoted));

    await page.getByRole("button", { name: "Clear plan" }).click();
    expect(await page.getByRole("list", { name: "Plan" }).count()).toBe(0);
    await page.getByText("The plan is empty.", { exact: false }).waitFor();
    expect(await draftCookie(page)).toBeNull();
    expect(await page.getByRole("button", { name: "Present", exact: true }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Undo" }).click();
    expect(await planTexts(page)).toEqual([c, b].map(quoted));
    expect(await draftCookie(page)).toBe([c.id, b.id].join("."));
  });

  it("makes a first matched set the draft, and a replaced question takes its place in it", async () => {
    const page = await withDraft([]);
    await open(page, "/plan?engagementLevel=quick");
    const plan = page.getByRole("list", { name: "Plan" });
    expect(await plan.getByRole("listitem").count()).toBe(3);
    await expect.poll(() => draftCookie(page)).toMatch(/^[0-9a-f-]{36}(\.[0-9a-f-]{36}){2}$/);
    const before = ((await draftCookie(page)) ?? "").split(".");
    const energizer = (await planTexts(page))[1];
    await plan.getByRole("listitem").nth(1).getByRole("button", { name: "Another" }).click();
    await expect.poll(async () => (await planTexts(page))[1]).not.toBe(energizer);
    const after = ((await draftCookie(page)) ?? "").split(".");
    expect([after[0], after[2]]).toEqual([before[0], before[2]]);
    expect(after[1]).not.toBe(before[1]);
    await open(page, "/plan");
    expect((await planTexts(page))[1]).not.toBe(energizer);
  });

  it("lets a member present all saved questions and add them all to the plan", async () => {
    const http = new HttpClient(server.url);
    await signIn(http, "saver@example.com");
    for (const q of library.slice(3, 6)) {
      expect((await http.request(`/api/v1/questions/${q.id}/save`, { method: "PUT" })).status).toBe(200);
    }
    const [first] = library;
    const page = await withDraft([(first as Listed).id], { cookies: http });
    await open(page, "/saved-questions");
    const saved = await page.getByRole("article", { name: "Question" }).getByTestId("question-text").allTextContents();
    expect(saved).toHaveLength(3);

    await page.getByRole("button", { name: "Present all" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Question 1 of 3").waitFor();
    expect(await dialog.locator("blockquote").textContent()).toBe(saved[0]);
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    expect(await dialog.locator("blockquote").textContent()).toBe(saved[1]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add all to plan" }).click();
    await page.getByText("Added 3 questions to your plan.").waitFor();
    // Each card knows it too: its menu's Add to plan says the question is in the plan already.
    const card = page.getByRole("article", { name: "Question" }).first();
    await card.getByRole("button", { name: "More actions for this question" }).click();
    await page.getByRole("button", { name: "Add to plan" }).click();
    await card.getByText("Already in your plan: 4 questions.").waitFor();
    await page.getByRole("link", { name: "Open the plan" }).click();
    await page.waitForURL(/\/plan$/);
    await page.getByRole("list", { name: "Plan" }).waitFor();
    expect(await planTexts(page)).toEqual([quoted(first as Listed), ...saved]);
  });

  it("has no accessibility violations on /plan and /saved-questions", async () => {
    const http = new HttpClient(server.url);
    await signIn(http, "checker@example.com");
    await http.request(`/api/v1/questions/${(library[0] as Listed).id}/save`, { method: "PUT" });
    const failures: string[] = [];
    for (const width of [390, 1280]) {
      for (const [path, draft] of [
        ["/plan", library.slice(0, 4).map((q) => q.id)],
        ["/plan", []],
        ["/saved-questions", []],
      ] as const) {
        const page = await withDraft([...draft], { width, cookies: http });
        await open(page, path);
        for (const v of await axeViolations(page)) failures.push(`${path} @${width}: ${v}`);
        await page.context().close();
      }
    }
    expect(failures).toEqual([]);
  });
});
