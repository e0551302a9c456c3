import { normalizeQuestionText, QUESTION_TEXT_MAX, stripSurroundingQuotes } from "~/shared/questions";
import { writtenTextProblem } from "~/shared/text";
import { deniedPhrases } from "../questions/library-audit";

/** A generated question must be at least this long: shorter answers are fragments, not questions. */
export const ANSWER_MIN = 20;
export const ANSWER_MAX = QUESTION_TEXT_MAX;

/** How many of the last questions shown the AI sees, and must not repeat. */
export const PREVIOUS_QUESTIONS_CONSIDERED = 5;

export type AnswerVerdict = { ok: true; question: string } | { ok: false; reason: string };

const EMPHASIS = /^(?:\*\*|__|\*|_|`)+|(?:\*\*|__|\*|_|`)+$/g;
const LABEL = /^(?:question|q)\s*\d*\s*[:：.\-–—]\s*/i;
const PREAMBLE = /^here(?:'s| is) (?:a|an|one|your)\b[^:?\n]{0,40}?question[^:?\n]{0,30}:\s*/i;

/** The answer without what models wrap around it: whitespace, quotes, markdown emphasis, "Question:" labels. */
export function cleanAnswer(raw: string): string {
  let text = raw.trim();
  for (let pass = 0; pass < 3; pass++) {
    const before = text;
    text = stripSurroundingQuotes(text.replace(EMPHASIS, "").trim());
    text = text.replace(PREAMBLE, "").replace(LABEL, "").trim();
    if (text === before) break;
  }
  return text.replace(/[ \t]+/g, " ");
}

/** The last questions shown, at most five, as the AI is told about them. */
export function recentQuestions(previousQuestions: readonly string[]): string[] {
  return previousQuestions
    .slice(-PREVIOUS_QUESTIONS_CONSIDERED)
    .map((q) => q.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/**
 * Checks a model's answer: exactly one question (one question mark, at the
 * end; no list, no second line, no control or direction characters, invisible
 * characters or links), 20-300 characters,
 * free of the content guide's deny-list (`DENY_PHRASES`), and not one of the last five questions
 * shown (compared with `normalizeQuestionText`). The reason of a rejection goes into the stricter
 * second request.
 */
export function validateAnswer(raw: string | null | undefined, previousQuestions: readonly string[]): AnswerVerdict {
  if (!raw?.trim()) return { ok: false, reason: "the answer was empty" };
  const text = cleanAnswer(raw);
  if (/[\r\n]/.test(text)) return { ok: false, reason: "the answer had more than one line" };
  // The same check as every stored question's text: a model talked into a link or hidden characters is refused here.
  const problem = writtenTextProblem(text);
  if (problem) return { ok: false, reason: `the answer had ${problem}` };
  if (/^(?:\d+\s*[.):]|[-*•])\s*/.test(text)) return { ok: false, reason: "the answer was a list" };
  const marks = text.match(/\?/g)?.length ?? 0;
  if (marks !== 1 || !text.endsWith("?")) {
    return { ok: false, reason: "the answer was not exactly one question ending with a question mark" };
  }
  if (text.length < ANSWER_MIN) return { ok: false, reason: "the question was too short" };
  if (text.length > ANSWER_MAX) return { ok: false, reason: `the question was longer than ${ANSWER_MAX} characters` };
  const denied = deniedPhrases(text);
  if (denied.length) {
    return { ok: false, reason: `the question touched a topic the content guide forbids ("${denied.join('", "')}")` };
  }
  const normalized = normalizeQuestionText(text);
  if (recentQuestions(previousQuestions).some((q) => normalizeQuestionText(q) === normalized)) {
    return { ok: false, reason: "the question repeated one of the recent questions" };
  }
  return { ok: true, question: text };
}
