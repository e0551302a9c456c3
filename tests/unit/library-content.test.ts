import { describe, expect, it } from "vitest";
import { readLibrary } from "~/domain/questions/library.server";
import { CATEGORY_SLUGS } from "~/shared/categories";
import {
  ENGAGEMENT_LEVEL_VALUES,
  normalizeQuestionText,
  QUESTION_STYLE_VALUES,
  QUESTION_TYPES,
  typeForContext,
} from "~/shared/questions";

/**
 * Topics a library question must never push people to disclose in front of
 * colleagues: health, money, faith, politics, relationships, drink, death, age.
 * Matched on whole words of the normalised text.
 */
const DENY = [
  "trauma",
  "traumatic",
  "abuse",
  "illness",
  "sick",
  "diagnosis",
  "therapy",
  "therapist",
  "medication",
  "disease",
  "diet",
  "weight",
  "salary",
  "salaries",
  "debt",
  "income",
  "rent",
  "mortgage",
  "paycheck",
  "religion",
  "religious",
  "god",
  "church",
  "pray",
  "prayer",
  "politics",
  "political",
  "election",
  "vote for",
  "party you",
  "boyfriend",
  "girlfriend",
  "husband",
  "wife",
  "dating",
  "divorce",
  "sex",
  "sexual",
  "drunk",
  "alcohol",
  "beer",
  "wine",
  "cocktail",
  "drugs",
  "death",
  "died",
  "funeral",
  "grief",
  "your age",
  "how old",
  "pregnant",
  "pregnancy",
  "weapon",
  "gun",
  "kill",
];

const { files } = readLibrary();
const all = files.flatMap((file) => file.questions.map((q) => ({ ...q, category: file.category })));

describe("the curated question library", () => {
  it("holds at least 1,000 questions", () => {
    expect(all.length).toBeGreaterThanOrEqual(1000);
  });

  it("has a file for every category with at least 60 questions each", () => {
    for (const slug of CATEGORY_SLUGS) {
      expect(all.filter((q) => q.category === slug).length, slug).toBeGreaterThanOrEqual(60);
    }
  });

  it("covers every type x style x engagement cell with at least 15 questions", () => {
    const short: string[] = [];
    for (const type of QUESTION_TYPES)
      for (const style of QUESTION_STYLE_VALUES)
        for (const engagement of ENGAGEMENT_LEVEL_VALUES) {
          const n = all.filter(
            (q) => typeForContext(q.context) === type && q.style === style && q.engagement === engagement,
          ).length;
          if (n < 15) short.push(`${type}/${style}/${engagement}: ${n}`);
        }
    expect(short).toEqual([]);
  });

  it("has no duplicates once case, punctuation and whitespace are ignored", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const q of all) {
      const key = normalizeQuestionText(q.text);
      if (seen.has(key)) duplicates.push(`${q.text} (${q.category}) = ${seen.get(key)}`);
      else seen.set(key, q.category);
    }
    expect(duplicates).toEqual([]);
  });

  it("keeps every question one sane question: 20-200 characters, ending in a question mark", () => {
    const bad = all.filter(
      (q) => q.text.length < 20 || q.text.length > 200 || !q.text.trim().endsWith("?") || /\n/.test(q.text),
    );
    expect(bad.map((q) => q.text)).toEqual([]);
  });

  it("stays away from topics nobody should be pushed to disclose", () => {
    const hits = all.flatMap((q) => {
      const text = ` ${normalizeQuestionText(q.text)} `;
      return DENY.filter((word) => text.includes(` ${word} `)).map((word) => `${word}: ${q.text}`);
    });
    expect(hits).toEqual([]);
  });
});
