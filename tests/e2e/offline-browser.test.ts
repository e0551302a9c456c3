import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CATEGORIES } from "~/shared/categories";
import {
  EVERY_GENERATOR_CHOICE,
  fitsFilter,
  type OfflineLibrary,
  type PackedOfflineLibrary,
  pickOffline,
  unpackOfflineLibrary,
} from "~/shared/offline-library";
import { MEETING_CONTEXTS, type MeetingContext } from "~/shared/questions";
import { launchBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

const chromium = inject("chromium");
const EMAIL = "offline@example.com";

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

/**
 * The installed app, in Chromium: what Lighthouse's PWA audit used to check,
 * and Generate, saves and votes once the connection is gone. One member, one
 * page: the service worker that controls it is the subject.
 */
describe.skipIf(!chromium)("the installable app, offline", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const http = () => new HttpClient(server.url);
  let member: HttpClient;

  beforeAll(async () => {
    server = await startServer({}, { members: [{ email: EMAIL }] });
    browser = await launchBrowser(chromium as string);
    member = http();
    await signIn(member, EMAIL);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      serviceWorkers: "allow",
    });
    await context.addCookies(member.cookieList());
    page = await context.newPage();
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // The worker takes the page over as soon as it is installed (clients.claim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // The generator's card comes first; the page's lists of questions follow it.
  const card = () => page.getByRole("article", { name: "Question" }).first();
  const generate = () => page.getByRole("button", { name: "Generate Question" }).click();

  it("passes the former PWA audit: a linked, complete manifest, a controlling worker, start_url offline, no installability errors", async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await http().get(href as string);
    expect(response.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: "CircleUp",
      short_name: "CircleUp",
      start_url: "/",
      display: "standalone",
      theme_color: "#17645b",
      background_color: "#fbf8f3",
    });
    for (const icon of manifest.icons) {
      const bytes = Buffer.from(await (await http().get(icon.src)).arrayBuffer());
      expect(pngSize(bytes).map(String)).toEqual(icon.sizes.split("x"));
    }
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose?.split(" ").includes("maskable"))).toBe(true);
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);

    // Chrome itself finds nothing that keeps the app from being installed. The test's browser context is a
    // fresh profile, which Chrome always reports as "in-incognito": that one says nothing about the app.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    await cdp.detach();

    await context.setOffline(true);
    try {
      const offline = await page.goto(manifest.start_url);
      expect(offline?.status()).toBe(200);
      await hydrated();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/service-worker\.js$/);
    } finally {
      await context.setOffline(false);
    }
  });

  it("offline, Generate serves every choice from the kept slice of the library and says so; the banner says what works", async () => {
    await context.setOffline(true);
    try {
      await page.goto("/");
      await hydrated();
      const banner = page.getByRole("status").filter({ hasText: "You're offline." });
      expect(await banner.textContent()).toBe(
        "You're offline. Generate still works from the saved library; saves wait until you're back, and voting needs a connection.",
      );
      // The slice as the page reads it: from the worker's cache, the network being gone.
      const packed = await page.evaluate(async () => (await fetch("/api/v1/offline-library")).json());
      const slice: OfflineLibrary = unpackOfflineLibrary(packed as PackedOfflineLibrary);
      const byText = new Map(slice.questions.map((q) => [q.question, q]));

      // Through the page: every moment on the home page, then every category's page (cached at install).
      const served = async (choice: { meetingContext: MeetingContext; categorySlug: string | null }) => {
        await page.locator("#generator-options").getByLabel("Moment").selectOption(choice.meetingContext);
        const before = await card().getByTestId("question-text").textContent();
        await generate();
        await expect.poll(() => card().getByTestId("question-text").textContent()).not.toBe(before);
        expect(await card().getByTestId("offline-note").textContent()).toBe("From the offline library.");
        const text = ((await card().getByTestId("question-text").textContent()) ?? "").replace(/^“|”$/g, "");
        const question = byText.get(text);
        expect(question, `${JSON.stringify(choice)}: "${text}" is in the slice`).toBeDefined();
        if ((await card().getByTestId("widened-note").count()) === 0)
          expect(fitsFilter(question!, choice), JSON.stringify(choice)).toBe(true);
      };
      for (const { value } of MEETING_CONTEXTS) await served({ meetingContext: value, categorySlug: null });
      for (const [i, { slug }] of CATEGORIES.entries()) {
        expect((await page.goto(`/${slug}`))?.status()).toBe(200);
        await hydrated();
        const meetingContext = MEETING_CONTEXTS[i % MEETING_CONTEXTS.length]?.value ?? "check-in";
        await served({ meetingContext, categorySlug: slug });
      }

      // Every choice, through the function the page uses: a question of the exact choice where the slice has
      // one, and never the same question twice in a row.
      for (const choice of EVERY_GENERATOR_CHOICE) {
        const first = pickOffline(slice, choice, []);
        expect(first, JSON.stringify(choice)).not.toBeNull();
        const exact = slice.questions.filter((q) => fitsFilter(q, choice));
        if (exact.length) {
          expect(fitsFilter(byText.get(first!.question.question)!, choice), JSON.stringify(choice)).toBe(true);
          expect(first!.relaxed).toEqual([]);
        }
        const next = pickOffline(slice, choice, [first!.question.id]);
        expect(next?.question.id, JSON.stringify(choice)).not.toBe(first!.question.id);
      }
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole("status").filter({ hasText: "You're offline." }).waitFor({ state: "detached" });
  });

  it("offline, a save waits through a reload and is sent, as the member, when the connection returns; a vote is refused", async () => {
    await context.setOffline(true);
    let savedId: string | null = null;
    try {
      await page.goto("/");
      await hydrated();
      await generate();
      await card().getByTestId("offline-note").waitFor();
      const text = ((await card().getByTestId("question-text").textContent()) ?? "").replace(/^“|”$/g, "");
      savedId = await page.evaluate(async (wanted) => {
        const packed = await (await fetch("/api/v1/offline-library")).json();
        for (const rows of Object.values(packed.choices) as [string, string][][])
          for (const [id, question] of rows) if (question === wanted) return id;
        return null;
      }, text);
      await card().getByRole("button", { name: "Save" }).click();
      await card()
        .getByText("Saved on this device: it is sent to your saved questions when you're back online.")
        .waitFor();
      await card().getByRole("button", { name: "Vote up" }).click();
      await card().getByText("You're offline: voting needs a connection. Try again when you're back online.").waitFor();
      expect(await card().getByTestId("vote-score").textContent()).toBe("Score 0");
      await page.reload();
      await hydrated();
    } finally {
      await context.setOffline(false);
    }
    expect(savedId).not.toBeNull();
    const saved = async () =>
      ((await (await member.get("/api/v1/saved")).json()) as { items: { id: string }[] }).items.map((q) => q.id);
    await expect.poll(saved).toContain(savedId);
    // The page forgets the save once the server's answer has come back, a moment after the server stored it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("circleup.offlineSaves"))).toBe("[]");
  });
});
