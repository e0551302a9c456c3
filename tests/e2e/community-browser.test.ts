import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpAndVerify } from "../support/accounts";
import { downloadedText, launchBrowser, questionSaveAnswered } from "../support/browser";
import { parseCsv } from "../support/csv";
import { HttpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

const chromium = inject("chromium");

/** The community features as a member and an admin use them, in Chromium. */
describe.skipIf(!chromium)("community in the browser", () => {
  let browser: Browser;
  let smtp: SmtpTestServer;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: "chair@example.com" });
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** A signed-in page for a new verified account. */
  async function signedInPage(email: string): Promise<Page> {
    const http = new HttpClient(server.url);
    await signUpAndVerify(http, smtp, email);
    const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
    contexts.push(context);
    await context.addCookies(http.cookieList());
    return context.newPage();
  }

  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  const list = (page: Page) => page.getByRole("region", { name: "Community questions" });
  const cards = (page: Page) => list(page).getByRole("article", { name: "Question" });

  async function download(page: Page, label: string): Promise<{ name: string; text: string }> {
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: label }).click()]);
    return { name: file.suggestedFilename(), text: await downloadedText(file) };
  }

  it("a member votes, saves, exports and submits; an admin approves, edits and deletes, and the audit log shows it", async () => {
    const member = await signedInPage("member@example.com");
    await open(member, "/questions?sort=newest");
    const first = cards(member).first();
    const firstText = (await first.getByTestId("question-text").textContent()) ?? "";
    expect(await first.getByTestId("vote-score").textContent()).toBe("Score 0");
    await first.getByRole("button", { name: "Vote up" }).click();
    await expect.poll(() => first.getByTestId("vote-score").textContent()).toBe("Score 1");
    const firstStored = questionSaveAnswered(member);
    await first.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => first.getByRole("button", { name: "Saved" }).count()).toBe(1);
    expect((await firstStored).status()).toBe(200);
    const second = cards(member).nth(1);
    const secondText = (await second.getByTestId("question-text").textContent()) ?? "";
    const secondStored = questionSaveAnswered(member);
    await second.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => second.getByRole("button", { name: "Saved" }).count()).toBe(1);
    expect((await secondStored).status()).toBe(200);

    // The vote and the saves survive a reload: they are on the server.
    await open(member, "/questions?sort=newest");
    expect(await cards(member).first().getByTestId("vote-score").textContent()).toBe("Score 1");
    expect(await cards(member).first().getByRole("button", { name: "Vote up" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    await open(member, "/saved-questions");
    expect(await member.getByRole("article", { name: "Question" }).getByRole("button", { name: "Saved" }).count()).toBe(
      2,
    );
    const csv = await download(member, "CSV");
    expect(csv.name).toMatch(/^saved-questions-\d{4}-\d{2}-\d{2}\.csv$/);
    // Read as a spreadsheet reads it: a question may hold a comma or a quotation mark.
    const [header, ...rows] = parseCsv(csv.text);
    expect(header?.[0]).toBe("question");
    expect(rows.map((row) => row[0]).sort()).toEqual(
      [firstText, secondText].map((text) => text.replace(/^“|”$/g, "")).sort(),
    );
    const markdown = await download(member, "Markdown");
    expect(markdown.name).toMatch(/\.md$/);
    expect(markdown.text).toContain("# Saved questions");
    expect(markdown.text).toContain(secondText.replace(/^“|”$/g, "").slice(0, 20));

    const submitted = "What is one thing you would like this team to keep doing?";
    await open(member, "/team-building");
    await member.getByLabel("Your question").fill(submitted);
    await member.getByRole("button", { name: "Submit for review" }).click();
    await expect
      .poll(() => member.getByRole("status").allTextContents())
      .toContainEqual(expect.stringContaining("Thank you!"));

    const admin = await signedInPage("chair@example.com");
    await open(admin, "/admin");
    // The activity drawing arrives apart from the page, and arrives.
    await admin.getByRole("region", { name: "Activity" }).locator(".recharts-wrapper").waitFor();
    const waiting = admin.getByRole("listitem").filter({ hasText: submitted });
    await waiting.getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(() => admin.getByRole("status").allTextContents())
      .toContainEqual(expect.stringContaining("Approved"));

    // Edit the second newest question; the saved text is trimmed.
    await open(admin, "/questions?sort=newest");
    const editable = cards(admin).nth(2);
    const editedId = await editable.getByTestId("question-text").textContent();
    await editable.getByRole("button", { name: "More actions for this question" }).click();
    await admin.getByRole("button", { name: "Edit" }).click();
    await editable.getByLabel("Question text").fill("   What would make next week lighter for you?   ");
    await editable.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => editable.getByTestId("question-text").textContent())
      .toBe("“What would make next week lighter for you?”");
    expect(editedId).not.toBe("“What would make next week lighter for you?”");

    // Delete the next one, after confirming.
    const doomed = cards(admin).nth(3);
    const doomedText = (await doomed.getByTestId("question-text").textContent()) ?? "";
    await doomed.getByRole("button", { name: "More actions for this question" }).click();
    await admin.getByRole("button", { name: "Delete" }).click();
    await admin
      .getByRole("alertdialog", { name: "Delete this question?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect.poll(() => list(admin).getByText(doomedText).count()).toBe(0);

    await open(admin, "/questions?sort=newest");
    expect(await list(admin).getByText("What would make next week lighter for you?").count()).toBe(1);
    expect(await list(admin).getByText(doomedText).count()).toBe(0);
    expect(await list(admin).getByText(submitted).count()).toBe(1);

    await open(admin, "/admin");
    const audit = admin.getByRole("table").last();
    for (const action of ["question.approve", "question.edit", "question.delete"]) {
      expect(
        await audit.getByRole("row").filter({ hasText: action }).filter({ hasText: "chair@example.com" }).count(),
      ).toBe(1);
    }

    // Today's activity, counted from our own events: two sign-ups and the member's vote at least.
    await admin.getByText("The numbers").click();
    const today = admin.locator("figure").getByRole("row").last();
    const [day, , , signUps, votes] = await today.getByRole("cell").allTextContents();
    expect(day).toBe(new Date().toISOString().slice(0, 10));
    expect(Number(signUps)).toBeGreaterThanOrEqual(2);
    expect(Number(votes)).toBeGreaterThanOrEqual(1);
  });

  it("builds a plan of three, saves it, and opens and presents it signed out from its link", async () => {
    const member = await signedInPage("planner@example.com");
    await open(member, "/plan?categorySlug=retrospectives&engagementLevel=quick");
    const plan = member.getByRole("list", { name: "Plan" });
    const texts = () => plan.getByTestId("plan-question").allTextContents();
    expect(await plan.getByRole("listitem").count()).toBe(3);
    const [checkIn, energizer, checkOut] = await texts();

    await plan.getByRole("listitem").nth(1).getByRole("button", { name: "Another" }).click();
    await expect.poll(async () => (await texts())[1]).not.toBe(energizer);
    const newEnergizer = (await texts())[1];
    await member.getByRole("button", { name: "Move question 3 up" }).click();
    expect(await texts()).toEqual([checkIn, checkOut, newEnergizer]);

    await member.getByLabel("Plan title").fill("Friday retro");
    await member.getByRole("button", { name: "Save plan" }).click();
    await member.waitForURL(/\/p\/[0-9a-f-]{36}$/);
    const link = member.url();
    await member.getByRole("heading", { level: 1, name: "Friday retro" }).waitFor();
    const ordered = await member
      .getByRole("list", { name: "Questions in order" })
      .getByRole("listitem")
      .locator("p")
      .allTextContents();
    expect(ordered).toEqual([checkIn, checkOut, newEnergizer]);
    const markdown = await download(member, "Markdown");
    expect(markdown.text).toContain("# Friday retro");
    expect(markdown.text).toMatch(/1\. \*\*Check-in:\*\* /);
    await open(member, "/plan");
    await member.getByRole("link", { name: "Friday retro" }).waitFor();

    // Anyone with the link: read-only, and ready to present.
    const visitorContext = await browser.newContext({ baseURL: server.url });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await open(visitor, new URL(link).pathname);
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe("Friday retro");
    await visitor.getByRole("button", { name: "Present this plan" }).click();
    const dialog = visitor.getByRole("dialog");
    await dialog.getByText("Question 1 of 3").waitFor();
    expect(await dialog.locator("blockquote").textContent()).toBe(checkIn);
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    expect(await dialog.locator("blockquote").textContent()).toBe(checkOut);
    await visitor.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("lets a member hide the generator's question for good", async () => {
    const member = await signedInPage("hider@example.com");
    await open(member, "/");
    const generator = member.locator("#generator");
    const hidden = await generator.getByTestId("question-text").textContent();
    await generator.getByRole("button", { name: "More actions for this question" }).click();
    await member.getByRole("button", { name: "Don't show again" }).click();
    await generator.getByText("We won't show that question to you again.").waitFor();
    expect(await generator.getByTestId("question-text").textContent()).not.toBe(hidden);
    // Neither a reload (recent questions in the browser) nor the server's first question brings it back.
    for (let i = 0; i < 3; i++) {
      await open(member, "/");
      expect(await generator.getByTestId("question-text").textContent()).not.toBe(hidden);
    }
  });
});
