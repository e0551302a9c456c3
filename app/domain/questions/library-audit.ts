import { CATEGORY_SLUGS, type CategorySlug, firstChoice } from "~/shared/categories";
import { fitsDay, type NotWhen, WEEKDAY_NAMES, type Weekday } from "~/shared/meeting-day";
import {
  type EngagementLevel,
  type MeetingContext,
  normalizeQuestionText,
  OFFERED_CHOICES,
  type QuestionChoice,
  type QuestionFormat,
  type QuestionStyle,
} from "~/shared/questions";
import type { LibraryFile } from "./library-file";

/** A library question as the audit sees it: its labels and every category it belongs to. */
export type AuditedQuestion = {
  text: string;
  context: MeetingContext;
  style: QuestionStyle;
  engagement: EngagementLevel;
  format: QuestionFormat;
  categories: readonly CategorySlug[];
  /** The days it does not fit (shared/meeting-day.ts). */
  notWhen?: readonly NotWhen[];
};

export type FiledQuestion = AuditedQuestion & { file: CategorySlug };

/** A library file's questions as the audit sees them: each in its file's category and every one it is also filed under. */
export function auditedQuestions(file: LibraryFile): FiledQuestion[] {
  return file.questions.map((q) => ({ ...q, file: file.category, categories: [file.category, ...(q.also ?? [])] }));
}

/** The library's bars; the content test and `npm run library:check` hold the library to them. */
export const LIBRARY_RULES = {
  /** Fitting questions per offered choice on the home page (all categories). */
  perChoiceOverall: 40,
  /** A category's own questions per offered choice before the generator widens. */
  perChoicePerCategory: 5,
  perCategory: 450,
  /** Share of questions in a form other than an open question or one word. */
  otherFormatsShare: 0.15,
  /** Share of the library one four-word opening may start. */
  openingShare: 0.02,
  /** Questions each category-and-choice cell holds (its own and those filed under it), on its worst day. */
  perCell: 10,
  /** The median cell: most choices last well past their tenth draw. */
  medianCell: 12,
  /** A category page's starting choice (firstChoice): it lasts 15 draws of a visitor before it widens, twice over. */
  startingChoice: 30,
  /** Questions one stock frame (a film, a song, an emoji...) may hold in the whole library. */
  perFrame: 25,
} as const;

/**
 * Phrases a question must not contain: pressing for secrets, health, family,
 * money, beliefs, bodies, ranking colleagues, or assuming a home, commute or
 * spending. Matched on whole words of the normalised text.
 */
export const DENY_PHRASES = [
  // secrets and pressure
  "not told anyone",
  "never told",
  "told anyone",
  "secret",
  "confess",
  "embarrassing",
  "biggest fear",
  "afraid of",
  "biggest regret",
  "regret",
  "biggest failure",
  "your failure",
  "trauma",
  "traumatic",
  "abuse",
  // health and bodies
  "illness",
  "sick",
  "diagnosis",
  "therapy",
  "therapist",
  "medication",
  "disease",
  "mental health",
  "hospital",
  "injury",
  "diet",
  "weight",
  "your body",
  "wearing",
  "outfit",
  "clothes",
  "your hair",
  "how did you sleep",
  "how well did you sleep",
  "how much sleep",
  // money
  "salary",
  "salaries",
  "debt",
  "income",
  "rent",
  "mortgage",
  "paycheck",
  "money",
  "afford",
  "your budget",
  "how much did",
  "shopping",
  // beliefs
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
  // family and relationships
  "boyfriend",
  "girlfriend",
  "husband",
  "wife",
  "spouse",
  "your partner",
  "dating",
  "divorce",
  "wedding",
  "your kids",
  "your children",
  "your family",
  "your parents",
  "your mom",
  "your mum",
  "your dad",
  "sex",
  "sexual",
  "pregnant",
  "pregnancy",
  "your age",
  "how old",
  // alcohol and drugs
  "drunk",
  "alcohol",
  "beer",
  "wine",
  "cocktail",
  "hangover",
  "drugs",
  // loss and violence
  "death",
  "died",
  "funeral",
  "grief",
  "weapon",
  "gun",
  "kill",
  // ranking colleagues
  "who on the team is",
  "who on this team is",
  "who in this room is",
  "least favourite colleague",
  "least favorite colleague",
  "worst colleague",
  "rank your",
  "rank the team",
  // assumptions about a life
  "your commute",
  "commute",
  "your home office",
  "your house",
  "your apartment",
  "your bedroom",
  "your kitchen",
  "your car",
  "your garden",
  "your pet",
  "your dog",
  "your cat",
  "your vacation",
  "your last holiday",
  "your last vacation",
  "your hometown",
  "for breakfast",
] as const;

/** The first four words, normalised: the opening the 2% cap counts. */
export function openingOf(text: string): string {
  return normalizeQuestionText(text).split(" ").slice(0, 4).join(" ");
}

/** Openings used by more than the allowed share, most used first. */
export function overusedOpenings(
  texts: readonly string[],
  share: number = LIBRARY_RULES.openingShare,
): { opening: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(openingOf(text), (counts.get(openingOf(text)) ?? 0) + 1);
  const cap = Math.max(1, Math.floor(texts.length * share));
  return [...counts]
    .filter(([, count]) => count > cap)
    .map(([opening, count]) => ({ opening, count }))
    .sort((x, y) => y.count - x.count);
}

/** The deny-list phrases a text contains. */
export function deniedPhrases(text: string): string[] {
  const padded = ` ${normalizeQuestionText(text)} `;
  return DENY_PHRASES.filter((phrase) => padded.includes(` ${phrase} `));
}

export function choiceKey(choice: QuestionChoice): string {
  return `${choice.context}/${choice.style}/${choice.engagement}`;
}

/** How many questions fit each offered choice, optionally within one category. */
export function choiceCounts(
  questions: readonly AuditedQuestion[],
  category?: CategorySlug,
): { choice: QuestionChoice; count: number }[] {
  const counts = new Map<string, number>();
  for (const q of questions) {
    if (category && !q.categories.includes(category)) continue;
    const key = choiceKey(q);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return OFFERED_CHOICES.map((choice) => ({ choice, count: counts.get(choiceKey(choice)) ?? 0 }));
}

/** Questions whose labels name a choice the generator does not offer (a deep energizer). */
export function unofferedLabels(questions: readonly AuditedQuestion[]): AuditedQuestion[] {
  const offered = new Set(OFFERED_CHOICES.map(choiceKey));
  return questions.filter((q) => !offered.has(choiceKey(q)));
}

/** Share of questions in a form other than an open question or one word. */
export function otherFormatShare(questions: readonly AuditedQuestion[]): number {
  if (questions.length === 0) return 0;
  return questions.filter((q) => q.format !== "open" && q.format !== "one-word").length / questions.length;
}

/**
 * One cell of a category page: a choice and the questions that fit it there
 * (its own and those filed under it with "also"). A question bound to a day
 * ("yesterday") is not served on that day, so the cell counts what it holds
 * on its worst day: that is what a visitor meets then.
 */
export type Cell = {
  category: CategorySlug;
  choice: QuestionChoice;
  /** Questions of the cell on its worst day: the number the rules hold it to. */
  count: number;
  /** Questions of the cell on any other day (equal to count when none is bound to a day). */
  most: number;
  /** The day it holds fewest, when that differs from other days. */
  worstDay: Weekday | null;
  /** Of `most`, the ones in the category's own file; the rest are filed under it from other files. */
  own: number;
};

/** Every category-and-choice cell the generator offers, with what it holds. */
export function cells(questions: readonly FiledQuestion[]): Cell[] {
  const byKey = new Map<string, FiledQuestion[]>();
  for (const q of questions)
    for (const category of new Set(q.categories)) {
      const key = `${category}/${choiceKey(q)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), q]);
    }
  return CATEGORY_SLUGS.flatMap((category) =>
    OFFERED_CHOICES.map((choice) => {
      const members = byKey.get(`${category}/${choiceKey(choice)}`) ?? [];
      // From Monday, so a cell short on Sundays and Mondays alike names the working day.
      const perDay = [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]].map((day) => ({
        day,
        count: members.filter((q) => fitsDay(q.notWhen, day)).length,
      }));
      const fewest = perDay.reduce((low, d) => (d.count < low.count ? d : low));
      return {
        category,
        choice,
        count: fewest.count,
        most: members.length,
        worstDay: fewest.count < members.length ? fewest.day : null,
        own: members.filter((q) => q.file === category).length,
      };
    }),
  );
}

/** "daily-standup/check-in/reflective/quick": a cell as a writer finds it. */
export function cellKey(cell: Pick<Cell, "category" | "choice">): string {
  return `${cell.category}/${choiceKey(cell.choice)}`;
}

/** Cells holding fewer than `least`, the shortest first (then in the order the generator lists choices). */
export function shortCells(all: readonly Cell[], least: number = LIBRARY_RULES.perCell): Cell[] {
  return all.filter((cell) => cell.count < least).sort((a, b) => a.count - b.count);
}

/** The median of some counts: the middle one, or the mean of the middle two. */
export function median(counts: readonly number[]): number {
  if (counts.length === 0) return 0;
  const sorted = [...counts].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Each category page's starting choice (firstChoice: a reflective check-in at the category's depth) and its cell. */
export function startingCells(all: readonly Cell[]): Cell[] {
  return CATEGORY_SLUGS.flatMap((category) => {
    const first = firstChoice(category);
    return all.filter(
      (cell) =>
        cell.category === category &&
        cell.choice.context === first.meetingContext &&
        cell.choice.style === first.questionStyle &&
        cell.choice.engagement === first.engagementLevel,
    );
  });
}

/**
 * The fewest questions that bring the library to its bars: every cell to
 * perCell, each page's starting choice to startingChoice, then enough of the
 * fullest cells to medianCell that the median reaches it.
 */
export function questionsToWrite(all: readonly Cell[]): number {
  const starting = new Set(startingCells(all));
  const raised = all.map((cell) =>
    Math.max(cell.count, starting.has(cell) ? LIBRARY_RULES.startingChoice : LIBRARY_RULES.perCell),
  );
  const floors = raised.reduce((sum, count, i) => sum + count - (all[i]?.count ?? 0), 0);
  // The median reaches the bar once the upper half (and the middle cell) hold it: raise the fullest first.
  const upper = [...raised].sort((a, b) => b - a).slice(0, Math.floor(raised.length / 2) + 1);
  return floors + upper.reduce((sum, count) => sum + Math.max(0, LIBRARY_RULES.medianCell - count), 0);
}
