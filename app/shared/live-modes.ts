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

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/**
 * How a scale's steps are shown. Labels that only say their number ("1" to
 * "5", "One" to "Five") are shown as the numbers alone, each once, and the
 * two ends are named: by the question when it says so ("1 = running on
 * fumes, 5 = full"), else Low and High. Labels that say more ("Still
 * buzzing", "Fully landed") stay each step's own, beside its number.
 */
export type ScaleSteps =
  | { numeric: true; labels: string[]; low: string; high: string }
  | { numeric: false; labels: string[] };

export function scaleSteps(question: { text?: string; options: string[] }): ScaleSteps {
  const { options } = question;
  const numeric =
    options.length >= 2 &&
    options.every((label, i) => {
      const said = label.trim().toLowerCase();
      return said === String(i + 1) || said === NUMBER_WORDS[i];
    });
  if (!numeric) return { numeric: false, labels: options };
  const named = (step: number) =>
    new RegExp(`(?:^|[^\\d])${step}\\s*=\\s*([^,;.?!]+)`).exec(question.text ?? "")?.[1]?.trim() || null;
  return { numeric: true, labels: options, low: named(1) ?? "Low", high: named(options.length) ?? "High" };
}

/** A scale step as one line says it: "3", "1 · running on fumes", "2 · A small smile". */
export function scaleStepLabel(steps: ScaleSteps, index: number): string {
  const number = String(index + 1);
  if (!steps.numeric) return `${number} · ${steps.labels[index] ?? ""}`;
  if (index === 0) return `${number} · ${steps.low}`;
  if (index === steps.labels.length - 1) return `${number} · ${steps.high}`;
  return number;
}
