import {
  type CountedAnswer,
  LIVE_RECENT_ANSWERS,
  LIVE_TOP_WORDS,
  type LiveAnswer,
  type RoundEvent,
  type RoundQuestion,
  type RoundResults,
  type RoundView,
} from "./live";
import { isPulseQuestion, PULSE_MIN_ANSWERS } from "./series";

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

function isVisibleAnswer(answer: Pick<CountedAnswer, "kind" | "hidden">): boolean {
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
  return cloudOf(
    [...counts].map(([word, count]) => ({ word, count })),
    limit,
  );
}

/** Words already counted, as the cloud shows them: most frequent first, ties in code point order, weighted 1 to 5. */
export function cloudOf(words: { word: string; count: number }[], limit = 50): CloudWord[] {
  const sorted = words
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const largest = sorted[0]?.count ?? 0;
  return sorted.slice(0, Math.max(0, limit)).map(({ word, count }) => ({
    word,
    count,
    weight: Math.min(5, Math.max(1, Math.ceil((5 * count) / largest))),
  }));
}

export type TallyRow = { label: string; count: number; share: number };

/** One row per option, in the question's order; a choice outside the options is not counted. */
export function tally(question: Pick<RoundQuestion, "options">, answers: CountedAnswer[]): TallyRow[] {
  return tallyOf(
    question,
    question.options.map((_, i) => answers.filter((a) => isVisibleAnswer(a) && a.choice === i).length),
  );
}

/** Counts per option as the bars show them, with each one's share. */
export function tallyOf(question: Pick<RoundQuestion, "options">, counts: number[]): TallyRow[] {
  const total = question.options.reduce((sum, _, i) => sum + (counts[i] ?? 0), 0);
  return question.options.map((label, i) => {
    const count = counts[i] ?? 0;
    return { label, count, share: total === 0 ? 0 : count / total };
  });
}

/**
 * What an answer counts for on every screen: free text is never part of it
 * (only the one word of a one-word question is), so the counts can go to
 * everyone without the answers.
 */
function countedOf(
  answer: Pick<LiveAnswer, "kind" | "text" | "choice" | "hidden">,
  mode: RoundQuestion["mode"],
): CountedAnswer {
  const pass = answer.kind === "pass";
  return {
    kind: pass ? "pass" : "answer",
    text: !pass && mode === "word" ? answer.text : null,
    choice: pass ? null : answer.choice,
    hidden: answer.hidden,
  };
}

/** How many answered and passed, without what: the room's screen before a reveal. */
export function countsOnly(results: RoundResults): RoundResults {
  return { ...results, words: [], tally: [] };
}

export function emptyResults(position: number, options: number): RoundResults {
  return { position, answered: 0, passed: 0, hidden: 0, words: [], tally: Array<number>(options).fill(0) };
}

/** The results with one answer added (sign 1) or taken away (sign -1). */
function countInto(results: RoundResults, counted: CountedAnswer, sign: 1 | -1): RoundResults {
  if (counted.kind === "pass") return { ...results, passed: Math.max(0, results.passed + sign) };
  if (counted.hidden) return { ...results, hidden: Math.max(0, results.hidden + sign) };
  const next = { ...results, answered: Math.max(0, results.answered + sign) };
  const word = counted.text === null ? null : cloudWord(counted.text);
  if (word !== null) {
    const known = results.words.some((w) => w.word === word);
    next.words = known
      ? results.words.map((w) => (w.word === word ? { word, count: Math.max(0, w.count + sign) } : w))
      : sign > 0
        ? [...results.words, { word, count: 1 }]
        : results.words;
  }
  if (counted.choice !== null && counted.choice < results.tally.length) {
    next.tally = results.tally.map((count, i) => (i === counted.choice ? Math.max(0, count + sign) : count));
  }
  return next;
}

/**
 * The pulse's counts as any screen may show them: from PULSE_MIN_ANSWERS
 * answers on; with fewer, whoever answered could tell the others' answers
 * from them, so the tally is empty (the number who answered stays).
 */
export function pulseResults(results: RoundResults): RoundResults {
  return results.answered < PULSE_MIN_ANSWERS ? { ...results, tally: [] } : results;
}

/** One question's answers counted, as the server sends them: the most said words first, hidden ones apart. */
export function resultsOf(
  question: Pick<RoundQuestion, "position" | "mode" | "options">,
  answers: Pick<LiveAnswer, "kind" | "text" | "choice" | "hidden">[],
): RoundResults {
  let results = emptyResults(question.position, question.options.length);
  for (const answer of answers) results = countInto(results, countedOf(answer, question.mode), 1);
  results.words = cloudOf(results.words, LIVE_TOP_WORDS).map(({ word, count }) => ({ word, count }));
  return results;
}

function upsert(answers: LiveAnswer[], answer: LiveAnswer): LiveAnswer[] {
  const i = answers.findIndex((a) => a.id === answer.id);
  return i === -1 ? [...answers, answer] : answers.map((a, j) => (j === i ? answer : a));
}

/** Whether a participant's screen shows the current question's answers. */
function answersShown(view: Pick<RoundView, "revealed" | "revealMode">): boolean {
  return view.revealed || view.revealMode === "live";
}

function withMyAnswer(view: RoundView, answer: LiveAnswer): RoundView["me"] {
  return view.me && view.me.answer?.id === answer.id ? { ...view.me, answer } : view.me;
}

/** The free-text answers a participant's screen holds: visible ones of the current question, and only while shown. */
function participantAnswers(view: RoundView, answers: LiveAnswer[], mode: RoundQuestion["mode"] | undefined) {
  if (!answersShown(view) || mode !== "text") return [];
  return answers.filter((a) => a.position === view.position && !a.hidden && a.kind === "answer");
}

/** The host keeps the latest answers; the oldest leave the list (they stay counted, and come back in pages). */
function latest(answers: LiveAnswer[]): LiveAnswer[] {
  return answers.length > LIVE_RECENT_ANSWERS ? answers.slice(answers.length - LIVE_RECENT_ANSWERS) : answers;
}

function moveCounts(view: RoundView, take: CountedAnswer | null, add: CountedAnswer | null): RoundResults | null {
  if (!view.results || view.results.position !== view.position) return view.results;
  let results = view.results;
  if (take) results = countInto(results, take, -1);
  if (add) results = countInto(results, add, 1);
  return results;
}

/**
 * A view moved on by one event. Events the view already includes (`seq` not
 * past the view's) change nothing, so a reconnecting client can apply what
 * it is sent without sorting out what it saw. Never changes `view` or `event`.
 *
 * Host: `answers` holds the latest answers and passes to the current
 * question, hidden ones flagged, and `results` counts them all. Participant:
 * `results` arrives when the question is revealed (or at once in a
 * live-reveal round) and follows each answer after that; `answers` holds
 * the free-text answers it is sent, never a hidden one. Room screen: as a
 * participant, but `results` always holds how many answered and passed
 * (the server sends it the host's events as counts only).
 */
export function applyRoundEvent(view: RoundView, seq: number, event: RoundEvent): RoundView {
  if (seq <= view.seq) return view;
  const next = { ...view, seq };
  const host = view.role === "host";
  // The host's and the room's screens always count; a phone only once the answers are shown.
  const counts = host || view.role === "room";
  const mode = view.questions[view.position]?.mode;
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
      const { answer, previous } = event;
      if (answer.position !== view.position) return next;
      const results = moveCounts(next, previous, mode ? countedOf(answer, mode) : null);
      const current = view.questions[view.position];
      // The pulse's answers are counted, never listed: its events carry neither a name nor a choice.
      if (host && current && isPulseQuestion(current)) return { ...next, results };
      if (host) return { ...next, results, answers: latest(upsert(next.answers, answer)) };
      const answers = answer.hidden
        ? next.answers.filter((a) => a.id !== answer.id)
        : participantAnswers(next, upsert(next.answers, answer), mode);
      return { ...next, results, answers, me: withMyAnswer(next, answer) };
    }
    case "phase": {
      const moved = event.position !== view.position;
      const phased = { ...next, position: event.position, revealed: event.revealed, locked: event.locked };
      const me = moved && next.me ? { ...next.me, answer: null } : next.me;
      const nextQuestion = view.questions[event.position];
      const results =
        event.results ??
        (moved ? (counts ? emptyResults(event.position, nextQuestion?.options.length ?? 0) : null) : next.results);
      const answers = moved ? [] : next.answers;
      return {
        ...phased,
        me,
        timer: moved ? null : next.timer,
        results: counts || answersShown(phased) ? results : null,
        answers: host ? answers : participantAnswers(phased, answers, nextQuestion?.mode),
      };
    }
    case "hidden": {
      if (event.position !== view.position) return next;
      const hide = (a: LiveAnswer) => (a.id === event.answerId ? { ...a, hidden: event.hidden } : a);
      const me = next.me?.answer?.id === event.answerId ? { ...next.me, answer: hide(next.me.answer) } : next.me;
      const results = moveCounts(
        next,
        { ...event.counted, hidden: !event.hidden },
        { ...event.counted, hidden: event.hidden },
      );
      if (host) return { ...next, results, answers: next.answers.map(hide) };
      if (event.hidden) return { ...next, me, results, answers: next.answers.filter((a) => a.id !== event.answerId) };
      const shown = event.answer ? upsert(next.answers, { ...event.answer, hidden: false }) : next.answers;
      return { ...next, me, results, answers: participantAnswers(next, shown, mode) };
    }
    case "timer":
      return { ...next, timer: event.timer && event.timer.position === view.position ? event.timer : null };
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

/** Free-text answers the screen asked for, merged into what it holds (the stream may have brought some already). */
export function withAnswerPage(view: RoundView, position: number, page: LiveAnswer[]): RoundView {
  if (position !== view.position) return view;
  let answers = view.answers;
  for (const answer of page) if (!answers.some((a) => a.id === answer.id)) answers = [...answers, answer];
  return { ...view, answers };
}

/**
 * Who has answered the current question so far, as the host's screen says
 * it: the names in a named round (passes are never named), only how many in
 * an anonymous round, and for the pulse how many from three answers on,
 * nothing below (PULSE_MIN_ANSWERS): a count of two tells each of the two
 * about the other. Derived from the view, so events keep it current.
 */
export type AnsweredSoFar =
  | { kind: "names"; names: string[]; count: number }
  | { kind: "count"; count: number }
  | { kind: "pulse"; count: number | null };

export function answeredSoFar(view: Pick<RoundView, "anonymous" | "answers" | "results" | "position" | "questions">) {
  const question = view.questions[view.position];
  const count = view.results ? view.results.answered + view.results.hidden : 0;
  if (question && isPulseQuestion(question))
    return { kind: "pulse", count: count >= PULSE_MIN_ANSWERS ? count : null } satisfies AnsweredSoFar;
  if (view.anonymous) return { kind: "count", count } satisfies AnsweredSoFar;
  const names = [
    ...new Set(
      view.answers
        .filter((answer) => answer.position === view.position && answer.kind === "answer" && answer.name)
        .map((answer) => answer.name as string),
    ),
  ];
  return { kind: "names", names, count: Math.max(count, names.length) } satisfies AnsweredSoFar;
}

/** The host's line for it: "Answered so far: Ana, Ben", "3 answered so far (anonymous: no names)". */
export function answeredSoFarWords(so: AnsweredSoFar): string {
  switch (so.kind) {
    case "names": {
      if (so.count === 0) return "Nobody has answered yet.";
      const more = so.count - so.names.length;
      return `Answered so far: ${so.names.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`;
    }
    case "count":
      return `${so.count} answered so far. The round is anonymous: nobody's name is shown, to you either.`;
    case "pulse":
      return so.count === null
        ? "The pulse shows how many answered from three answers on, so nobody's answer can be told."
        : `${so.count} answered the pulse; the pulse never shows who.`;
  }
}
