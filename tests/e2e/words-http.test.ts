import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

/** The page's visible words, tags and React's text separators removed. */
function visibleText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html;
  return main
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

/** One description of the AI limits on every page that states them, from the server's settings. */
describe("the AI limits in words", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ AI_QUOTA_ANONYMOUS: "7", AI_QUOTA_FREE: "30" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const text = async (path: string) => visibleText(await (await fetch(`${server.url}${path}`)).text());

  it("states the configured limits the same way on the home page's FAQ, sign-in, sign-up, pricing and support", async () => {
    const sentence =
      "New AI questions: 7 per 24 hours without an account, 30 per day with a free account, unlimited with Premium.";
    expect(await text("/sign-in")).toContain(sentence);
    expect(await text("/support")).toContain(sentence);
    expect(await text("/")).toContain(sentence);
    expect(await text("/sign-up")).toContain("New AI questions with a free account: 30 per day.");
    const pricing = await text("/pricing");
    expect(pricing).toMatch(/New AI questions 7 per 24 hours 30 per day Unlimited/);
    for (const path of ["/", "/sign-in", "/sign-up", "/pricing", "/support"]) {
      const words = await text(path);
      expect(words, path).not.toMatch(/per session|10 per 24 hours|25 per day|25 (new )?AI questions/i);
    }
  });
});
