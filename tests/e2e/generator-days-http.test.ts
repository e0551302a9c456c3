import { describe, expect, inject, it } from "vitest";
import { readLibrary } from "~/domain/questions/library.server";
import { auditedQuestions, choiceKey } from "~/domain/questions/library-audit";
import { CATEGORY_SLUGS, type CategorySlug, firstChoice } from "~/shared/categories";
import { fitsDay, type Weekday } from "~/shared/meeting-day";
import type { GenerateQuestionResponse } from "~/shared/questions";
import { normalizeQuestionText } from "~/shared/questions";

const baseUrl = inject("baseUrl");
const library = readLibrary().files.flatMap(auditedQuestions);
const notWhenOf = new Map(library.map((q) => [normalizeQuestionText(q.text), q.notWhen ?? []]));

type Choice = { meetingContext: string; questionStyle: string; engagementLevel: string; categorySlug: CategorySlug };

/**
 * One visitor pressing Generate on a page, as the browser does it: the
 * choice, the ids it was shown, the browser's weekday. Answers every
 * question served, in order, and the draw (1-based) that first widened.
 */
async function visitorDraws(choice: Choice, weekday: Weekday, draws: number) {
  const seenIds: string[] = [];
  const served: GenerateQuestionResponse[] = [];
  let widenedAt: number | null = null;
  for (let draw = 1; draw <= draws; draw++) {
    const response = await fetch(`${baseUrl}/api/v1/generate-question`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...choice, previousQuestions: [], seenIds: seenIds.slice(-20), weekday }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as GenerateQuestionResponse;
    served.push(body);
    seenIds.push(body.id);
    if (body.widened && widenedAt === null) widenedAt = draw;
  }
  return { served, widenedAt };
}

describe("a visitor's day", () => {
  // The stand-up choice that holds the most questions about yesterday.
  const standup = library.filter((q) => q.categories.includes("daily-standup"));
  const [key] = [...new Set(standup.map(choiceKey))]
    .map((k) => [k, standup.filter((q) => choiceKey(q) === k && q.notWhen?.includes("after-weekend")).length] as const)
    .sort((a, b) => b[1] - a[1])[0] ?? [""];
  const members = standup.filter((q) => choiceKey(q) === key);
  const [meetingContext = "", questionStyle = "", engagementLevel = ""] = key.split("/");
  const choice: Choice = { meetingContext, questionStyle, engagementLevel, categorySlug: "daily-standup" };
  const exact = (served: GenerateQuestionResponse[]) => served.filter((q) => !q.widened).map((q) => q.question);
  const askYesterday = (texts: string[]) =>
    texts.filter((text) => notWhenOf.get(normalizeQuestionText(text))?.includes("after-weekend"));

  it("never asks a Monday visitor about yesterday, where a Tuesday visitor of the same choice meets every such question", async () => {
    const yesterday = members.filter((q) => q.notWhen?.includes("after-weekend"));
    expect(yesterday.length).toBeGreaterThanOrEqual(2);
    const onMonday = members.filter((q) => fitsDay(q.notWhen, "monday")).length;
    const onTuesday = members.filter((q) => fitsDay(q.notWhen, "tuesday")).length;

    const monday = await visitorDraws(choice, "monday", onMonday + 1);
    expect(monday.widenedAt).toBe(onMonday + 1);
    expect(askYesterday(monday.served.map((q) => q.question))).toEqual([]);

    const tuesday = await visitorDraws(choice, "tuesday", onTuesday + 1);
    expect(tuesday.widenedAt).toBe(onTuesday + 1);
    expect(askYesterday(exact(tuesday.served)).sort()).toEqual(yesterday.map((q) => q.text).sort());
  });
});

describe("a category page's starting choice", () => {
  /** A visitor's draws on a page: none repeats, and the first 15 all come from the starting choice itself. */
  const DRAWS = 20;
  const LASTS = 15;

  it.each(CATEGORY_SLUGS)(
    "lasts on the %s page: 20 draws of one visitor on a Monday, no repeat, no widening within the first 15",
    async (slug) => {
      const { served, widenedAt } = await visitorDraws({ ...firstChoice(slug), categorySlug: slug }, "monday", DRAWS);
      expect(new Set(served.map((q) => q.id)).size).toBe(DRAWS);
      expect(widenedAt ?? DRAWS + 1).toBeGreaterThan(LASTS);
    },
  );
});
