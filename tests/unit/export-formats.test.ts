import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { type ExportRow, markdownText, toMarkdown } from "~/domain/community/export-formats";

const row = (question: string, type = "check-in"): ExportRow => ({
  question,
  type,
  questionStyle: "playful",
  engagementLevel: "quick",
  categorySlug: null,
  savedAt: "2026-01-01T00:00:00.000Z",
});

/** What a Markdown viewer makes of the file. */
const rendered = (markdown: string) => marked.parse(markdown, { async: false });

describe("a Markdown export", () => {
  it("shows HTML in a plan's title and questions as text, never as markup", () => {
    const markdown = toMarkdown(
      [
        row("<script>alert(1)</script> What is your focus today?"),
        row('Which <img src="x" onerror="alert(2)"> picture is you?', "energizer"),
      ],
      "CircleUp",
      { title: "Standup <script>alert(3)</script>", inOrder: true },
    );
    expect(markdown).not.toMatch(/<script|<img/i);
    const html = rendered(markdown);
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("Standup &lt;script&gt;alert(3)&lt;/script&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; What is your focus today?");
  });

  it("turns no link syntax from members' text into a link or image", () => {
    const html = rendered(
      toMarkdown(
        [
          row("[Click for a bonus question](javascript:alert(1))?"),
          row("![pic](javascript:alert(2)) or <javascript:alert(3)>?"),
          row("Which one?\n\n[x]: javascript:alert(4)\n\nDid you see [x]?"),
        ],
        "CircleUp",
        { title: "[Plan](javascript:alert(5))" },
      ),
    );
    expect(html).not.toMatch(/<a\b|<img\b|href=/i);
    expect(html).toContain("[Click for a bonus question](javascript:alert(1))?");
  });

  it("starts no heading, list or quote from the start of a member's text", () => {
    const html = rendered(
      toMarkdown(
        [row("# Big news: what changed for you?"), row("- or + which one?"), row("1. What comes first?")],
        "CircleUp",
        { title: "Retro #" },
      ),
    );
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain("<h1>Retro #</h1>");
    expect(html.match(/<(ul|ol)\b/g)).toHaveLength(1);
    expect(html).not.toMatch(/<blockquote|<hr/);
    expect(html).toContain("# Big news: what changed for you?");
    expect(html).toContain("1. What comes first?");
  });

  it("keeps ordinary questions readable as they are", () => {
    for (const text of [
      "What's one thing you'd change about this week, and why?",
      'What made you smile, "today"?',
      "Q&A or R&D: which one energises you more?",
      "Which 3 words describe your week?",
    ]) {
      expect(markdownText(text)).toBe(text);
    }
    const markdown = toMarkdown([row("What's one small win, and who helped?")], "CircleUp");
    expect(markdown).toContain("- What's one small win, and who helped? _(playful, quick)_");
  });

  it("shows what a member typed, entities and backslashes included", () => {
    const html = rendered(toMarkdown([row("Is &lt;b&gt; a tag, and is \\* a star?")], "CircleUp"));
    expect(html).toContain("Is &amp;lt;b&amp;gt; a tag, and is \\* a star?");
  });
});
