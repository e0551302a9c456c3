import type { LiveAnswer, RoundEvent, RoundQuestion, RoundView } from "./live";

/**
 * What the host screen and the participant page make of a round's answers
 * (word cloud, bars, counts), and how a view follows the round's events.
 * Pure, so the server, both screens and the recap count alike.
 */

/** Curly apostrophes are what phone keyboards type; "I’m" and "I'm" are one word. */
const APOSTROPHES = /[\u2018\u2019\u02BC\uFF07]/g;
/** Punctuation, quotes included, at either end; emoji and symbols are not punctuation and stay. */
const EDGE_PUNCTUATION = /^[\s\p{P}]+|[\s\p{P}]+$/gu;

/**
 * An answer as the word cloud counts it: "Tired!", " tired" and "“TIRED”"
 * are one word. Letters and digits of every script are kept; punctuation
 * inside a word ("well-rested", "don't") too.
 */
export function normalizeWord(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .replace(/\s+/g, " ")
    .replace(EDGE_PUNCTUATION, "");
}

/**
 * Words that say little on their own in a check-in: articles, pronouns,
 * auxiliaries, small connecting words and hedges ("very", "a bit", "kind
 * of", "feeling"). Negations ("not", "no", "never") are not among them:
 * "not great" is the opposite of "great".
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // articles and pronouns
  "a",
  "an",
  "the",
  "i",
  "me",
  "my",
  "mine",
  "myself",
  "we",
  "us",
  "our",
  "you",
  "your",
  "he",
  "him",
  "his",
  "she",
  "her",
  "it",
  "its",
  "they",
  "them",
  "their",
  "this",
  "that",
  "these",
  "those",
  // auxiliaries and their contractions
  "am",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "have",
  "has",
  "had",
  "do",
  "does",
  "did",
  "will",
  "would",
  "shall",
  "should",
  "can",
  "could",
  "may",
  "might",
  "must",
  "i'm",
  "im",
  "i've",
  "ive",
  "i'd",
  "i'll",
  "it's",
  "that's",
  "we're",
  "you're",
  "they're",
  // connecting words
  "and",
  "or",
  "but",
  "of",
  "to",
  "in",
  "on",
  "at",
  "for",
  "with",
  "about",
  "as",
  "by",
  "from",
  "into",
  "than",
  "then",
  "if",
  // hedges and intensifiers
  "very",
  "really",
  "just",
  "so",
  "quite",
  "pretty",
  "rather",
  "somewhat",
  "bit",
  "little",
  "lot",
  "lots",
  "kind",
  "kinda",
  "sort",
  "sorta",
  "too",
  "also",
  "still",
  "even",
  "much",
  "more",
  "most",
  "some",
  "all",
  "like",
  // check-in filler
  "feel",
  "feels",
  "feeling",
  "felt",
  "today",
  "now",
  "um",
  "uh",
]);

/**
 * The cloud's entry for an answer, or null when it says nothing the cloud
 * shows. The answer is split into words and its stop words dropped; the
 * words left stay together as one entry, in their order: "a bit tired"
 * counts as "tired", "so tired" too, "kind of bored and hungry" as "bored
 * hungry", and "just so" not at all. One entry per answer, so a long answer
 * does not weigh more than a short one.
 */
export function cloudWord(text: string): string | null {
  const words = normalizeWord(text)
    .split(" ")
    .map((word) => word.replace(EDGE_PUNCTUATION, ""))
    .filter((word) => word !== "" && !STOP_WORDS.has(word));
  return words.length > 0 ? words.join(" ") : null;
}

/** What the answer helpers read of an answer, so the recap's answers count the same way. */
type CountedAnswer = Pick<LiveAnswer, "kind" | "hidden" | "text" | "choice">;

function isVisibleAnswer(answer: CountedAnswer): boolean {
  return answer.kind === "answer" && !answer.hidden;
}

export type CloudWord = { word: string; count: number; weight: number };

/**
 * The visible answers' words, most frequent first, ties in code point order
 * (not the locale's, so the server and every browser agree). `weight` is 1
 * to 5, the count's share of the largest count rounded up: the most
 * frequent word is 5, and when every word was said once, all are.
 */
export function wordCloud(answers: CountedAnswer[], limit = 50): CloudWord[] {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    if (!isVisibleAnswer(answer) || answer.text === null) continue;
    const word = cloudWord(answer.text);
    if (word !== null) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const sorted = [...counts].sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0));
  const largest = sorted[0]?.[1] ?? 0;
  return sorted.slice(0, Math.max(0, limit)).map(([word, count]) => ({
    word,
    count,
    weight: Math.min(5, Math.max(1, Math.ceil((5 * count) / largest))),
  }));
}

export type TallyRow = { label: string; count: number; share: number };

/** One row per option, in the question's order; a choice outside the options is not counted. */
export function tally(question: Pick<RoundQuestion, "options">, answers: CountedAnswer[]): TallyRow[] {
  const counts = question.options.map((_, i) => answers.filter((a) => isVisibleAnswer(a) && a.choice === i).length);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return question.options.map((label, i) => {
    const count = counts[i] ?? 0;
    return { label, count, share: total === 0 ? 0 : count / total };
  });
}

/** A hidden answer was still given: hiding it is about showing, not about who took part. */
export function answerCounts(answers: Pick<LiveAnswer, "kind">[]): { answered: number; passed: number } {
  let answered = 0;
  let passed = 0;
  for (const answer of answers) {
    if (answer.kind === "pass") passed += 1;
    else answered += 1;
  }
  return { answered, passed };
}

function upsert(answers: LiveAnswer[], answer: LiveAnswer): LiveAnswer[] {
  const i = answers.findIndex((a) => a.id === answer.id);
  return i === -1 ? [...answers, answer] : answers.map((a, j) => (j === i ? answer : a));
}

/** Whether a participant's screen shows the current question's answers. */
function answersShown(view: RoundView): boolean {
  return view.revealed || view.revealMode === "live";
}

/**
 * The answers a participant's view may hold: none before they are shown,
 * then the visible ones of the current question, passes included. Passes
 * stay so the participant's counts match the host's; a pass carries no
 * text, choice or name, so there is nothing of it to show but the count.
 */
function participantAnswers(view: RoundView, answers: LiveAnswer[]): LiveAnswer[] {
  if (!answersShown(view)) return [];
  return answers.filter((a) => a.position === view.position && !a.hidden);
}

function withMyAnswer(view: RoundView, answer: LiveAnswer): RoundView["me"] {
  return view.me && view.me.answer?.id === answer.id ? { ...view.me, answer } : view.me;
}

/**
 * A view moved on by one event. Events the view already includes (`seq` not
 * past the view's) change nothing, so a reconnecting client can apply what
 * it is sent without sorting out what it saw; each rule also gives the same
 * view when applied twice. Never changes `view` or `event`.
 *
 * Host: `answers` holds every answer and pass to the current question,
 * hidden ones flagged. Participant: `answers` is empty until the question
 * is revealed (or at once in a live-reveal round), then holds the visible
 * answers and the passes; a hidden answer is removed, and added back at the
 * end when the host shows it again.
 */
export function applyRoundEvent(view: RoundView, seq: number, event: RoundEvent): RoundView {
  if (seq <= view.seq) return view;
  const next = { ...view, seq };
  const host = view.role === "host";
  switch (event.type) {
    case "joined": {
      const known = next.participants.some((p) => p.id === event.participant.id);
      return {
        ...next,
        participantCount: event.participantCount,
        participants: host && !known ? [...next.participants, event.participant] : next.participants,
      };
    }
    case "answer": {
      const { answer } = event;
      if (answer.position !== view.position) return next;
      if (host) return { ...next, answers: upsert(next.answers, answer) };
      const answers = answer.hidden
        ? next.answers.filter((a) => a.id !== answer.id)
        : participantAnswers(next, upsert(next.answers, answer));
      return { ...next, answers, me: withMyAnswer(next, answer) };
    }
    case "phase": {
      const moved = event.position !== view.position;
      const phased = { ...next, position: event.position, revealed: event.revealed, locked: event.locked };
      const answers = event.answers ?? (moved ? [] : next.answers);
      const me = moved && next.me ? { ...next.me, answer: null } : next.me;
      return {
        ...phased,
        me,
        answers: host ? answers.filter((a) => a.position === event.position) : participantAnswers(phased, answers),
      };
    }
    case "hidden": {
      if (event.position !== view.position) return next;
      const hide = (a: LiveAnswer) => (a.id === event.answerId ? { ...a, hidden: event.hidden } : a);
      const me = next.me?.answer?.id === event.answerId ? { ...next.me, answer: hide(next.me.answer) } : next.me;
      if (host) return { ...next, answers: next.answers.map(hide) };
      if (event.hidden) return { ...next, me, answers: next.answers.filter((a) => a.id !== event.answerId) };
      const shown = event.answer ? upsert(next.answers, { ...event.answer, hidden: false }) : next.answers;
      return { ...next, me, answers: participantAnswers(next, shown) };
    }
    case "ended":
      return {
        ...next,
        status: "ended",
        locked: true,
        recapShared: event.recapToken !== undefined || next.recapShared,
        recapToken: event.recapToken ?? next.recapToken,
      };
    case "deleted":
      return { ...next, status: "ended", locked: true };
  }
}
