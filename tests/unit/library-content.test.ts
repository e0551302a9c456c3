import { describe, expect, it } from "vitest";
import { readLibrary } from "~/domain/questions/library.server";
import {
  auditedQuestions,
  choiceCounts,
  choiceKey,
  deniedPhrases,
  findNearDuplicates,
  LIBRARY_RULES,
  otherFormatShare,
  overusedOpenings,
  unofferedLabels,
} from "~/domain/questions/library-audit";
import { CATEGORY_SLUGS } from "~/shared/categories";
import { normalizeQuestionText, OFFERED_CHOICES } from "~/shared/questions";

const { files } = readLibrary();
const all = files.flatMap(auditedQuestions);
const texts = all.map((q) => q.text);

describe("the curated question library", () => {
  it("holds at least 3,000 questions", () => {
    expect(all.length).toBeGreaterThanOrEqual(3000);
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

  it("has no near-duplicates: no two questions share most of their content words", () => {
    const pairs = findNearDuplicates(texts).map(({ a, b }) => `${texts[a]} ~ ${texts[b]}`);
    expect(pairs).toEqual([]);
  });

  it("keeps every question one sane question: 20-200 characters, ending in a question mark", () => {
    const bad = all.filter(
      (q) => q.text.length < 20 || q.text.length > 200 || !q.text.trim().endsWith("?") || /\n/.test(q.text),
    );
    expect(bad.map((q) => q.text)).toEqual([]);
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

  it("find two wordings of the same question", () => {
    const pairs = findNearDuplicates([
      "What did you learn this sprint?",
      "What did you learn during this sprint?",
      "Which tool would you rename, and to what?",
    ]);
    expect(pairs.map(({ a, b }) => [a, b])).toEqual([[0, 1]]);
  });

  it("cap an opening used by more than 2%", () => {
    const many = Array.from({ length: 100 }, (_, i) => `Question number ${i} about something else entirely?`);
    expect(overusedOpenings(["What is one thing a?", "What is one thing b?", "What is one thing c?", ...many])).toEqual(
      [{ opening: "what is one thing", count: 3 }],
    );
  });
});
