import { normalizeQuestionText, stripSurroundingQuotes } from "~/shared/questions";

export const ANSWER_MIN = 20;
export const ANSWER_MAX = 300;

/**
 * The question in a model's answer, or null when the answer is not exactly
 * one sensible question that differs from the previous ones.
 */
export function questionFromAnswer(
  raw: string | null | undefined,
  previousQuestions: readonly string[],
): string | null {
  if (!raw) return null;
  const text = stripSurroundingQuotes(raw.trim().replace(/^(\*\*)?(question|q)\s*[:.-]\s*(\*\*)?/i, ""));
  if (/\n/.test(text)) return null;
  if (/^\s*(\d+[.)]|[-*•])\s/.test(text)) return null;
  if (!text.endsWith("?") || (text.match(/\?/g) ?? []).length !== 1) return null;
  if (text.length < ANSWER_MIN || text.length > ANSWER_MAX) return null;
  const normalized = normalizeQuestionText(text);
  if (previousQuestions.some((q) => normalizeQuestionText(q) === normalized)) return null;
  return text;
}
