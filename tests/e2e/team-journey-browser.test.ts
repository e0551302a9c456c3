import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PULSE_QUESTION } from "~/shared/series";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * The whole team story in Chromium, through the pages only: a team lead
 * creates a team on her phone, invites one colleague by link and one by
 * e-mail (promoted to facilitator on the People page), sets up the Monday
 * stand-up with the pulse, and the three hosts take turns. Each is told they
 * host next and finds a question the team has not had; a question one of
 * them marks "Not for this team" is never served to the team again; the
 * series' pulse chart shows the meeting three people answered, not the one
 * only two did.
 */

const chromium = inject("chromium");
const WAIT_MS = 20_000;
const PHONE = { width: 390, height: 844 };
const TEAM = "Platform crew";
const SERIES = "Monday stand-up";
const INVITE_LINK = /\/teams\/join\/[A-Za-z0-9_-]{43}$/;

const PEOPLE = {
  owner: { email: "olga@example.com", name: "Olga Owner" },
  byLink: { email: "lin@example.com", name: "Lin Link" },
  byMail: { email: "mai@example.com", name: "Mai Mail" },
} as const;

type Person = { page: Page; http: HttpClient };

describe.skipIf(!chromium)("a team's journey from creation to its third meeting", () => {
  let browser: Browser;
  let server: RunningServer;
  let smtp: SmtpTestServer;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url }, { members: Object.values(PEOPLE) });
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** A phone in Berlin, signed in as the person (or a guest's, without an e-mail). */
  async function phone(email: string | null): Promise<Person> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      timezoneId: "Europe/Berlin",
    });
    context.setDefaultTimeout(WAIT_MS);
    contexts.push(context);
    const http = new HttpClient(server.url);
    if (email) {
      await signIn(http, email);
      await context.addCookies(http.cookieList());
    }
    await context.addInitScript(() => localStorage.setItem("cookieConsent", "essential"));
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(String(error)));
    return { page, http };
  }

  /** Opens a page once its scripts have taken over. */
  async function open(page: Page, path: string) {
    await page.goto(path);
    await hydrated(page);
  }
  const hydrated = (page: Page) =>
    page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: WAIT_MS });

  /** Follows a link or submits a form that leads to another page, and waits for it. */
  async function go(page: Page, control: Locator, url: RegExp | string) {
    await control.click();
    await page.waitForURL(url);
    await hydrated(page);
  }

  const teamTab = (page: Page, name: string) =>
    page.getByRole("navigation", { name: "Team" }).getByRole("link", { name, exact: true });

  /** Whether the element's whole box is in the first screen of a phone. */
  async function inFirstScreen(locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    return !!box && box.y >= 0 && box.y + box.height <= PHONE.height;
  }

  /** The team page as the next host sees it: the question ready for the stand-up; then the meeting started with it. */
  async function startAsNextHost(page: Page, teamId: string): Promise<string> {
    await open(page, `/teams/${teamId}`);
    const card = page.getByRole("article", { name: SERIES });
    await card.getByText("You host next").waitFor();
    const quote = card.locator("blockquote");
    const start = card.getByRole("button", { name: "Start this meeting" });
    expect(await inFirstScreen(quote), "the ready question is in the first screen").toBe(true);
    expect(await inFirstScreen(start), "Start this meeting is in the first screen").toBe(true);
    const question = ((await quote.textContent()) ?? "").replace(/^“|”$/g, "");
    await go(page, start, /\/meetings\/[0-9a-f-]{36}\?q=/);
    await page.getByRole("article", { name: "Question" }).first().getByText(question).waitFor();
    return question;
  }

  /** Starts the meeting's team round from its page; the round's code, once the room's screen shows the pulse. */
  async function startTeamRound(host: Page): Promise<string> {
    await go(host, host.getByRole("button", { name: "Start a team round" }), /\/live\/[A-Z0-9]{6}\/host$/);
    const code = /\/live\/([A-Z0-9]{6})\/host$/.exec(host.url())?.[1] ?? "";
    await expect
      .poll(() => host.getByRole("heading", { level: 1 }).textContent(), { timeout: WAIT_MS })
      .toBe(`“${PULSE_QUESTION.text}”`);
    return code;
  }

  /** Joins the round (a team member's name is filled in, a guest types one) and answers the pulse at `step` (1-5). */
  async function answerPulse(
    page: Page,
    code: string,
    step: number,
    { filledIn, guest }: { filledIn?: string; guest?: string },
  ) {
    await open(page, `/live/${code}`);
    const name = page.getByLabel("Your name");
    if (filledIn) await expect.poll(() => name.inputValue(), { timeout: WAIT_MS }).toBe(filledIn);
    if (guest) {
      // A guest's browser may remember the name it joined with before, never a team member's.
      expect(Object.values(PEOPLE).map((p) => p.name)).not.toContain(await name.inputValue());
      await name.fill(guest);
    }
    await page.getByRole("button", { name: "Join the round" }).click();
    const scale = page.getByRole("group", { name: "Your place on the scale" });
    await scale
      .getByRole("listitem")
      .nth(step - 1)
      .getByRole("button")
      .click();
    await page.getByText("Waiting for the host to reveal the answers.").waitFor();
  }

  async function endRound(host: Page) {
    await host.getByRole("button", { name: "End round" }).click();
    await host.getByRole("button", { name: "End the round", exact: true }).click();
    await host.getByRole("heading", { level: 1, name: "This round has ended" }).waitFor();
  }

  it("is created, invites, plans a series, rotates hosts and remembers what the team asked", async () => {
    // 1. The owner creates the team on her phone.
    const owner = await phone(PEOPLE.owner.email);
    await open(owner.page, "/teams");
    await owner.page.getByLabel("Team name").fill(TEAM);
    await go(owner.page, owner.page.getByRole("button", { name: "Create team" }), /\/teams\/[0-9a-f-]{36}$/);
    const teamId = new URL(owner.page.url()).pathname.split("/")[2] as string;

    // 2. On the People page: a link for a facilitator, an e-mail for a member.
    await go(owner.page, teamTab(owner.page, "People"), `${server.url}/teams/${teamId}/people`);
    const invite = owner.page.getByRole("region", { name: "Invite people" });
    await invite.getByLabel("Joins as").selectOption("facilitator");
    await invite.getByRole("button", { name: "Create a link" }).click();
    const link = await invite.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(INVITE_LINK);
    await invite.getByLabel("Email address (optional)").fill(PEOPLE.byMail.email);
    await invite.getByLabel("Joins as").selectOption("member");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await owner.page
      .getByRole("region", { name: "Open invitations" })
      .getByText(PEOPLE.byMail.email, { exact: true })
      .waitFor();
    const mail = await smtp.waitForMessage((m) => m.to.includes(PEOPLE.byMail.email), WAIT_MS);
    expect(mail.subject).toBe(`${PEOPLE.owner.name} invited you to ${TEAM} on CircleUp`);
    const mailedLink = linksIn(mail).find((l) => INVITE_LINK.test(l)) as string;
    expect(mailedLink).toBeDefined();

    const lin = await phone(PEOPLE.byLink.email);
    await open(lin.page, new URL(link).pathname);
    await lin.page.getByText(`${PEOPLE.owner.name} invited you to join as a facilitator.`).waitFor();
    await go(lin.page, lin.page.getByRole("button", { name: "Accept" }), `${server.url}/teams/${teamId}`);

    const mai = await phone(PEOPLE.byMail.email);
    await open(mai.page, new URL(mailedLink).pathname);
    await mai.page.getByText(`${PEOPLE.owner.name} invited you to join as a member.`).waitFor();
    await go(mai.page, mai.page.getByRole("button", { name: "Accept" }), `${server.url}/teams/${teamId}`);

    // The owner promotes the member she mailed, so three people can host.
    await open(owner.page, `/teams/${teamId}/people`);
    const people = owner.page.getByRole("region", { name: /^People/ });
    await people.getByRole("heading", { name: "People (3)" }).waitFor();
    const maiRow = people.getByRole("listitem").filter({ hasText: PEOPLE.byMail.email });
    await maiRow.getByLabel(`Role of ${PEOPLE.byMail.name}`).selectOption("facilitator");
    await maiRow.getByRole("button", { name: "Change role" }).click();
    await maiRow.locator("span", { hasText: /^Facilitator$/ }).waitFor();

    // 3. The owner sets up the stand-up: a check-in for daily stand-ups, opening with the pulse.
    await go(owner.page, teamTab(owner.page, "Meetings"), `${server.url}/teams/${teamId}`);
    await go(
      owner.page,
      owner.page.getByRole("link", { name: "Create the first series" }),
      `${server.url}/teams/${teamId}/series/new`,
    );
    await owner.page.getByLabel("Name", { exact: true }).fill(SERIES);
    // Each control is named by its label alone, not by the value chosen in it.
    await owner.page.getByLabel("Kind of meeting", { exact: true }).selectOption("daily-standup");
    await owner.page.getByLabel("Moment", { exact: true }).selectOption("check-in");
    await owner.page.getByLabel("Open each team round with the pulse").check();
    await go(owner.page, owner.page.getByRole("button", { name: "Create the series" }), /\/series\/[0-9a-f-]{36}$/);
    const seriesPath = new URL(owner.page.url()).pathname;

    // The owner set it up, so she hosts it already; the others opt in on its page, reached from the team page.
    await owner.page.getByRole("button", { name: "Leave the rotation" }).waitFor();
    for (const host of [lin, mai]) {
      await open(host.page, `/teams/${teamId}`);
      await go(host.page, host.page.getByRole("link", { name: SERIES }), `${server.url}${seriesPath}`);
      await host.page.getByRole("button", { name: "Host in turn" }).click();
      await host.page.getByRole("button", { name: "Leave the rotation" }).waitFor();
    }
    const hosts = owner.page.getByRole("region", { name: "Hosts" }).getByRole("listitem");
    await owner.page.reload();
    expect(await hosts.allTextContents()).toEqual([
      expect.stringContaining("You"),
      PEOPLE.byLink.name,
      PEOPLE.byMail.name,
    ]);

    const guest = await phone(null);
    const asked: string[] = [];

    // 4. Week 1: the owner hosts and runs a team round; three answer the pulse.
    const first = await startAsNextHost(owner.page, teamId);
    asked.push(first);
    const firstCode = await startTeamRound(owner.page);
    await answerPulse(lin.page, firstCode, 3, { filledIn: PEOPLE.byLink.name });
    await answerPulse(mai.page, firstCode, 4, { filledIn: PEOPLE.byMail.name });
    await answerPulse(guest.page, firstCode, 5, { guest: "Guest One" });
    await endRound(owner.page);

    // Week 2: the link invitee hosts, presents the ready question...
    const second = await startAsNextHost(lin.page, teamId);
    expect(asked).not.toContain(second);
    asked.push(second);
    const meetingUrl = lin.page.url();
    await lin.page.getByRole("button", { name: "Present", exact: true }).first().click();
    await lin.page.getByRole("dialog").waitFor();
    await lin.page.keyboard.press("Escape");
    const used = lin.page.getByRole("region", { name: "Used in this meeting" });
    await expect
      .poll(
        async () => {
          await lin.page.reload();
          return used.getByText("Presented").count();
        },
        { timeout: WAIT_MS },
      )
      .toBe(1);

    // 5. ...draws another and decides it is not for this team: saved to the team's questions, marked there.
    await hydrated(lin.page);
    const cards = lin.page.getByRole("article", { name: "Question" });
    await lin.page.getByRole("link", { name: "Another question" }).click();
    await expect.poll(() => cards.count(), { timeout: WAIT_MS }).toBe(2);
    const drawn = cards.nth(1);
    const unwanted = ((await drawn.getByTestId("question-text").textContent()) ?? "").replace(/^“|”$/g, "");
    const unwantedId = new URL(lin.page.url()).searchParams.get("q")?.split(",")[1] ?? "";
    expect(asked).not.toContain(unwanted);
    await drawn.getByRole("button", { name: "More actions for this question" }).click();
    await lin.page.getByRole("button", { name: `Save to team: ${TEAM}` }).click();
    await drawn.getByText(`Saved to ${TEAM}'s questions.`).waitFor();
    await go(lin.page, teamTab(lin.page, "Questions"), `${server.url}/teams/${teamId}/questions`);
    const saved = lin.page.getByRole("article", { name: "Question" }).filter({ hasText: unwanted });
    await saved.getByRole("button", { name: "More actions for this question" }).click();
    await lin.page.getByRole("button", { name: "Not for this team" }).click();
    await saved.getByText(`${TEAM} won't be served it again.`).waitFor();
    await open(lin.page, meetingUrl);

    // Week 3: the e-mail invitee hosts and runs a team round only two answer.
    const third = await startAsNextHost(mai.page, teamId);
    expect(asked).not.toContain(third);
    expect(third).not.toBe(unwanted);
    asked.push(third);
    const thirdCode = await startTeamRound(mai.page);
    await answerPulse(owner.page, thirdCode, 2, { filledIn: PEOPLE.owner.name });
    await answerPulse(guest.page, thirdCode, 1, { guest: "Guest Two" });
    await endRound(mai.page);
    expect(new Set(asked).size).toBe(3);

    // The question marked "not for this team" never comes back, nor one the team used, while the library
    // serves the host every fitting question she has not seen and then widens the choice.
    const served: { id: string; question: string; widened?: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await lin.http.postJson("/api/v1/generate-question", {
        meetingContext: "check-in",
        questionStyle: "playful",
        engagementLevel: "quick",
        categorySlug: "daily-standup",
        teamId,
      });
      expect(response.status).toBe(200);
      served.push(await response.json());
    }
    expect(served.map((q) => q.id)).not.toContain(unwantedId);
    expect(served.map((q) => q.question)).not.toContain(unwanted);
    for (const question of asked) expect(served.map((q) => q.question)).not.toContain(question);
    // Every unseen question of the exact choice came first, so the hidden one would have been among them.
    expect(served.some((q) => q.widened)).toBe(true);

    // 6. The series' pulse: a point for the first meeting (three answers), none for the third (two).
    await open(owner.page, seriesPath);
    const pulse = owner.page.getByRole("region", { name: "Pulse" });
    await pulse.getByRole("table").waitFor();
    const rows = pulse.locator("tr[data-pulse-point]");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("0 / 0 / 1 / 1 / 1");

    // The team's meetings list all three, each with its host.
    const meetings = owner.page.getByRole("region", { name: "Meetings", exact: true }).getByRole("listitem");
    expect(await meetings.count()).toBe(3);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
