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

type Served = {
  id: string;
  meetingContext: string;
  questionStyle: string;
  engagementLevel: string;
  widened?: string;
  relaxed?: { field: string; asked: string; served: string | null }[];
};

const postJson = (path: string, body: unknown, base = baseUrl, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** The stand-up page's own quick, reflective check-ins, drawn until the generator widens the choice. */
const STANDUP_QUICK = {
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "quick",
  categorySlug: "daily-standup",
};

async function drawUntilWidened(
  draw: (seenIds: string[]) => Promise<Served>,
): Promise<{ exact: string[]; widened: Served }> {
  const exact: string[] = [];
  for (let i = 0; i < 80; i++) {
    const served = await draw(exact);
    if (served.relaxed) return { exact, widened: served };
    expect(served).toMatchObject({ meetingContext: "check-in", questionStyle: "reflective", engagementLevel: "quick" });
    exact.push(served.id);
  }
  throw new Error("The generator never widened the choice");
}

describe("a draw from a widened choice", () => {
  it("names what was relaxed in the API and in words, and a fresh start serves the exact choice again", async () => {
    const draw = async (seenIds: string[]) =>
      (await (await postJson("/api/v1/generate-question", { ...STANDUP_QUICK, seenIds })).json()) as Served;
    const { exact, widened } = await drawUntilWidened(draw);
    expect(exact.length).toBeGreaterThan(3);
    // Quick has one neighbouring depth.
    expect(widened).toMatchObject({
      meetingContext: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
    });
    expect(widened.relaxed).toEqual([{ field: "engagementLevel", asked: "quick", served: "standard" }]);
    expect(widened.widened).toBe("No more Quick questions for this choice: here is a Standard one.");

    const seenIds = [...exact, widened.id];
    const reset = await postJson("/api/v1/seen/reset", { ...STANDUP_QUICK, seenIds });
    expect(reset.status).toBe(200);
    // The widened question is of another choice: it stays seen.
    expect(await reset.json()).toEqual({ seenIds: [widened.id], forgotten: exact.length });
    const again = await draw([widened.id]);
    expect(again.relaxed).toBeUndefined();
    expect(again.widened).toBeUndefined();
    expect(exact).toContain(again.id);
  });

  it("refuses a fresh start for a choice that does not exist, naming the field", async () => {
    const response = await postJson("/api/v1/seen/reset", { ...STANDUP_QUICK, engagementLevel: "endless" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("engagementLevel must be one of quick, standard, deep");
    const wrongCategory = await postJson("/api/v1/seen/reset", { ...STANDUP_QUICK, categorySlug: "board-meetings" });
    expect(wrongCategory.status).toBe(400);
    expect((await wrongCategory.json()).error).toMatch(/^categorySlug must be one of/);
  });
});
