import { CATEGORY_SLUGS } from "./categories";
import {
  type EngagementLevel,
  type GeneratorChoice,
  type MeetingContext,
  OFFERED_CHOICES,
  type QuestionSource,
  type QuestionStyle,
  type Relaxed,
  type ServedQuestion,
  typeForContext,
} from "./questions";
import { fittingSteps, type LibraryFilter, relaxedChoice } from "./widening";

/** Where the browser fetches the slice of the library it keeps for offline use (the service worker caches it). */
export const OFFLINE_LIBRARY_PATH = "/api/v1/offline-library";

/** How many questions of each choice the slice keeps, where the library has that many. */
export const OFFLINE_PER_CHOICE = 30;

/**
 * A library question as the offline slice carries it: the card's fields, the
 * further categories it is filed under, and whether it names a kind of meeting
 * (then it is served only in its own category, as online).
 */
export type OfflineQuestion = Pick<
  ServedQuestion,
  "id" | "question" | "meetingContext" | "questionStyle" | "engagementLevel" | "categorySlug" | "source"
> & { alsoIn: string[]; meetingBound: boolean };

export type OfflineLibrary = { version: string; questions: OfflineQuestion[] };

/**
 * The slice as it travels: questions grouped by "moment style depth", each
 * [id, text, category, further categories, names a kind of meeting (1), source
 * when not curated]. Without a field name on every question it is about a
 * tenth smaller compressed.
 */
type PackedQuestion = [string, string, string | null, string[], 0 | 1, QuestionSource?];
export type PackedOfflineLibrary = { version: string; choices: Record<string, PackedQuestion[]> };

export function packOfflineLibrary(library: OfflineLibrary): PackedOfflineLibrary {
  const choices: Record<string, PackedQuestion[]> = {};
  for (const q of library.questions) {
    const row: PackedQuestion = [q.id, q.question, q.categorySlug, q.alsoIn, q.meetingBound ? 1 : 0];
    if (q.source !== "curated") row.push(q.source);
    const key = `${q.meetingContext} ${q.questionStyle} ${q.engagementLevel}`;
    const rows = choices[key] ?? [];
    rows.push(row);
    choices[key] = rows;
  }
  return { version: library.version, choices };
}

export function unpackOfflineLibrary(packed: PackedOfflineLibrary): OfflineLibrary {
  const questions = Object.entries(packed.choices).flatMap(([key, rows]) => {
    const [meetingContext, questionStyle, engagementLevel] = key.split(" ") as [
      MeetingContext,
      QuestionStyle,
      EngagementLevel,
    ];
    return rows.map(([id, question, categorySlug, alsoIn, bound, source]) => ({
      id,
      question,
      meetingContext,
      questionStyle,
      engagementLevel,
      categorySlug,
      alsoIn,
      meetingBound: bound === 1,
      source: source ?? "curated",
    }));
  });
  return { version: packed.version, questions };
}

const matches = <T>(wanted: T | T[] | undefined, value: T) =>
  wanted === undefined || (Array.isArray(wanted) ? wanted.includes(value) : wanted === value);

/** Whether a question fits one step of the choice ladder, by the rules the library's query applies. */
export function fitsFilter(question: OfflineQuestion, filter: LibraryFilter): boolean {
  if (!matches(filter.meetingContext, question.meetingContext)) return false;
  if (!matches(filter.questionStyle, question.questionStyle)) return false;
  if (!matches(filter.engagementLevel, question.engagementLevel)) return false;
  if (!filter.categorySlug) return !question.meetingBound;
  return (
    question.categorySlug === filter.categorySlug ||
    (!question.meetingBound && question.alsoIn.includes(filter.categorySlug))
  );
}

/** Every choice the generator offers: each moment x style x depth, for any meeting and for each category. */
export const EVERY_GENERATOR_CHOICE: readonly GeneratorChoice[] = [null, ...CATEGORY_SLUGS].flatMap((categorySlug) =>
  OFFERED_CHOICES.map(({ context, style, engagement }) => ({
    meetingContext: context,
    questionStyle: style,
    engagementLevel: engagement,
    categorySlug,
  })),
);

/**
 * The slice of the library kept for offline use: for every choice, its first
 * `perChoice` questions in the order given (best first), each question once.
 */
export function sliceForOffline(questions: readonly OfflineQuestion[], perChoice = OFFLINE_PER_CHOICE) {
  const kept = new Set<OfflineQuestion>();
  for (const choice of EVERY_GENERATOR_CHOICE) {
    let count = 0;
    for (const question of questions) {
      if (count === perChoice) break;
      if (fitsFilter(question, choice)) {
        kept.add(question);
        count++;
      }
    }
  }
  return questions.filter((question) => kept.has(question));
}

function toServed(question: OfflineQuestion): ServedQuestion {
  const { alsoIn: _alsoIn, meetingBound: _meetingBound, ...card } = question;
  return {
    ...card,
    type: typeForContext(question.meetingContext),
    authorId: null,
    voteScore: 0,
    totalVotes: 0,
    createdAt: "",
  };
}

export type OfflinePick = { question: ServedQuestion; relaxed: Relaxed[] };

/**
 * The next question from the offline slice, by the generator's own ladder: an
 * unseen question of the exact choice, then of each nearby choice in turn
 * (fittingSteps); when the slice has none left, the question of the exact
 * choice seen longest ago, then any of the same moment. The question shown
 * last never comes twice in a row while another one fits.
 */
export function pickOffline(
  library: OfflineLibrary,
  choice: GeneratorChoice,
  seenIds: readonly string[],
  random: () => number = Math.random,
): OfflinePick | null {
  const seen = new Set(seenIds);
  const last = seenIds.at(-1);
  for (const step of fittingSteps(choice)) {
    const unseen = library.questions.filter((q) => !seen.has(q.id) && fitsFilter(q, step.filter));
    const question = unseen[Math.floor(random() * unseen.length)];
    if (question)
      return { question: toServed(question), relaxed: relaxedChoice(choice, question, step.widened === "category") };
  }
  const position = (q: OfflineQuestion) => seenIds.indexOf(q.id);
  const leastRecent = (list: OfflineQuestion[]) =>
    list.filter((q) => q.id !== last || list.length === 1).sort((a, b) => position(a) - position(b))[0];
  const exact = leastRecent(library.questions.filter((q) => fitsFilter(q, choice)));
  if (exact) return { question: toServed(exact), relaxed: [] };
  const sameMoment = leastRecent(
    library.questions.filter((q) => q.meetingContext === choice.meetingContext && !q.meetingBound),
  );
  if (!sameMoment) return null;
  return {
    question: toServed(sameMoment),
    relaxed: relaxedChoice(choice, sameMoment, sameMoment.categorySlug !== choice.categorySlug),
  };
}

/** What the app says about working without a connection. */
export const OFFLINE_WORDS = {
  banner:
    "You're offline. Generate still works from the saved library; saves wait until you're back, and voting needs a connection.",
  fromLibrary: "From the offline library.",
  saveQueued: "Saved on this device: it is sent to your saved questions when you're back online.",
  unsaveQueued: "Removed on this device: your saved questions follow when you're back online.",
  saveRefused: "You're offline: saving needs a connection. Try again when you're back online.",
  voteRefused: "You're offline: voting needs a connection. Try again when you're back online.",
  noLibrary: "You're offline, and this browser has no saved library yet. Try again when you're back online.",
} as const;
