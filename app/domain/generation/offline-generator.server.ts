import { normalizeQuestionText } from "~/shared/questions";
import type { GenerationInput, QuestionGenerator } from "./generator.server";
import { LEAD_INS, STEMS, STYLE_WORDS, TAILS, TIMES } from "./offline-grammar";

const PREVIOUS_CHECKED = 5;
const ATTEMPTS = 50;

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)] as T;

/** "a" or "an" before the filled-in word, so "a idea" never happens. */
function fixArticles(text: string): string {
  return text.replace(/\b([Aa]) ([aeiou])/g, "$1n $2");
}

const takesTail = (stem: string) => !stem.includes(", and ");

/** Stems weighted by how many endings they take, so every composition is equally likely. */
function pickStem(stems: readonly string[], tails: number, random: () => number): string {
  const weights = stems.map((stem) => (takesTail(stem) ? tails : 1));
  let roll = random() * weights.reduce((a, b) => a + b, 0);
  for (const [index, stem] of stems.entries()) {
    roll -= weights[index] ?? 0;
    if (roll < 0) return stem;
  }
  return stems[stems.length - 1] as string;
}

/** One composition for the input, following the grammar in offline-grammar.ts. */
export function composeQuestion(input: GenerationInput, random: () => number = Math.random): string {
  const stem = pickStem(STEMS[input.meetingContext][input.questionStyle], TAILS[input.engagementLevel].length, random);
  const filled = stem
    .replace("{time}", pick(TIMES, random))
    .replace("{word}", pick(STYLE_WORDS[input.questionStyle], random));
  const leadIn = pick(LEAD_INS[input.engagementLevel], random);
  const body = leadIn ? `${leadIn}${filled.charAt(0).toLowerCase()}${filled.slice(1)}` : filled;
  const tail = !takesTail(stem) ? "" : pick(TAILS[input.engagementLevel], random);
  return `${fixArticles(body)}${tail}?`;
}

/**
 * The built-in generator used when no AI key is configured: composes new
 * questions for any combination and never returns one of the last 5.
 */
export function createOfflineGenerator(options: { random?: () => number } = {}): QuestionGenerator {
  const random = options.random ?? Math.random;
  return {
    name: "offline",
    check: async () => ({ ok: true }),
    generate: async (input) => {
      const previous = new Set(input.previousQuestions.slice(-PREVIOUS_CHECKED).map(normalizeQuestionText));
      let text = composeQuestion(input, random);
      for (let attempt = 1; attempt < ATTEMPTS && previous.has(normalizeQuestionText(text)); attempt++) {
        text = composeQuestion(input, random);
      }
      return text;
    },
  };
}
