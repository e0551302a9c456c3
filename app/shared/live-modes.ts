import { type AnswerMode, DEFAULT_SCALE_OPTIONS } from "./live";
import type { QuestionFormat } from "./questions";

/** How a question is answered in a live round, from its format and ready answers. */

/** Blank ready answers are dropped, so a stray empty entry never becomes an empty button or bar. */
function cleaned(readyAnswers: string[] | null): string[] {
  return (readyAnswers ?? []).map((answer) => answer.trim()).filter((answer) => answer !== "");
}

/** A scale needs two ends; a question with fewer labels than that gets the plain 1-5. */
function scaleLabels(format: QuestionFormat | string, readyAnswers: string[] | null): string[] {
  const labels = format === "scale" ? cleaned(readyAnswers) : [];
  return labels.length >= 2 ? labels : [...DEFAULT_SCALE_OPTIONS];
}

/** Nothing to pick between with fewer than two choices. */
function pickChoices(readyAnswers: string[] | null): string[] | null {
  const choices = cleaned(readyAnswers);
  return choices.length >= 2 ? choices : null;
}

/**
 * The mode a question gets unless the host chooses another. Formats whose
 * answers are a story (open, high-low, chain, show-and-tell) stay free
 * text, and so does a pick whose question lost its choices.
 */
export function defaultAnswerMode(
  format: QuestionFormat | string,
  readyAnswers: string[] | null,
): { mode: AnswerMode; options: string[] } {
  switch (format) {
    case "one-word":
      return { mode: "word", options: [] };
    case "scale":
      return { mode: "scale", options: scaleLabels(format, readyAnswers) };
    case "would-you-rather":
    case "pick-one": {
      const choices = pickChoices(readyAnswers);
      return choices ? { mode: "pick", options: choices } : { mode: "text", options: [] };
    }
    default:
      return { mode: "text", options: [] };
  }
}

/**
 * The options of a mode the host chose, or null when the question cannot be
 * answered that way (a pick without at least two ready answers). The format
 * matters for a scale: a would-you-rather's two choices are no scale labels,
 * so only a scale question lends its ready answers to one.
 */
export function optionsFor(
  mode: AnswerMode,
  format: QuestionFormat | string,
  readyAnswers: string[] | null,
): string[] | null {
  switch (mode) {
    case "scale":
      return scaleLabels(format, readyAnswers);
    case "pick":
      return pickChoices(readyAnswers);
    case "text":
    case "word":
      return [];
  }
}
