import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findPage, PAGE_SLUGS, readPages } from "~/domain/content/pages.server";

const PAGES = path.resolve("content/pages");

describe("the text pages in content/pages", () => {
  it("has a valid file for every page a route shows", () => {
    const pages = readPages();
    expect([...pages.keys()].sort()).toEqual([...PAGE_SLUGS].sort());
  });

  it("renders each page with its title, no second h1 and no placeholder left", () => {
    for (const slug of PAGE_SLUGS) {
      const page = findPage(slug, { appName: "CircleUp", aiQuota: "New AI questions: 10 per 24 hours." });
      expect(page.title, slug).not.toBe("");
      expect(page.html, slug).not.toContain("<h1");
      expect(`${page.title} ${page.lead ?? ""} ${page.html}`, slug).not.toMatch(/\{\w+\}/);
    }
  });

  it("fills in the app name, shown exactly as written", () => {
    const page = findPage("about", { appName: "Team *Talk* <b>" });
    expect(page.title).toBe("About Team *Talk* <b>");
    expect(page.html).toContain("That is the small habit Team *Talk* &lt;b&gt; exists to make easy.");
  });

  it("names the file when a placeholder has no value", () => {
    expect(() => findPage("about")).toThrow(/content\/pages\/about\.md: \{appName\} needs a value/);
  });

  it("links only to pages that exist", () => {
    const known =
      /^\/(|ice-breaker-questions|remote-teams|daily-standup|team-building|retrospectives|one-on-ones|all-hands|how-to|about|contact|support|pricing|articles(\/[a-z0-9-]+)?|privacy-policy|terms-of-service|sign-in|sign-up|profile)$/;
    for (const slug of PAGE_SLUGS) {
      const html = findPage(slug, { appName: "CircleUp", aiQuota: "New AI questions: 10 per 24 hours." }).html;
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

  it("names the file and the placeholder when a placeholder is unknown", () => {
    expect(() => readPages(folderWith("how-to.md", "---\ntitle: How\n---\nWrite to {contactEmail}.\n"))).toThrow(
      /how-to\.md: unknown placeholder \{contactEmail\}/,
    );
  });
});
