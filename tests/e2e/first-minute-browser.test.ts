import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CATEGORY_SLUGS } from "~/shared/categories";
import { signUpAndVerify, TEST_PASSWORD } from "../support/accounts";
import { launchBrowser, questionSaveAnswered } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { layoutShift, RECORD_LAYOUT_SHIFTS } from "../support/layout-shift";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";

const chromium = inject("chromium");

/** Home and every category page: the pages whose first screen is the generator. */
const GENERATOR_PAGES = ["/", ...CATEGORY_SLUGS.map((slug) => `/${slug}`)];
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

/** Whether the element is inside the window and the topmost thing at its centre (nothing covers it). */
async function inFirstScreenUncovered(page: Page, selector: string): Promise<{ inside: boolean; covered: boolean }> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return { inside: false, covered: true };
    const box = element.getBoundingClientRect();
    const inside = box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { inside, covered: !(top && (top === element || element.contains(top))) };
  }, selector);
}

/** The question the server rendered, as it was before any script ran. */
const RECORD_SERVER_QUESTION = () => {
  document.addEventListener("DOMContentLoaded", () => {
    (window as unknown as { serverQuestion: string }).serverQuestion =
      document.querySelector("#generator [data-testid=question-text]")?.textContent ?? "";
  });
};

/** The host's first minute on the generator pages, at phone and laptop size, in Chromium. */
describe.skipIf(!chromium)("the host's first minute", () => {
  let browser: Browser;
  let smtp: SmtpTestServer;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: "admin@example.com" });
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function newPage(viewport = PHONE, cookies: HttpClient | null = null): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    contexts.push(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    if (cookies) await context.addCookies(cookies.cookieList());
    return context.newPage();
  }

  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  async function member(email: string): Promise<HttpClient> {
    const http = new HttpClient(server.url);
    await signUpAndVerify(http, smtp, email);
    return http;
  }

  const generator = (page: Page) => page.locator("#generator");
  const card = (page: Page) => generator(page).getByRole("article", { name: "Question" });
  const questionText = (page: Page) => card(page).getByTestId("question-text").textContent();
  const moreActions = (page: Page) => card(page).getByRole("button", { name: "More actions for this question" });

  it("shows the question and Generate in the first screen, uncovered, on every generator page at both sizes, with and without the cookie banner", async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await newPage(viewport);
      for (const consented of [false, true]) {
        if (consented) await page.evaluate(() => localStorage.setItem("cookieConsent", "true"));
        for (const path of GENERATOR_PAGES) {
          await open(page, path);
          const where = `${path} at ${viewport.width}x${viewport.height}, consent ${consented}`;
          expect(await inFirstScreenUncovered(page, "#generator [data-testid=question-text]"), where).toEqual({
            inside: true,
            covered: false,
          });
          const button = generator(page).getByRole("button", { name: "Generate Question" });
          const box = await button.boundingBox();
          expect(box, where).not.toBeNull();
          expect((box?.y ?? 0) + (box?.height ?? 0), where).toBeLessThanOrEqual(viewport.height);
          const onTop = await page.evaluate(
            ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? "",
            { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
          );
          expect(onTop, where).toContain("Generate Question");
        }
      }
    }
  });

  it("gives every control on the main pages a target of at least 44 px on a phone", async () => {
    const page = await newPage(PHONE);
    for (const path of ["/", "/remote-teams", "/questions", "/plan", "/live", "/pricing", "/sign-in"]) {
      await open(page, path);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll("a[href], button, select, input:not([type=hidden]), textarea")].flatMap(
          (element) => {
            // Links inside a sentence, and the footer's list of links, are text (WCAG's inline exception).
            if (element.closest("p, footer") || element.matches(".sr-only")) return [];
            const box = (
              element.matches("input[type=checkbox]") ? (element.closest("label") ?? element) : element
            ).getBoundingClientRect();
            if (box.width === 0 || box.height === 0) return [];
            return box.width < 44 || box.height < 44
              ? [`${element.textContent?.trim() || element.getAttribute("aria-label")} ${box.width}x${box.height}`]
              : [];
          },
        ),
      );
      expect(small, path).toEqual([]);
    }
  });

  it("keeps the server's first question after hydration and shifts the layout by less than 0.02, with other pages' questions in storage", async () => {
    // Questions this browser was served on another page: the generator used to swap one in after hydration.
    const elsewhere = await new HttpClient(server.url).postJson("/api/v1/generate-question", {
      meetingContext: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "one-on-ones",
    });
    const served = (await elsewhere.json()) as { id: string; question: string };
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await newPage(viewport);
      await page.addInitScript((question) => {
        localStorage.setItem("circleup.recentQuestions", JSON.stringify([question]));
        localStorage.setItem("circleup.seenIds", JSON.stringify([question.id]));
      }, served);
      await page.addInitScript(RECORD_LAYOUT_SHIFTS);
      await page.addInitScript(RECORD_SERVER_QUESTION);
      for (const path of GENERATOR_PAGES) {
        await open(page, path);
        // Anything the page does after hydration has had its chance.
        await page.waitForTimeout(500);
        const { shifts, serverQuestion, shown } = await page.evaluate(() => ({
          shifts: (window as unknown as { layoutShifts: number[] }).layoutShifts,
          serverQuestion: (window as unknown as { serverQuestion: string }).serverQuestion,
          shown: document.querySelector("#generator [data-testid=question-text]")?.textContent ?? "",
        }));
        const where = `${path} at ${viewport.width}x${viewport.height}`;
        expect(shown, where).toBe(serverQuestion);
        expect(
          shifts.reduce((sum, value) => sum + value, 0),
          where,
        ).toBeLessThan(0.02);
      }
    }
  });

  it("paints the first screen whole when the page arrives in two pieces, so the title never jumps", async () => {
    // A slow network: the page stops in the middle of the generator for a moment, as a busy server's does.
    const relay: Server = createServer(async (request, response) => {
      const upstream = await fetch(new URL(request.url ?? "/", server.url));
      const body = Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "text/plain" });
      const cut = body.indexOf('data-testid="question-text"');
      if (cut < 0) return response.end(body);
      response.write(body.subarray(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 400));
      response.end(body.subarray(cut));
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    try {
      const context = await browser.newContext({ viewport: LAPTOP });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(RECORD_LAYOUT_SHIFTS);
      for (const path of ["/all-hands", "/"]) {
        await page.goto(`http://127.0.0.1:${(relay.address() as AddressInfo).port}${path}`);
        await page.waitForTimeout(300);
        expect(await layoutShift(page), path).toBeLessThan(0.001);
      }
    } finally {
      relay.close();
    }
  });

  it("keeps Generate where it is and the new question in view over twenty clicks on a phone", async () => {
    const page = await newPage(PHONE);
    await page.addInitScript(() => localStorage.setItem("cookieConsent", "true"));
    await open(page, "/team-building");
    const button = generator(page).getByRole("button", { name: "Generate Question" });
    const tops = new Set<number>();
    let previous = await questionText(page);
    for (let click = 0; click < 20; click++) {
      await button.click();
      await expect.poll(() => questionText(page), { timeout: 10_000 }).not.toBe(previous);
      previous = await questionText(page);
      tops.add(Math.round((await button.boundingBox())?.y ?? -1));
      const { inside } = await inFirstScreenUncovered(page, "#generator [data-testid=question-text]");
      expect(inside).toBe(true);
    }
    // The card keeps room for five lines (all but one of the library's questions): Generate stays put.
    expect(tops.size).toBeLessThanOrEqual(2);
  });

  it("lets a member save from the generator's card and find the question on /saved-questions", async () => {
    const page = await newPage(PHONE, await member("saver@example.com"));
    await open(page, "/remote-teams");
    const text = await questionText(page);
    const stored = questionSaveAnswered(page);
    await card(page).getByRole("button", { name: "Save" }).click();
    await card(page).getByRole("button", { name: "Saved" }).waitFor();
    expect((await stored).status()).toBe(200);
    await open(page, "/saved-questions");
    expect(await page.getByRole("main").textContent()).toContain((text ?? "").slice(1, -1));
  });

  it("lets an admin edit and delete from the generator's card", async () => {
    const page = await newPage(LAPTOP, await member("admin@example.com"));
    await open(page, "/");
    await moreActions(page).click();
    await page.getByRole("button", { name: "Edit" }).click();
    await card(page).getByLabel("Question text").fill("  What would make this week feel lighter for you?  ");
    await card(page).getByRole("button", { name: "Save" }).click();
    await expect.poll(() => questionText(page)).toBe("“What would make this week feel lighter for you?”");

    await moreActions(page).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete this question?" })
      .getByRole("button", { name: "Delete" })
      .click();
    // The generator moves on to another question and says why.
    await generator(page).getByText("Question deleted.").waitFor();
    expect(await questionText(page)).not.toBe("“What would make this week feel lighter for you?”");
    const search = await new HttpClient(server.url).get("/api/v1/questions?sort=newest");
    expect(await search.text()).not.toContain("What would make this week feel lighter for you?");
  });

  it("shows the generator's choices in a phone's first screen, and the list filters by all seven categories", async () => {
    const page = await newPage(PHONE);
    await open(page, "/");
    expect(await inFirstScreenUncovered(page, "#generator-options legend + *")).toMatchObject({ inside: true });
    // The whole list, with its filter, is on /questions; the home page shows a few.
    await open(page, "/questions");
    const filter = page.getByRole("region", { name: "Community questions" }).getByLabel("Category");
    expect(await filter.locator("option").allTextContents()).toEqual([
      "All categories",
      "Ice Breakers",
      "Remote Teams",
      "Daily Standup",
      "Team Building",
      "Retrospectives",
      "One-on-Ones",
      "All Hands",
    ]);
  });

  it("opens the card's menu by keyboard, and Escape closes it", async () => {
    const page = await newPage(LAPTOP);
    await open(page, "/");
    await moreActions(page).focus();
    await page.keyboard.press("Enter");
    const addToPlan = page.getByRole("button", { name: "Add to plan" });
    await addToPlan.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Add to plan");
    await page.keyboard.press("Escape");
    await addToPlan.waitFor({ state: "hidden" });
  });

  it("adds to the plan from a list card and from the generator, then presents the plan from /plan", async () => {
    const page = await newPage(PHONE);
    await open(page, "/");
    const fromGenerator = (await questionText(page)) ?? "";
    await moreActions(page).click();
    await page.getByRole("button", { name: "Add to plan" }).click();
    await card(page).getByText("Added to your plan: 1 question.").waitFor();

    const listCard = page.getByRole("region", { name: "Community questions" }).getByRole("article").first();
    const fromList = (await listCard.getByTestId("question-text").textContent()) ?? "";
    await listCard.getByRole("button", { name: "More actions for this question" }).click();
    await page.getByRole("button", { name: "Add to plan" }).click();
    await listCard.getByText("Added to your plan: 2 questions.").waitFor();

    await listCard.getByRole("link", { name: "Open plan" }).click();
    await page.waitForURL(/\/plan$/);
    // A client-side navigation: the plan is on screen once its first question is.
    await page.getByTestId("plan-question").first().waitFor();
    expect(await page.getByTestId("plan-question").allTextContents()).toEqual([fromGenerator, fromList]);
    await page.getByRole("button", { name: "Present", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Question 1 of 2").waitFor();
    expect(await dialog.locator("blockquote").textContent()).toBe(fromGenerator);
  });

  it("saves the very question a visitor asked to save, once they have signed up and verified", async () => {
    const page = await newPage(PHONE);
    await open(page, "/");
    await generator(page).getByRole("button", { name: "Generate Question" }).click();
    const prompt = generator(page).getByRole("region", { name: "Create a free account" });
    await prompt.waitFor();
    const wanted = (await questionText(page)) ?? "";
    // The prompt never covers the question.
    expect(await inFirstScreenUncovered(page, "#generator [data-testid=question-text]")).toEqual({
      inside: true,
      covered: false,
    });
    await prompt.getByRole("link", { name: "Save This Question" }).click();
    await page.waitForURL(/\/sign-up/);
    await page.getByLabel("Full name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("keeper@example.com");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/verify-email/);
    const mail = await smtp.waitForMessage((m) => m.to.includes("keeper@example.com") && /verify/i.test(m.subject));
    const link = linksIn(mail).find((l) => l.includes("/api/auth/verify-email"));
    await page.goto(link as string);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await open(page, "/saved-questions");
    expect(await page.getByRole("main").textContent()).toContain(wanted.slice(1, -1));
  });
});
