import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CATEGORIES, CATEGORY_SLUGS } from "~/shared/categories";
import { aiEnv, type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type FakeStripe, startFakeStripe, stripeEnv } from "../support/fake-stripe";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

/**
 * Every control does something and every label is true, read from the
 * server-rendered pages and the JSON API: on the run's shared server (no AI
 * provider, no Stripe keys), on one with an AI provider but no Stripe, and
 * on one with both.
 */
const baseUrl = inject("baseUrl");

const page = async (path: string, base = baseUrl) => {
  const response = await fetch(`${base}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The page's own content, without the site's header and footer. */
const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";

/** What a page says about itself: its words in the page's own content, its title, description and structured data. */
function wordsOf(html: string): string {
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "";
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? "";
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? "";
  const data = [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const text = (part: string) =>
    part
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ");
  const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
  return [title, description, ...data, text(mainOf(html)), text(footer)].join("\n");
}

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

/** Pages a visitor reads before deciding anything: none may promise what the server does not do. */
const VISITOR_PAGES = [
  "/",
  ...CATEGORY_SLUGS.map((slug) => `/${slug}`),
  "/pricing",
  "/sign-in",
  "/sign-up",
  "/support",
  "/about",
  "/how-to",
  "/questions",
  "/plan",
];

/** Every control and promise of AI the pages can show. */
const AI_PROMISES = /\bAI\b|AI-Powered|brand-new one with AI|\/studio/;

describe("without an AI provider or Stripe (the run's shared server)", () => {
  it("shows no AI control or promise on any page a visitor reads, and the headline names the job", async () => {
    for (const path of VISITOR_PAGES) {
      const html = await page(path);
      expect(wordsOf(html), path).not.toMatch(AI_PROMISES);
      expect(heroOf(html), path).not.toContain('type="checkbox"');
    }
    const home = await page("/");
    expect(home).toContain("<title>CircleUp - Team Meeting Questions Generator</title>");
    expect(heroOf(home)).toContain("Open Every Team Meeting with the Right Question");
  });

  it("offers no Premium anywhere: there is nothing to sell", async () => {
    for (const path of VISITOR_PAGES) expect(wordsOf(await page(path)), path).not.toMatch(/Premium/);
  });

  it("says nothing of AI limits: there is no AI to limit", async () => {
    for (const path of VISITOR_PAGES) expect(wordsOf(await page(path)), path).not.toMatch(/per 24 hours|per day/);
  });

  it("calls /pricing What's free, not Pricing, and hints at no paid plan: nothing has a price", async () => {
    const html = await page("/pricing");
    expect(html).toContain("<title>What&#x27;s free - CircleUp</title>");
    expect(html).toMatch(/<a[^>]*href="\/pricing"[^>]*>What&#x27;s free<\/a>/);
    expect(html).not.toMatch(/>Pricing</);
    expect(mainOf(html)).toContain("Free for everyone");
    expect(mainOf(html)).not.toContain("What stays free");
  });
});

/** The one sentence every page states the limits in, from the settings below. */
const QUOTA_WITHOUT_PREMIUM = "New AI questions per 24 hours: 7 without an account and 30 with a free account.";
const QUOTA_WITH_PREMIUM =
  "New AI questions per 24 hours: 7 without an account, 30 with a free account and unlimited with Premium.";
const QUOTA_PAGES = ["/", "/sign-in", "/sign-up", "/pricing", "/support"];
const LIMITS = { AI_QUOTA_ANONYMOUS: "7", AI_QUOTA_FREE: "30" };

/**
 * Checks that a page states the AI limits in the sentence, and in no other
 * words: once the sentence is taken out, nothing names a limit. The pricing
 * table's row of figures under the sentence's own words is its breakdown.
 */
function statesLimitsOnlyAs(html: string, sentence: string, path: string) {
  const words = wordsOf(html.replace(/<table[\s\S]*?<\/table>/g, ""));
  expect(words, path).toContain(sentence);
  expect(words.replaceAll(sentence, ""), path).not.toMatch(
    /per 24 hours|per day|per session|\b(7|30|10|25) (new )?AI questions|AI questions: \d/i,
  );
}

describe("with an AI provider but no Stripe", () => {
  let ai: FakeOpenAI;
  let server: RunningServer;
  const FREE = "free-host@example.com";

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    server = await startServer({ ...aiEnv(ai), ...LIMITS }, { members: [{ email: FREE, name: "Frida Free" }] });
  });
  afterAll(async () => {
    await server?.stop();
    await ai?.close();
  });

  const member = async () => {
    const http = new HttpClient(server.url);
    await signIn(http, FREE);
    return http;
  };

  it("offers the AI as today: the checkbox, the headline, the title", async () => {
    const home = await page("/", server.url);
    expect(home).toContain("<title>CircleUp - AI-Powered Team Meeting Questions Generator</title>");
    expect(heroOf(home)).toContain("AI-Powered Questions for Every Team Meeting");
    expect(heroOf(home)).toMatch(/<input type="checkbox"[^>]*>Write a brand-new one with AI/);
    expect(wordsOf(home)).toContain("AI question generation");
  });

  it("states the limits in one sentence, the same on every page that states them", async () => {
    for (const path of QUOTA_PAGES) statesLimitsOnlyAs(await page(path, server.url), QUOTA_WITHOUT_PREMIUM, path);
  });

  it("offers no Premium to a visitor or a free member: pricing says 'ask us' with a contact link", async () => {
    for (const path of QUOTA_PAGES)
      expect(wordsOf(await page(path, server.url)), path).not.toMatch(/Buy Premium|Get Premium|See plans|Premium adds/);
    const pricing = mainOf(await page("/pricing", server.url));
    expect(pricing).toContain("It is not sold online here");
    expect(pricing).toContain('<a href="/contact">contact us</a>');
    expect(pricing).not.toContain('<th scope="col">Premium</th>');

    // An account is offered to a visitor, never to a member, who has one.
    expect(pricing).toMatch(/<a[^>]*href="\/sign-up"[^>]*>Create a free account<\/a>/);
    const http = await member();
    const membersPricing = mainOf(await (await http.get("/pricing")).text());
    expect(membersPricing).toContain("What each plan includes");
    expect(membersPricing).not.toContain("Create a free account");
    expect(membersPricing).not.toContain('href="/sign-up"');
    const home = await (await http.get("/")).text();
    expect(home).not.toContain("What Premium adds");
    // The account menu offers neither billing nor a studio the member cannot use.
    expect(home).not.toMatch(/href="\/(studio|account\/billing)"/);
    expect(await (await http.get("/profile")).text()).not.toContain('href="/account/billing"');
    const studio = mainOf(await (await http.get("/studio")).text());
    expect(studio).toContain("Part of Premium");
    expect(studio).toMatch(/It is not sold online here\.[\s\S]*href="\/contact"/);
    expect(studio).not.toContain('href="/pricing"');
  });

  it("lets a member start a widened choice afresh: their history of it counts as unseen again", async () => {
    const http = await member();
    const draw = async () => (await (await http.postJson("/api/v1/generate-question", STANDUP_QUICK)).json()) as Served;
    // A member's served questions count as seen on the server, whatever the browser sends.
    const { exact, widened } = await drawUntilWidened(draw);
    expect(widened.relaxed).toEqual([{ field: "engagementLevel", asked: "quick", served: "standard" }]);
    const reset = await http.postJson("/api/v1/seen/reset", { ...STANDUP_QUICK, seenIds: [] });
    expect(await reset.json()).toEqual({ seenIds: [], forgotten: exact.length });
    const again = await draw();
    expect(again.relaxed).toBeUndefined();
    expect(exact).toContain(again.id);
    // Still in the member's history: nothing they were served was deleted.
    const exported = (await (await http.get("/profile/export")).json()) as {
      generationHistory: { questionId: string }[];
    };
    const history = exported.generationHistory.map((entry) => entry.questionId);
    expect(history).toEqual(expect.arrayContaining([...exact, widened.id]));
  });
});

describe("with an AI provider and Stripe", () => {
  let ai: FakeOpenAI;
  let stripe: FakeStripe;
  let server: RunningServer;

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    stripe = await startFakeStripe({ webhookSecret: "whsec_honestlabels" });
    server = await startServer({ ...aiEnv(ai), ...stripeEnv(stripe, "whsec_honestlabels"), ...LIMITS });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
    await ai?.close();
  });

  it("sells Premium as today, and names it in the same one sentence on every page", async () => {
    const pricing = await page("/pricing", server.url);
    expect(pricing).toContain("Sign up to buy Premium");
    expect(pricing).toContain('<th scope="col">Premium</th>');
    expect(pricing).toContain("<title>Pricing - CircleUp</title>");
    expect(pricing).toMatch(/<a[^>]*href="\/pricing"[^>]*>Pricing<\/a>/);
    expect(await page("/sign-up", server.url)).toContain("See plans and pricing");
    for (const path of QUOTA_PAGES) statesLimitsOnlyAs(await page(path, server.url), QUOTA_WITH_PREMIUM, path);
  });
});
