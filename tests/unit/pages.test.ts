import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findPage, PAGE_SLUGS, readPages } from "~/domain/content/pages.server";
import type { SiteFeatures } from "~/shared/features";

const SERVERS: SiteFeatures[] = [
  { ai: false, premiumForSale: false },
  { ai: true, premiumForSale: false },
  { ai: true, premiumForSale: true },
];
const QUOTA = "New AI questions per 24 hours: 10 without an account and 25 with a free account.";

const PAGES = path.resolve("content/pages");

describe("the text pages in content/pages", () => {
  it("has a valid file for every page a route shows", () => {
    const pages = readPages();
    expect([...pages.keys()].sort()).toEqual([...PAGE_SLUGS].sort());
  });

  it("renders each page with its title, no second h1 and no placeholder or passage mark left, on every kind of server", () => {
    for (const features of SERVERS)
      for (const slug of PAGE_SLUGS) {
        const page = findPage(slug, { appName: "CircleUp", aiQuota: QUOTA }, features);
        expect(page.title, slug).not.toBe("");
        expect(page.html, slug).not.toContain("<h1");
        expect(`${page.title} ${page.lead ?? ""} ${page.html}`, slug).not.toMatch(/\{[\w ]+\}/);
      }
  });

  it("promises AI and sells Premium only on servers that do", () => {
    const [none, aiOnly, selling] = SERVERS as [SiteFeatures, SiteFeatures, SiteFeatures];
    const text = (slug: "pricing" | "about" | "support", features: SiteFeatures) => {
      const page = findPage(slug, { appName: "CircleUp", aiQuota: QUOTA }, features);
      return `${page.lead ?? ""} ${page.html}`;
    };
    for (const slug of ["pricing", "about", "support"] as const) expect(text(slug, none), slug).not.toMatch(/\bAI\b/);
    expect(text("pricing", none)).not.toContain("Premium");
    expect(text("pricing", aiOnly)).toContain("It is not sold online here");
    expect(text("pricing", aiOnly)).not.toMatch(/Stripe|free trial/);
    expect(text("pricing", selling)).toContain("paid monthly or yearly by card through Stripe");
    expect(text("support", aiOnly)).toContain(QUOTA);
  });

  it("fills in the app name, shown exactly as written", () => {
    const page = findPage("about", { appName: "Team *Talk* <b>" }, SERVERS[0] as SiteFeatures);
    expect(page.title).toBe("About Team *Talk* <b>");
    expect(page.html).toContain("That is the small habit Team *Talk* &lt;b&gt; exists to make easy.");
  });

  it("names the file when a placeholder has no value", () => {
    expect(() => findPage("about", {}, SERVERS[0] as SiteFeatures)).toThrow(
      /content\/pages\/about\.md: \{appName\} needs a value/,
    );
  });

  it("links only to pages that exist", () => {
    const known =
      /^\/(|ice-breaker-questions|remote-teams|daily-standup|team-building|retrospectives|one-on-ones|all-hands|how-to|about|contact|support|pricing|articles(\/[a-z0-9-]+)?|privacy-policy|terms-of-service|sign-in|sign-up|profile)$/;
    for (const slug of PAGE_SLUGS) {
      const html = findPage(slug, { appName: "CircleUp", aiQuota: QUOTA }, SERVERS[2] as SiteFeatures).html;
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href, slug).toMatch(known);
    }
  });
});

describe("reading a page folder", () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  function folderWith(file: string, markdown: string | null): string {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "pages-"));
    fs.cpSync(PAGES, folder, { recursive: true });
    if (markdown === null) fs.rmSync(path.join(folder, file));
    else fs.writeFileSync(path.join(folder, file), markdown);
    return folder;
  }

  it("names the file when the front matter is wrong, a page is missing or unknown", () => {
    expect(() => readPages(folderWith("support.md", "---\nlead: No title\n---\nText.\n"))).toThrow(
      /support\.md: title/,
    );
    expect(() => readPages(folderWith("pricing.md", null))).toThrow(/pricing\.md: missing/);
    expect(() => readPages(folderWith("careers.md", "---\ntitle: Careers\n---\nText.\n"))).toThrow(
      /careers\.md: no route shows this page/,
    );
  });

  it("names the file when a passage names an unknown feature or is left open", () => {
    expect(() => readPages(folderWith("about.md", "---\ntitle: About\n---\n{if teams}Teams.{end}\n"))).toThrow(
      /about\.md: unknown feature \{if teams\}/,
    );
    expect(() => readPages(folderWith("about.md", "---\ntitle: About\n---\n{if ai}AI.\n"))).toThrow(
      /about\.md: \{if ai\} without its/,
    );
  });

  it("names the file and the placeholder when a placeholder is unknown", () => {
    expect(() => readPages(folderWith("how-to.md", "---\ntitle: How\n---\nWrite to {contactEmail}.\n"))).toThrow(
      /how-to\.md: unknown placeholder \{contactEmail\}/,
    );
  });
});
