import { describe, expect, it } from "vitest";
import { seo } from "~/lib/seo";

const WITH_AI = { ai: true, premiumForSale: false };
const matches = [
  { id: "root", data: { appName: "CircleUp", publicUrl: "https://circleup.example", features: WITH_AI } },
];
const find = (tags: ReturnType<typeof seo>, key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("page metadata", () => {
  it("uses the default title on the home page", () => {
    const tags = seo(matches, { description: "d", path: "/" });
    expect(tags[0]).toEqual({ title: "CircleUp - AI-Powered Team Meeting Questions Generator" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://circleup.example/");
  });

  it("names AI in the default title only where an AI writes questions", () => {
    const withoutAi = [
      { id: "root", data: { appName: "CircleUp", publicUrl: "", features: { ...WITH_AI, ai: false } } },
    ];
    expect(seo(withoutAi, { description: "d", path: "/" })[0]).toEqual({
      title: "CircleUp - Team Meeting Questions Generator",
    });
    // A page whose root data is missing (an error page) promises nothing either.
    expect(seo([], { description: "d", path: "/" })[0]).toEqual({
      title: "CircleUp - Team Meeting Questions Generator",
    });
  });

  it("names the page and the product on other pages, with Open Graph and Twitter tags", () => {
    const tags = seo(matches, { title: "About", description: "Who we are", path: "/about" });
    expect(tags[0]).toEqual({ title: "About - CircleUp" });
    expect(find(tags, "property", "og:url")?.content).toBe("https://circleup.example/about");
    expect(find(tags, "property", "og:title")?.content).toBe("About - CircleUp");
    expect(find(tags, "name", "twitter:description")?.content).toBe("Who we are");
    expect(find(tags, "name", "robots")?.content).toBe("index, follow");
  });

  it("keeps private pages out of search engines", () => {
    const tags = seo(matches, { title: "Sign in", description: "d", path: "/sign-in", noindex: true });
    expect(find(tags, "name", "robots")?.content).toBe("noindex, nofollow");
  });

  it("follows a rebranded product name", () => {
    const rebranded = [
      { id: "root", data: { appName: "TeamTalk", publicUrl: "https://t.example", features: WITH_AI } },
    ];
    expect(seo(rebranded, { description: "d", path: "/" })[0]).toEqual({
      title: "TeamTalk - AI-Powered Team Meeting Questions Generator",
    });
  });
});
