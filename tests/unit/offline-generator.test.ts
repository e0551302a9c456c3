import { describe, expect, it } from "vitest";
import type { GenerationInput } from "~/domain/generation/generator.server";
import { composeQuestion, createOfflineGenerator } from "~/domain/generation/offline-generator.server";
import {
  ENGAGEMENT_LEVEL_VALUES,
  MEETING_CONTEXT_VALUES,
  normalizeQuestionText,
  QUESTION_STYLE_VALUES,
  typeForContext,
} from "~/shared/questions";

/** A seeded random (mulberry32), so every run draws the same sequence. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cells: GenerationInput[] = MEETING_CONTEXT_VALUES.flatMap((meetingContext) =>
  QUESTION_STYLE_VALUES.flatMap((questionStyle) =>
    ENGAGEMENT_LEVEL_VALUES.map((engagementLevel) => ({
      type: typeForContext(meetingContext),
      meetingContext,
      questionStyle,
      engagementLevel,
      categorySlug: null,
      previousQuestions: [],
    })),
  ),
);

describe("the offline generator", () => {
  it("composes at least 900 distinct questions in 1,000 calls, in every one of the 72 cells", () => {
    const random = seeded(42);
    const worst = Math.min(
      ...cells.map((cell) => new Set(Array.from({ length: 1000 }, () => composeQuestion(cell, random))).size),
    );
    expect(worst).toBeGreaterThanOrEqual(900);
  });

  it("writes clean single questions", () => {
    const random = seeded(7);
    for (const cell of cells) {
      for (let i = 0; i < 50; i++) {
        const q = composeQuestion(cell, random);
        expect(q).toMatch(/^[A-Z][^?]*\?$/);
        expect(q.length).toBeGreaterThanOrEqual(20);
        expect(q.length).toBeLessThanOrEqual(200);
        expect(q).not.toMatch(/\{|\}|\s{2}|\b(\w+) \1\b|\ba [aeiou]|\s[,?]/i);
      }
    }
  });

  it("never returns one of the previous five, over 500 generations fed back to it", async () => {
    const generator = createOfflineGenerator({ random: seeded(3) });
    const cell = cells[0]!;
    const previous: string[] = [];
    for (let i = 0; i < 500; i++) {
      const q = await generator.generate({ ...cell, previousQuestions: previous.slice(-5) });
      expect(previous.slice(-5).map(normalizeQuestionText)).not.toContain(normalizeQuestionText(q));
      previous.push(q);
    }
  });

  it("is reproducible with a seeded random", async () => {
    const a = createOfflineGenerator({ random: seeded(9) });
    const b = createOfflineGenerator({ random: seeded(9) });
    for (const cell of cells.slice(0, 10)) expect(await a.generate(cell)).toBe(await b.generate(cell));
  });

  it("sounds like its style and moment", () => {
    const random = seeded(11);
    const playfulEnergizer = {
      ...cells[0]!,
      type: "energizer" as const,
      meetingContext: "energizer" as const,
      questionStyle: "playful" as const,
    };
    const samples = Array.from({ length: 200 }, () => composeQuestion(playfulEnergizer, random)).join(" ");
    expect(samples).toMatch(/emoji|song title|snack|board game/);
    const checkout = {
      ...cells[0]!,
      type: "check-out" as const,
      meetingContext: "check-out" as const,
      questionStyle: "reflective" as const,
    };
    expect(Array.from({ length: 200 }, () => composeQuestion(checkout, random)).join(" ")).toMatch(
      /taking away|carry|remember/,
    );
  });
});
