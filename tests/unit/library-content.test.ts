import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { readLibrary } from "~/domain/questions/library.server";
import {
  auditedQuestions,
  cellKey,
  cells,
  choiceCounts,
  choiceKey,
  deniedPhrases,
  LIBRARY_RULES,
  median,
  otherFormatShare,
  overusedOpenings,
  shortCells,
  startingCells,
  unofferedLabels,
} from "~/domain/questions/library-audit";
import { parseReviewList, reviewProblems } from "~/domain/questions/library-review";
import {
  isInstruction,
  overusedFrames,
  questionParts,
  questionProblems,
  stockFrames,
} from "~/domain/questions/library-rules";
import { findNearDuplicates, NEAR_DUPLICATE_SIMILARITY, pairSimilarities } from "~/domain/questions/near-duplicates";
import { CATEGORY_SLUGS } from "~/shared/categories";
import { meetingNamedIn } from "~/shared/meeting-kinds";
import { normalizeQuestionText, OFFERED_CHOICES } from "~/shared/questions";

const { files } = readLibrary();
const all = files.flatMap(auditedQuestions);
const texts = all.map((q) => q.text);

describe("the curated question library", () => {
  it("holds at least 4,250 questions", () => {
    expect(all.length).toBeGreaterThanOrEqual(4250);
  });

  it("gives every choice the home page offers at least 40 fitting questions", () => {
    const thin = choiceCounts(all)
      .filter((c) => c.count < LIBRARY_RULES.perChoiceOverall)
      .map((c) => `${choiceKey(c.choice)}: ${c.count}`);
    expect(OFFERED_CHOICES).toHaveLength(68);
    expect(thin).toEqual([]);
  });

  it("gives every category at least 450 questions and every choice on its page at least 5 of its own", () => {
    const short: string[] = [];
    for (const slug of CATEGORY_SLUGS) {
      const members = all.filter((q) => q.categories.includes(slug));
      if (members.length < LIBRARY_RULES.perCategory) short.push(`${slug}: ${members.length} questions`);
      for (const { choice, count } of choiceCounts(all, slug))
        if (count < LIBRARY_RULES.perChoicePerCategory) short.push(`${slug} ${choiceKey(choice)}: ${count}`);
    }
    expect(short).toEqual([]);
  });

  const allCells = cells(all);

  it("holds every cell to 10 questions and each page's starting choice to 30", () => {
    const short = [
      ...shortCells(allCells).map((c) => `${cellKey(c)}: ${c.count}`),
      ...startingCells(allCells)
        .filter((c) => c.count < LIBRARY_RULES.startingChoice)
        .map((c) => `starting choice ${cellKey(c)}: ${c.count}`),
    ];
    expect(short).toEqual([]);
  });

  it("keeps the median cell at 12", () => {
    expect(median(allCells.map((cell) => cell.count))).toBeGreaterThanOrEqual(LIBRARY_RULES.medianCell);
  });

  it("tells no more than 25 questions through one stock frame", () => {
    expect(stockFrames(texts).filter((f) => f.count > LIBRARY_RULES.perFrame)).toEqual([]);
  });

  it("labels nothing with a choice the generator does not offer (no deep energizers)", () => {
    expect(unofferedLabels(all).map((q) => q.text)).toEqual([]);
  });

  it("asks at least 15% of its questions in another form than an open question", () => {
    expect(otherFormatShare(all)).toBeGreaterThanOrEqual(LIBRARY_RULES.otherFormatsShare);
  });

  it("opens no more than 2% of its questions with the same four words", () => {
    expect(overusedOpenings(texts)).toEqual([]);
  });

  it("has no duplicates once case, punctuation and whitespace are ignored", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const q of all) {
      const key = normalizeQuestionText(q.text);
      if (seen.has(key)) duplicates.push(`${q.text} (${q.file}) = ${seen.get(key)}`);
      else seen.set(key, q.file);
    }
    expect(duplicates).toEqual([]);
  });

  it("has no near-duplicates: no two questions ask the same thing in other words", () => {
    const pairs = findNearDuplicates(texts).map(({ a, b }) => `${texts[a]} ~ ${texts[b]}`);
    expect(pairs).toEqual([]);
  });

  it("keeps every question 20-200 characters on one line", () => {
    const bad = all.filter((q) => q.text.length < 20 || q.text.length > 200 || /\n/.test(q.text));
    expect(bad.map((q) => q.text)).toEqual([]);
  });

  it("keeps every question to the writing rules: its end mark, one thing, its word budget, a chain only where one works, short energizers, no meeting named outside its own category, nothing presumed, the days it does not fit declared, sprint words only where there are sprints", () => {
    const broken = all.flatMap((q) => questionProblems(q).map(({ rule }) => `${rule} [${q.file}] ${q.text}`));
    expect(broken).toEqual([]);
  });

  it("uses no stock frame beyond its share, in the library and in each file", () => {
    const over = [
      ...overusedFrames(texts).map((f) => `library: ${f.frame} ${f.count} > ${f.cap}`),
      ...files.flatMap((file) =>
        overusedFrames(file.questions.map((q) => q.text)).map(
          (f) => `${file.category}: ${f.frame} ${f.count} > ${f.cap}`,
        ),
      ),
    ];
    expect(over).toEqual([]);
  });

  it("keeps the content review's rules: 120 lines, each verdict from a named reader who did not write the line, a line fixed after a no passed only by a second reader", () => {
    const review = parseReviewList(fs.readFileSync("docs/content-review.md", "utf8"));
    expect(review.lines).toHaveLength(120);
    expect(reviewProblems(review.lines)).toEqual([]);
  });

  it("never presses for secrets, health, family, money or beliefs, ranks colleagues or assumes a home or a commute", () => {
    const hits = all.flatMap((q) => deniedPhrases(q.text).map((phrase) => `${phrase}: ${q.text}`));
    expect(hits).toEqual([]);
  });
});

describe("the content checks themselves", () => {
  it("catch a phrase, not only a word", () => {
    expect(deniedPhrases("What is something you have not told anyone yet?")).toContain("not told anyone");
    expect(deniedPhrases("How long is your commute today?")).toContain("your commute");
    expect(deniedPhrases("Who on the team is the funniest?")).toContain("who on the team is");
    expect(deniedPhrases("What is the current state of your task?")).toEqual([]);
  });

  it("find two wordings of the same question, even in other words", () => {
    const pairs = findNearDuplicates([
      "What did you learn this sprint?",
      "What did you learn during this sprint?",
      "Which tool would you rename, and to what?",
      "What is the oddest request you have ever had at work?",
      "What is the strangest request you have had at work?",
    ]);
    expect(pairs.map(({ a, b }) => [a, b]).sort()).toEqual([
      [0, 1],
      [3, 4],
    ]);
  });

  it("tell rewordings from similar questions on the pairs marked by hand", () => {
    const marked = JSON.parse(fs.readFileSync("tests/unit/fixtures/near-duplicates.json", "utf8")) as {
      same: [string, string][];
      different: [string, string][];
    };
    expect(marked.same.length).toBeGreaterThanOrEqual(40);
    expect(marked.different.length).toBeGreaterThanOrEqual(40);
    const caught = (pairs: [string, string][]) =>
      pairSimilarities(texts, pairs).filter((s) => s >= NEAR_DUPLICATE_SIMILARITY).length;
    const truePositives = caught(marked.same);
    const falsePositives = caught(marked.different);
    expect(truePositives / marked.same.length).toBeGreaterThanOrEqual(0.75);
    expect(truePositives / (truePositives + falsePositives)).toBeGreaterThanOrEqual(0.85);
  });

  it("tell an instruction from a question, and count what a question asks", () => {
    expect(isInstruction("Show us the oldest sticky note on your desk.")).toBe(true);
    expect(isInstruction("Think of your last project: what would you change?")).toBe(false);
    expect(isInstruction("What would you change?")).toBe(false);
    expect(questionParts("If this sprint were a meal, what would it be?")).toHaveLength(1);
    expect(questionParts("What went well, and why?")).toEqual(["What went well", "why"]);
    const filed = (text: string, extra: Partial<(typeof all)[number]> = {}) => ({
      text,
      context: "check-in" as const,
      style: "playful" as const,
      engagement: "standard" as const,
      format: "open" as const,
      file: "team-building" as const,
      categories: ["team-building" as const],
      ...extra,
    });
    const rules = (text: string, extra?: Partial<(typeof all)[number]>) =>
      questionProblems(filed(text, extra)).map((p) => p.rule);
    expect(rules("Show us the oldest sticky note within reach?")).toEqual(["instruction-ends-with-full-stop"]);
    expect(
      rules("If your week were a garden, what is growing, what needs water and what has got overgrown?"),
    ).toContain("one-thing");
    expect(rules("What went well this week, and why?")).toEqual([]);
    expect(rules("Which message makes your heart sink: 'Quick question?' or 'Per my last email'?")).toEqual([]);
    expect(rules("Which game can we play in under five minutes?", { context: "energizer" })).toContain(
      "energizer-over-two-minutes",
    );
    expect(rules("What did you realise today about what you are capable of?", { context: "check-out" })).toContain(
      "presumes-an-event",
    );
    expect(rules("What would you change about this retro?")).toContain("meeting-named-elsewhere");
    expect(rules("Which tool at www.example.com do you use most?")).toContain("shown-text");
    expect(rules("Which tool do you use\u200B most?")).toContain("shown-text");
    expect(
      rules("Who should answer next?", { format: "chain", file: "one-on-ones", categories: ["one-on-ones"] }),
    ).toContain("no-chain-here");
  });

  it("know the meetings a question names, and not a verb or an idiom", () => {
    expect(meetingNamedIn("What would make our next retro better?")).toBe("retrospectives");
    expect(meetingNamedIn("What will you have done by our next one-on-one?")).toBe("one-on-ones");
    expect(meetingNamedIn("What did this week's sync show you?")).toBe("daily-standup");
    expect(meetingNamedIn("How in sync do you feel with the team?")).toBeNull();
    expect(meetingNamedIn("Who do you need to sync with today?")).toBeNull();
    expect(meetingNamedIn("From calm seas to all hands on deck, how busy are you?")).toBeNull();
  });

  it("cap an opening used by more than 2%", () => {
    const many = Array.from({ length: 100 }, (_, i) => `Question number ${i} about something else entirely?`);
    expect(overusedOpenings(["What is one thing a?", "What is one thing b?", "What is one thing c?", ...many])).toEqual(
      [{ opening: "what is one thing", count: 3 }],
    );
  });
});
