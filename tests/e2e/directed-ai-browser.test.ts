import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { aiEnv, type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type FakeStripe, startFakeStripe, stripeEnv } from "../support/fake-stripe";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

const chromium = inject("chromium");
const PHONE = { width: 390, height: 844 };
const PREMIUM = "studio@example.com";
const FREE = "curious@example.com";

/** Premium's AI studio on a phone, and the one quiet note a free member sees about it. */
describe.skipIf(!chromium)("the AI studio in a browser", () => {
  let browser: Browser;
  let server: RunningServer;
  let fake: FakeOpenAI;
  let stripe: FakeStripe;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const violations: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    // Premium on sale here, so a free member is told what it adds.
    stripe = await startFakeStripe({ webhookSecret: "whsec_studiotestsecret" });
    server = await startServer(
      { ...aiEnv(fake, "sk-studio-test"), ...stripeEnv(stripe, "whsec_studiotestsecret") },
      {
        members: [
          { email: PREMIUM, name: "Pia Premium", plan: "premium" },
          { email: FREE, name: "Finn Free" },
        ],
      },
    );
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await fake?.close();
    await stripe?.close();
  });

  async function phoneOf(email: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    contexts.push(context);
    const http = new HttpClient(server.url);
    await signIn(http, email);
    await context.addCookies(http.cookieList());
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "essential"));
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    return page;
  }

  async function hydrated(page: Page, path: string) {
    if (path) await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    for (const v of await axeViolations(page)) violations.push(`${path}: ${v}`);
  }

  const items = (page: Page) => page.getByRole("list", { name: "Questions" }).locator(":scope > li");

  it("gives a Premium member three candidates, a rewrite and a follow-up, from the account menu, by keyboard", async () => {
    const page = await phoneOf(PREMIUM);
    await hydrated(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await page.getByRole("banner").getByRole("link", { name: "AI studio", exact: true }).click();
    await page.waitForURL(`${server.url}/studio`);
    await hydrated(page, "");

    const context = page.getByLabel("Your team or meeting (optional)");
    await context.fill("A remote team of eight, right after a big release");
    // From the context, the keyboard reaches the button through the choices.
    const submit = page.getByRole("button", { name: "Get three questions" });
    let reached = false;
    for (let tab = 0; tab < 8 && !reached; tab++) {
      await page.keyboard.press("Tab");
      reached = await submit.evaluate((button) => button === document.activeElement);
    }
    expect(reached).toBe(true);
    const buttonTop = (await submit.boundingBox())?.y;
    const status = page.locator("p[role=status][data-studio-status]");
    const statusHeight = (await status.boundingBox())?.height;
    await page.keyboard.press("Enter");
    await expect.poll(() => items(page).count()).toBe(3);
    // The answers arrive below: the form and the status line did not move or grow.
    expect((await submit.boundingBox())?.y).toBe(buttonTop);
    expect((await status.boundingBox())?.height).toBe(statusHeight);
    expect(await status.textContent()).toBe("Here are three to choose from, kept as your private questions.");
    const texts = await items(page).getByTestId("question-text").allTextContents();
    expect(new Set(texts).size).toBe(3);

    const first = items(page).first();
    // A private question has no votes and no share page: its card offers neither.
    expect(await first.getByRole("group", { name: "Vote" }).count()).toBe(0);
    await first.getByRole("button", { name: "More actions for this question" }).click();
    await page.getByRole("link", { name: "Rewrite or follow up" }).waitFor();
    expect(await page.getByRole("link", { name: "Share" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Live round" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    // Each candidate is a full card: it presents, copies and saves like any question.
    await first.getByRole("button", { name: "Present" }).click();
    await page
      .getByRole("dialog")
      .getByText(texts[0] as string)
      .waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await first.getByLabel("Tone").selectOption("shorter");
    await first.getByRole("button", { name: "Rewrite" }).click();
    await expect.poll(() => items(page).count()).toBe(4);
    expect(await items(page).nth(1).locator("p").first().textContent()).toBe("Shorter");

    await first.getByRole("button", { name: "Follow-up" }).click();
    await expect.poll(() => items(page).count()).toBe(5);
    expect(await items(page).nth(1).locator("p").first().textContent()).toBe("Follow-up");
    expect(fake.received.length).toBeGreaterThanOrEqual(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Any card's menu starts the studio from its question.
    await first.getByRole("button", { name: "More actions for this question" }).click();
    await page.getByRole("link", { name: "Rewrite or follow up" }).click();
    await page.waitForURL(/\/studio\?from=[0-9a-f-]{36}$/);
    await expect.poll(() => items(page).count()).toBe(1);
    expect(await items(page).first().locator("p").first().textContent()).toBe("Your starting question");
  });

  it("shows a free member once what Premium would add; the studio explains it and links to pricing", async () => {
    const page = await phoneOf(FREE);
    await hydrated(page, "/");
    const note = page.getByRole("complementary", { name: "What Premium adds" });
    await note.waitFor();
    const dismissed = page.waitForResponse((r) => r.url().endsWith("/api/v1/premium-note") && r.status() === 200);
    await note.getByRole("button", { name: "Dismiss the note on Premium" }).click();
    await dismissed;
    expect(await note.count()).toBe(0);
    await hydrated(page, "/");
    expect(await page.getByRole("complementary", { name: "What Premium adds" }).count()).toBe(0);

    const before = fake.received.length;
    await hydrated(page, "/studio");
    await page.getByRole("heading", { name: "Part of Premium" }).waitFor();
    expect(await page.getByRole("link", { name: "See Premium" }).getAttribute("href")).toBe("/pricing");
    expect(await page.getByRole("button", { name: "Get three questions" }).count()).toBe(0);
    expect(fake.received.length).toBe(before);
  });

  it("leaves no accessibility violations or page errors behind", () => {
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
