import { describe, expect, it } from "vitest";
import { findArticle, listArticles, readArticles } from "~/domain/content/articles.server";

describe("the articles in content/articles", () => {
  const articles = readArticles();

  it("has at least four valid articles, the two the footer links among them", () => {
    expect(articles.length).toBeGreaterThanOrEqual(4);
    const slugs = articles.map((a) => a.slug);
    expect(slugs).toContain("team-communication-best-practices");
    expect(slugs).toContain("remote-team-management-strategies");
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
  });

  it("renders headings with ids for the contents list, and no second h1", () => {
    for (const article of articles) {
      expect(article.headings.length, article.slug).toBeGreaterThanOrEqual(3);
      for (const heading of article.headings) {
        expect(article.html).toContain(`id="${heading.id}"`);
        // The contents list shows text, not markup: "everyone's", never "everyone&#39;s".
        expect(heading.text, article.slug).not.toMatch(/[<>]|&[#a-z0-9]+;/);
      }
      expect(article.html, article.slug).not.toContain("<h1");
      expect(article.readingMinutes, article.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it("names related articles that exist, and always offers three", () => {
    const slugs = new Set(articles.map((a) => a.slug));
    for (const article of articles) {
      for (const related of article.relatedSlugs)
        expect(slugs.has(related), `${article.slug} -> ${related}`).toBe(true);
      const found = findArticle(article.slug);
      expect(found?.related.map((r) => r.slug)).not.toContain(article.slug);
      expect(found?.related).toHaveLength(Math.min(3, articles.length - 1));
    }
    expect(findArticle("no-such-article")).toBeNull();
  });

  it("lists the newest first", () => {
    const dates = listArticles().map((a) => a.published);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("links only to pages that exist", () => {
    const internal = articles.flatMap((a) => [...a.html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1] as string));
    const known =
      /^\/(|ice-breaker-questions|remote-teams|daily-standup|team-building|retrospectives|one-on-ones|all-hands|how-to|about|contact|support|pricing|articles(\/[a-z0-9-]+)?)$/;
    for (const href of internal) expect(href).toMatch(known);
    const articleLinks = internal.filter((h) => h.startsWith("/articles/")).map((h) => h.slice("/articles/".length));
    for (const slug of articleLinks)
      expect(
        articles.some((a) => a.slug === slug),
        slug,
      ).toBe(true);
  });
});
