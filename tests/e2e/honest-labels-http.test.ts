import { describe, expect, inject, it } from "vitest";
import { CATEGORIES, CATEGORY_SLUGS } from "~/shared/categories";

/**
 * Every control does something and every label is true, read from the
 * server-rendered pages and the JSON API. The run's shared server has no AI
 * provider and no Stripe keys.
 */
const baseUrl = inject("baseUrl");

const page = async (path: string, base = baseUrl) => {
  const response = await fetch(`${base}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The page's own content, without the site's header and footer. */
const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";

/** The generator's first screen: the hero section that holds the title and the generator. */
const heroOf = (html: string) =>
  /<main[^>]*>\s*<section[\s\S]*?<h1[\s\S]*?id="generator-options"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

/** The value a server-rendered select shows: its selected option, or its first. */
function selectedIn(select: string): string | undefined {
  const options = [...select.matchAll(/<option value="([^"]*)"([^>]*)>/g)];
  return (options.find(([, , attributes]) => /\bselected\b/.test(attributes ?? "")) ?? options[0])?.[1];
}

/** The generator's depth select on a server-rendered page, with its label. */
function depthChoice(html: string): { label: string; value: string | undefined } {
  const match = /<label[^>]*>(Depth[^<]*(?:<!-- -->[^<]*)*)<\/label>[\s\S]*?(<select[\s\S]*?<\/select>)/.exec(html);
  return { label: (match?.[1] ?? "").replace(/<!-- -->/g, ""), value: selectedIn(match?.[2] ?? "") };
}

describe("controls that do something new", () => {
  it("puts no button on the home and category pages that only scrolls to what is already in view", async () => {
    for (const path of ["/", ...CATEGORY_SLUGS.map((slug) => `/${slug}`)]) {
      const html = await page(path);
      expect(heroOf(html), path).toContain("Generate Question");
      expect(mainOf(html), path).not.toMatch(/href="#/);
      expect(html, path).not.toContain("Try Advanced Generator");
    }
  });
});

describe("the depth each category page starts on", () => {
  it("is the depth its guide recommends, and the first question has it", async () => {
    const expected = { quick: "Depth · 30 s", standard: "Depth · 1-2 min", deep: "Depth · 3-5 min" } as const;
    for (const category of CATEGORIES) {
      const html = await page(`/${category.slug}`);
      expect(depthChoice(html), category.slug).toEqual({ label: expected[category.depth], value: category.depth });
      const card = /<article aria-label="Question"[\s\S]*?<\/article>/.exec(html)?.[0] ?? "";
      const label = { quick: "Quick", standard: "Standard", deep: "Deep" }[category.depth];
      expect(card, category.slug).toMatch(new RegExp(`<span title="[^"]*">${label}</span>`));
    }
    expect(CATEGORIES.find((c) => c.slug === "daily-standup")?.depth).toBe("quick");
    // The home page has no category: it starts on standard.
    expect(depthChoice(await page("/"))).toEqual({ label: "Depth · 1-2 min", value: "standard" });
  });
});
