import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { jsonLdBlocks, type SchemaOrgType, validateJsonLd } from "../support/schema-org";

const baseUrl = inject("baseUrl");
const chromium = inject("chromium");

/** The pages anyone may open and search engines may index. */
const PUBLIC_PAGES = [
  "/",
  "/ice-breaker-questions",
  "/remote-teams",
  "/daily-standup",
  "/team-building",
  "/retrospectives",
  "/one-on-ones",
  "/all-hands",
  "/questions",
  "/articles",
  "/plan",
  "/how-to",
  "/about",
  "/contact",
  "/support",
  "/privacy-policy",
  "/terms-of-service",
  "/pricing",
];
/**
 * Pages of the route table kept out of search results. (/auth/callback only
 * renders for a signed-in browser; the accounts tests cover it.)
 */
const NOINDEX_PAGES = ["/sign-in", "/sign-up", "/verify-email?email=ada%40example.com", "/reset-password"];
const CATEGORY_PAGES = PUBLIC_PAGES.slice(1, 8);

type Page200 = { path: string; status: number; html: string };

function tag(html: string, pattern: RegExp): string | undefined {
  return pattern
    .exec(html)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}
const titleOf = (html: string) => tag(html, /<title>([^<]*)<\/title>/);
const metaName = (html: string, name: string) => tag(html, new RegExp(`<meta name="${name}" content="([^"]*)"`));
const metaProperty = (html: string, name: string) =>
  tag(html, new RegExp(`<meta property="${name}" content="([^"]*)"`));

/** The article pages, as the articles index links them. */
async function fetchArticlePaths(): Promise<string[]> {
  const index = await (await fetch(`${baseUrl}/articles`)).text();
  return [...new Set([...index.matchAll(/href="(\/articles\/[a-z0-9-]+)"/g)].map((m) => m[1] as string))];
}

describe("every page of the route table, as served", () => {
  let articlePaths: string[] = [];
  const pages = new Map<string, Page200>();

  beforeAll(async () => {
    articlePaths = await fetchArticlePaths();
    for (const path of [...PUBLIC_PAGES, ...articlePaths, ...NOINDEX_PAGES, "/no-such-page"]) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      pages.set(path, { path, status: response.status, html: await response.text() });
    }
  });

  it("has at least four articles, the two linked from the footer among them", () => {
    expect(articlePaths.length).toBeGreaterThanOrEqual(4);
    expect(articlePaths).toContain("/articles/team-communication-best-practices");
    expect(articlePaths).toContain("/articles/remote-team-management-strategies");
  });

  it("answers 200 with server-rendered main content, and 404 for an unknown path", () => {
    for (const path of [...PUBLIC_PAGES, ...articlePaths, ...NOINDEX_PAGES]) {
      const page = pages.get(path) as Page200;
      expect(page.status, path).toBe(200);
      const main = /<main id="main"[^>]*>([\s\S]*)<\/main>/.exec(page.html)?.[1] ?? "";
      expect(main, path).toMatch(/<h1[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/);
      const text = main.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
      // Content pages carry real text; the one-step account pages a short form.
      expect(text.length, path).toBeGreaterThan(NOINDEX_PAGES.includes(path) ? 100 : 400);
    }
    expect(pages.get("/no-such-page")?.status).toBe(404);
  });

  it("gives each page its own title and description, a canonical URL and a preview image", () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of [...PUBLIC_PAGES, ...articlePaths]) {
      const html = (pages.get(path) as Page200).html;
      const title = titleOf(html) ?? "";
      const description = metaName(html, "description") ?? "";
      expect(title.length, path).toBeGreaterThan(5);
      expect(description.length, path).toBeGreaterThan(40);
      expect(titles.get(title), `${path} repeats the title of ${titles.get(title)}`).toBeUndefined();
      expect(descriptions.get(description), `${path} repeats a description`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
      expect(tag(html, /<link rel="canonical" href="([^"]*)"/), path).toBe(`${baseUrl}${path}`);
      expect(metaName(html, "robots"), path).toBe("index, follow");
      expect(metaProperty(html, "og:image"), path).toBe(`${baseUrl}/og-image.png`);
      expect(metaName(html, "twitter:card"), path).toBe("summary_large_image");
    }
    // Without an AI provider (the run's shared server) the default title promises no AI.
    expect(titleOf((pages.get("/") as Page200).html)).toBe("CircleUp - Team Meeting Questions Generator");
    for (const path of [...NOINDEX_PAGES, "/no-such-page"]) {
      expect(metaName((pages.get(path) as Page200).html, "robots"), path).toBe("noindex, nofollow");
    }
  });

  it("describes pages with valid schema.org JSON-LD of the right types", () => {
    const typesOf = (path: string) => jsonLdBlocks((pages.get(path) as Page200).html).map(validateJsonLd);
    const expectTypes = (path: string, expected: SchemaOrgType[]) =>
      expect(typesOf(path).sort(), path).toEqual([...expected].sort());
    expectTypes("/", ["WebApplication", "FAQPage"]);
    for (const path of CATEGORY_PAGES) expectTypes(path, ["CollectionPage", "FAQPage", "BreadcrumbList"]);
    for (const path of articlePaths) expectTypes(path, ["Article", "BreadcrumbList"]);
    expectTypes("/articles", ["BreadcrumbList"]);
    // The home page's FAQ in the markup matches its structured data: eight questions.
    const home = (pages.get("/") as Page200).html;
    const faq = jsonLdBlocks(home).find((b) => (b as { "@type": string })["@type"] === "FAQPage") as {
      mainEntity: unknown[];
    };
    expect(faq.mainEntity).toHaveLength(8);
    expect(home.match(/<details/g)?.length).toBe(8);
    // No made-up ratings anywhere: pages show only real figures.
    for (const { html } of pages.values()) expect(html).not.toContain("aggregateRating");
  });

  it("lists every public page and article in /sitemap.xml and keeps private routes out in /robots.txt", async () => {
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual([...PUBLIC_PAGES, ...articlePaths].map((p) => `${baseUrl}${p}`).sort());
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    for (const path of ["/profile", "/saved-questions", "/admin", "/api/"])
      expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  it("gives every question a share page with its own preview image", async () => {
    const list = await (await fetch(`${baseUrl}/api/v1/questions?sort=popular&category=retrospectives`)).json();
    const question = list.items[0] as { id: string; question: string };
    const response = await fetch(`${baseUrl}/q/${question.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(metaProperty(html, "og:image")).toBe(`${baseUrl}/q/${question.id}/image.png`);
    expect(metaProperty(html, "og:image:alt")).toBe(question.question);
    expect(metaName(html, "description")).toContain(question.question);
    expect(tag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseUrl}/q/${question.id}`);
    expect(html).toContain("Related questions");
    const image = await fetch(`${baseUrl}/q/${question.id}/image.png`);
    expect(image.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    // Different questions, different pictures.
    const other = await fetch(`${baseUrl}/q/${(list.items[1] as { id: string }).id}/image.png`);
    expect(Buffer.from(await other.arrayBuffer()).equals(png)).toBe(false);
    for (const missing of ["/q/00000000-0000-4000-8000-000000000000", "/q/not-an-id", "/q/not-an-id/image.png"]) {
      expect((await fetch(`${baseUrl}${missing}`)).status, missing).toBe(404);
    }
  });

  it("serves the preview image as a 1200x630 PNG", async () => {
    const response = await fetch(`${baseUrl}/og-image.png`);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe.skipIf(!chromium)("every page in a browser", () => {
  let browser: Browser;
  let articlePaths: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(chromium!);
    articlePaths = await fetchArticlePaths();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string, width: number): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    return page;
  }

  it("has no accessibility violations and no sideways scroll on any public page or article", async () => {
    const failures: string[] = [];
    // Every page on a phone (mobile first); the desktop layout of each kind of page.
    const desktop = ["/", "/remote-teams", "/articles", articlePaths[0] ?? "/articles", "/pricing", "/contact"];
    const runs = [
      ...[...PUBLIC_PAGES, ...articlePaths].map((path) => ({ path, width: 375 })),
      ...desktop.map((path) => ({ path, width: 1280 })),
    ];
    for (const width of [375, 1280]) {
      const page = await open("/", width);
      for (const run of runs.filter((r) => r.width === width)) {
        await page.goto(run.path);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        for (const v of await axeViolations(page)) failures.push(`${run.path} @${width}: ${v}`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) failures.push(`${run.path} @${width}: scrolls sideways (${scrollWidth} px)`);
      }
      await page.context().close();
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("opens FAQ items independently, the first open to start with", async () => {
    const page = await open("/", 1280);
    const items = page.locator("#faq details");
    expect(await items.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open))).toEqual([
      true,
      ...Array(7).fill(false),
    ]);
    await items.nth(2).locator("summary").click();
    await items.nth(0).locator("summary").click();
    expect(await items.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open))).toEqual([
      false,
      false,
      true,
      ...Array(5).fill(false),
    ]);
    await page.context().close();
  });

  it("sends page views to our own server only after the cookie banner is accepted", async () => {
    const page = await open("/", 1280);
    const events: { name: string; page: string; path: string }[] = [];
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseUrl)) outside.push(request.url());
      if (request.url().endsWith("/api/v1/events")) events.push(request.postDataJSON());
    });
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await page.waitForURL(`${baseUrl}/about`);
    expect(events).toEqual([]);

    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => events.length).toBeGreaterThan(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    // The browser sends in order: once the privacy page's view is in, any view sent before the Accept
    // (of the home page or of /about) is in the list too, so the list is complete without waiting a while.
    await expect.poll(() => events.some((event) => event.page === "privacy-policy")).toBe(true);
    expect(events).toEqual([
      expect.objectContaining({ name: "page_view", page: "about", path: "/about" }),
      expect.objectContaining({ name: "page_view", page: "privacy-policy", path: "/privacy-policy" }),
    ]);
    expect(outside).toEqual([]);
    await page.context().close();
  });
});
