import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { categoryGuide, homeFaq, readGuides } from "~/domain/content/guides.server";
import { CATEGORY_SLUGS, findCategory } from "~/shared/categories";
import type { SiteFeatures } from "~/shared/features";

const WITH_AI: SiteFeatures = { ai: true, premiumForSale: true };
const WITHOUT_AI: SiteFeatures = { ai: false, premiumForSale: false };

const GUIDES = path.resolve("content/guides");

describe("the guides in content/guides", () => {
  const guides = readGuides();

  it("has a complete guide for every category", () => {
    expect(Object.keys(guides.categories).sort()).toEqual([...CATEGORY_SLUGS].sort());
    for (const slug of CATEGORY_SLUGS) {
      const guide = categoryGuide(slug, WITH_AI);
      expect(guide.intro.length, slug).toBeGreaterThanOrEqual(1);
      expect(guide.advice.length, slug).toBeGreaterThanOrEqual(3);
      expect(guide.examples.length, slug).toBeGreaterThanOrEqual(3);
      expect(guide.faq.length, slug).toBeGreaterThanOrEqual(3);
      expect(new Set(guide.faq.map((f) => f.question)).size, slug).toBe(guide.faq.length);
    }
  });

  it("recommends in its own words the depth its category page starts on", () => {
    for (const slug of CATEGORY_SLUGS) {
      const guide = categoryGuide(slug, WITH_AI);
      const words = [...guide.intro, ...guide.advice.map((a) => a.text), ...guide.faq.map((f) => f.answer)].join(" ");
      expect(words, slug).toMatch(new RegExp(`\\b${findCategory(slug)?.depth} engagement`, "i"));
    }
  });

  it("gives the home page eight FAQ items whose links go to pages that exist", () => {
    const faq = homeFaq("New AI questions per 24 hours: 7 without an account.", WITH_AI);
    expect(faq).toHaveLength(8);
    // The limits come from the settings, in the words every page uses.
    expect(faq.map((item) => item.answer).join("\n")).toContain("New AI questions per 24 hours: 7 without an account.");
    expect(faq.map((item) => item.answer).join("\n")).not.toContain("{aiQuota}");
    for (const item of faq) if (item.link) expect(item.link.to).toMatch(/^\/(how-to|contact|pricing|support|about)$/);
    expect(faq.filter((item) => item.link).map((item) => item.link?.label)).toEqual([
      "Read the how-to guide",
      "Contact us",
    ]);
  });

  it("speaks of AI in the home page's answers only where an AI writes questions", () => {
    const answers = (features: SiteFeatures, quota: string | null) =>
      homeFaq(quota, features)
        .map((item) => item.answer)
        .join("\n");
    const withAi = answers(WITH_AI, "New AI questions per 24 hours: 7 without an account.");
    expect(withAi).toContain("When you ask for a question fresh from AI, the AI writes a new one for your settings.");
    expect(withAi).toContain("Yes. Library questions are unlimited for everyone. New AI questions per 24 hours: 7");
    const withoutAi = answers(WITHOUT_AI, null);
    expect(withoutAi).not.toMatch(/\bAI\b|\{/);
    expect(withoutAi).toContain("They come from our library, which we write and review ourselves");
    expect(withoutAi).toContain("Yes. Library questions are unlimited for everyone.\n");
  });

  it("keeps the texts plain, one line each, with no Markdown left in them", () => {
    const texts = [
      ...Object.values(guides.categories).flatMap((g) => [
        ...g.intro,
        ...g.advice.flatMap((a) => [a.title, a.text]),
        ...g.examples,
        ...g.faq.flatMap((f) => [f.question, f.answer]),
      ]),
      ...guides.homeFaq.flatMap((f) => [f.question, f.answer]),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/[*_`<>[\]\n]|^#/);
      expect(text).toBe(text.trim());
    }
  });
});

describe("reading a guide folder", () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A copy of the real guides with one file replaced (or removed, with null). */
  function folderWith(file: string, markdown: string | null): string {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "guides-"));
    fs.cpSync(GUIDES, folder, { recursive: true });
    if (markdown === null) fs.rmSync(path.join(folder, file));
    else fs.writeFileSync(path.join(folder, file), markdown);
    return folder;
  }

  const complete =
    "## Intro\n\nWhy.\n\n## Advice\n\n### Tip\n\nDo it.\n\n## Examples\n\n- One?\n\n## FAQ\n\n### Q?\n\nA.\n";

  it("accepts a complete guide", () => {
    const guides = readGuides(folderWith("all-hands.md", complete));
    expect(guides.categories["all-hands"]).toEqual({
      intro: ["Why."],
      advice: [{ title: "Tip", text: "Do it." }],
      examples: ["One?"],
      faq: [{ question: "Q?", answer: "A." }],
    });
  });

  it("names the file when a section is missing", () => {
    const markdown = complete.replace(/## FAQ[\s\S]*/, "");
    expect(() => readGuides(folderWith("remote-teams.md", markdown))).toThrow(/remote-teams\.md: faq/);
  });

  it("names the file when a category has no guide, or a guide no category", () => {
    expect(() => readGuides(folderWith("one-on-ones.md", null))).toThrow(/one-on-ones\.md: missing/);
    expect(() => readGuides(folderWith("standups.md", complete))).toThrow(/standups\.md: no category has this slug/);
  });

  it("refuses formatting the pages would show as raw text, and unknown sections", () => {
    expect(() => readGuides(folderWith("retrospectives.md", complete.replace("Do it.", "Do **it**.")))).toThrow(
      /retrospectives\.md: plain text only, found strong/,
    );
    expect(() => readGuides(folderWith("retrospectives.md", complete.replace("## Intro", "## Why")))).toThrow(
      /retrospectives\.md: unknown section "## Why"/,
    );
    expect(() =>
      readGuides(folderWith("retrospectives.md", complete.replace("Do it.", "Do it.\n\nAnd more."))),
    ).toThrow(/advice "Tip" needs exactly one paragraph/);
  });

  it("reads a link paragraph after an FAQ answer, and refuses anything else there", () => {
    const withLink = complete.replace("A.\n", "A.\n\n[Contact us](/contact)\n");
    expect(readGuides(folderWith("all-hands.md", withLink)).categories["all-hands"].faq).toEqual([
      { question: "Q?", answer: "A.", link: { to: "/contact", label: "Contact us" } },
    ]);
    const withText = complete.replace("A.\n", "A.\n\nMore text.\n");
    expect(() => readGuides(folderWith("all-hands.md", withText))).toThrow(/may only hold a link/);
  });
});
