import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { recapToCsv, recapToMarkdown } from "~/domain/live/recap-export";
import type { RoundRecap } from "~/shared/live";
import { parseCsv } from "../support/csv";

type RecapQuestion = RoundRecap["questions"][number];
type RecapAnswer = RecapQuestion["answers"][number];

const said = (text: string, name: string | null = null): RecapAnswer => ({ text, choice: null, name });
const chose = (choice: number, name: string | null = null): RecapAnswer => ({ text: null, choice, name });

function recap(questions: Partial<RecapQuestion>[], fields: Partial<RoundRecap> = {}): RoundRecap {
  return {
    code: "ACDEFG",
    status: "ended",
    anonymous: false,
    createdAt: "2026-03-03T09:30:00.000Z",
    endedAt: "2026-03-03T10:00:00.000Z",
    participantCount: 4,
    questions: questions.map((q, position) => ({
      position,
      text: `Question ${position + 1}?`,
      mode: "text",
      options: [],
      answers: [],
      pulse: false,
      answeredCount: q.answers?.length ?? 0,
      passedCount: 0,
      ...q,
    })),
    ...fields,
  };
}

/** What a Markdown viewer makes of the file. */
const rendered = (markdown: string) => marked.parse(markdown, { async: false });

describe("a recap as CSV", () => {
  const round = recap([
    {
      text: "How are you arriving?",
      answers: [said('Tired, but "fine"', "Ada"), said("Calm", "Grace")],
      passedCount: 1,
    },
    { text: "Energy?", mode: "scale", options: ["Low", "Mid", "High"], answers: [chose(2, "Ada"), chose(0)] },
    { text: "Nobody answered this", answers: [] },
  ]);

  it("has one row per answer and one per question with its passes", () => {
    expect(parseCsv(recapToCsv(round))).toEqual([
      ["question", "answer", "name", "kind"],
      ["How are you arriving?", 'Tired, but "fine"', "Ada", "answer"],
      ["How are you arriving?", "Calm", "Grace", "answer"],
      ["How are you arriving?", "1", "", "passes"],
      ["Energy?", "High", "Ada", "answer"],
      ["Energy?", "Low", "", "answer"],
      ["Energy?", "0", "", "passes"],
      ["Nobody answered this", "0", "", "passes"],
    ]);
  });

  it("quotes as RFC 4180 says, with CRLF line ends", () => {
    const csv = recapToCsv(round);
    expect(csv.split("\r\n")[1]).toBe('How are you arriving?,"Tired, but ""fine""",Ada,answer');
    expect(csv.endsWith("\r\n")).toBe(true);
    const multiline = recapToCsv(recap([{ answers: [said("line one\nline two")] }]));
    expect(parseCsv(multiline)[1]?.[1]).toBe("line one\nline two");
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    const csv = recapToCsv(
      recap([
        {
          text: '=HYPERLINK("http://x")',
          answers: [said("=1+1", "@admin"), said("+cmd"), said("-2"), said("\tTab"), said("\rCR")],
        },
      ]),
    );
    const cells = parseCsv(csv).slice(1).flat();
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain("'=1+1");
    expect(cells).toContain("'@admin");
    expect(cells).toContain('\'=HYPERLINK("http://x")');
  });

  it("leaves names out of an anonymous round", () => {
    const anonymous = recapToCsv({ ...round, anonymous: true });
    expect(anonymous).not.toMatch(/Ada|Grace/);
    expect(parseCsv(anonymous)[1]).toEqual(["How are you arriving?", 'Tired, but "fine"', "", "answer"]);
  });
});

describe("a recap as Markdown", () => {
  it("has the round's date, and per question a heading, its counts and what was said", () => {
    const markdown = recapToMarkdown(
      recap([
        {
          text: "How are you arriving?",
          answers: [said("Tired", "Ada"), said("Calm")],
          answeredCount: 2,
          passedCount: 1,
        },
      ]),
    );
    expect(markdown).toBe(
      [
        "# Live round, 2026-03-03",
        "",
        "4 people joined.",
        "",
        "## 1. How are you arriving?",
        "",
        "2 answered, 1 passed",
        "",
        "- **Ada:** Tired",
        "- Calm",
        "",
      ].join("\n"),
    );
  });

  it("shows a scale's or a pick's counts per option as a table", () => {
    const markdown = recapToMarkdown(
      recap([
        { mode: "scale", options: ["Low", "Mid | Okay", "High"], answers: [chose(2), chose(2), chose(0), chose(1)] },
        { mode: "pick", options: ["Coffee", "Tea"], answers: [chose(1, "Ada")] },
      ]),
    );
    expect(markdown).toContain(
      [
        "| Answer | Count | Share |",
        "| --- | ---: | ---: |",
        "| Low | 1 | 25% |",
        "| Mid \\| Okay | 1 | 25% |",
        "| High | 2 | 50% |",
      ].join("\n"),
    );
    expect(markdown).toContain("| Coffee | 0 | 0% |\n| Tea | 1 | 100% |");
    expect(markdown).not.toContain("Ada");
    const html = rendered(markdown);
    expect(html).toContain("<td>Mid | Okay</td>");
  });

  it("lists one word's words with their counts, as the word cloud groups them", () => {
    const markdown = recapToMarkdown(
      recap([{ mode: "word", answers: [said("Tired!"), said("a bit tired"), said("calm"), said("the")] }]),
    );
    expect(markdown).toContain("4 answered, 0 passed\n\n- tired (2)\n- calm (1)\n");
  });

  it("shows members' HTML and links as text, never as markup or a link", () => {
    const markdown = recapToMarkdown(
      recap([
        {
          text: "What is <b>new</b>?",
          answers: [
            said("<script>alert(1)</script>", "<img src=x onerror=alert(2)>"),
            said("[Click me](javascript:alert(3))"),
            said("<javascript:alert(4)>"),
            said("# Not a heading"),
            said("1. not a list"),
          ],
        },
        { mode: "word", answers: [said("<script>")] },
        { mode: "pick", options: ["[x](javascript:alert(5))", "<i>b</i>"], answers: [] },
      ]),
    );
    expect(markdown).not.toMatch(/<script|<img|<b>|<i>/i);
    const html = rendered(markdown);
    expect(html).not.toMatch(/<script|<img|<a |<b>|<i>|<h1>Not|<ol/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("[Click me](javascript:alert(3))");
    expect(html).toContain("# Not a heading");
  });

  it("leaves names out of an anonymous round and says so", () => {
    const markdown = recapToMarkdown(
      recap([{ answers: [said("Tired", "Ada")] }], { anonymous: true, participantCount: 1 }),
    );
    expect(markdown).not.toContain("Ada");
    expect(markdown).toContain("1 person joined. Answers were anonymous.");
    expect(markdown).toContain("- Tired\n");
  });

  it("skips answers with no text and says only the counts for a question nobody answered", () => {
    const markdown = recapToMarkdown(recap([{ answers: [said("  ")], answeredCount: 1 }, { passedCount: 3 }]));
    expect(markdown).toContain(
      "## 1. Question 1?\n\n1 answered, 0 passed\n\n## 2. Question 2?\n\n0 answered, 3 passed\n",
    );
  });
});

describe("the pulse in a recap's files", () => {
  const pulse = (answers: RecapAnswer[], answeredCount = answers.length) =>
    recap([
      { text: "Energy?", mode: "scale", options: ["1", "2", "3", "4", "5"], pulse: true, answers, answeredCount },
    ]);

  it("names nobody, even when a name slipped into the recap", () => {
    const round = pulse([chose(0, "Zoe"), chose(2, "Yann"), chose(4, "Xia")]);
    const files = recapToCsv(round) + recapToMarkdown(round);
    expect(files).not.toMatch(/Zoe|Yann|Xia/);
    expect(parseCsv(recapToCsv(round)).map((row) => row[2])).toEqual(["name", "", "", "", ""]);
  });

  it("says its counts show from three answers instead of a table of two", () => {
    const markdown = recapToMarkdown(pulse([], 2));
    expect(markdown).toContain("Counts show from three answers");
    expect(markdown).not.toContain("| Answer | Count | Share |");
  });
});

describe("a recap where each person had their own question", () => {
  const round = recap([
    {
      text: "A question for each person",
      answers: [
        { ...said("Pancakes", "Ada"), question: "What would you cook for the team?" },
        { ...said("Lisbon"), question: "Where would you work from for a month?" },
      ],
      passedCount: 1,
    },
  ]);

  it("names each answer's own question in the CSV's question column", () => {
    expect(parseCsv(recapToCsv(round))).toEqual([
      ["question", "answer", "name", "kind"],
      ["What would you cook for the team?", "Pancakes", "Ada", "answer"],
      ["Where would you work from for a month?", "Lisbon", "", "answer"],
      ["A question for each person", "1", "", "passes"],
    ]);
  });

  it("lists each answer after its name and question in Markdown", () => {
    const markdown = recapToMarkdown(round);
    expect(markdown).toContain("- **Ada**, to “What would you cook for the team?”: Pancakes\n");
    expect(markdown).toContain("- To “Where would you work from for a month?”: Lisbon\n");
  });
});
