import { describe, expect, it } from "vitest";
import { nextOpening, openingOf } from "~/shared/answers-ahead";
import type { RoundView } from "~/shared/live";
import { answeredSoFar, answeredSoFarWords, emptyResults } from "~/shared/live-view";
import { PULSE_QUESTION } from "~/shared/series";

const BERLIN = "Europe/Berlin";
const sunday = { kind: "weekly" as const, weekday: 0 };

describe("when a series' answers open ahead of its meeting, on the team's clock", () => {
  it("opens the day before at the meeting's own time, 23 hours before across the spring change", () => {
    // Sunday 29 March 2026 the clocks go forward: the Saturday before is still winter time.
    const opening = nextOpening(
      { cadence: sunday, timeOfDay: "10:00", opensAhead: "day-before" },
      BERLIN,
      new Date("2026-03-23T00:00:00Z"),
    );
    expect(opening?.meetingAt.toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(opening?.opensAt.toISOString()).toBe("2026-03-28T09:00:00.000Z");
  });

  it("opens 25 hours before across the autumn change, and at 9:00 on the morning in either time", () => {
    const after = new Date("2026-10-19T00:00:00Z");
    const dayBefore = nextOpening({ cadence: sunday, timeOfDay: "10:00", opensAhead: "day-before" }, BERLIN, after);
    expect(dayBefore?.meetingAt.toISOString()).toBe("2026-10-25T09:00:00.000Z");
    expect(dayBefore?.opensAt.toISOString()).toBe("2026-10-24T08:00:00.000Z");
    const morning = nextOpening({ cadence: sunday, timeOfDay: "10:00", opensAhead: "morning" }, BERLIN, after);
    expect(morning?.opensAt.toISOString()).toBe("2026-10-25T08:00:00.000Z");
  });

  it("opens four real hours before, and the morning rule the day before a meeting at nine or earlier", () => {
    const meeting = { at: new Date("2026-03-29T06:30:00Z"), localDay: "2026-03-29" };
    expect(openingOf("hours-before", meeting, "08:30", BERLIN)?.toISOString()).toBe("2026-03-29T02:30:00.000Z");
    expect(openingOf("morning", meeting, "08:30", BERLIN)?.toISOString()).toBe("2026-03-28T08:00:00.000Z");
    expect(openingOf("no", meeting, "08:30", BERLIN)).toBeNull();
    expect(nextOpening({ cadence: sunday, timeOfDay: "10:00", opensAhead: "no" }, BERLIN, new Date())).toBeNull();
  });
});

describe("who has answered so far, as the host's screen says it", () => {
  const question = {
    position: 0,
    text: "What made you smile?",
    mode: "text" as const,
    options: [],
    questionId: "q",
    engagementLevel: "quick",
  };
  const pulse = {
    position: 0,
    ...PULSE_QUESTION,
    mode: "scale" as const,
    options: [...PULSE_QUESTION.options],
    questionId: null,
    engagementLevel: "quick",
  };
  const answer = (id: string, name: string | null, kind: "answer" | "pass" = "answer") => ({
    id,
    position: 0,
    kind,
    text: kind === "answer" ? "x" : null,
    choice: null,
    name,
    hidden: false,
  });
  const view = (over: Partial<RoundView>, answered: number) =>
    ({
      anonymous: false,
      position: 0,
      questions: [question],
      answers: [],
      results: { ...emptyResults(0, 0), answered },
      ...over,
    }) as Pick<RoundView, "anonymous" | "answers" | "results" | "position" | "questions">;

  it("names who answered in a named round, never who passed", () => {
    const so = answeredSoFar(view({ answers: [answer("1", "Ana"), answer("2", null, "pass"), answer("3", "Ben")] }, 2));
    expect(answeredSoFarWords(so)).toBe("Answered so far: Ana, Ben.");
  });

  it("counts only in an anonymous round", () => {
    const so = answeredSoFar(view({ anonymous: true, answers: [answer("1", null), answer("2", null)] }, 2));
    expect(so).toEqual({ kind: "count", count: 2 });
    expect(answeredSoFarWords(so)).not.toMatch(/Ana|Ben/);
  });

  it("gives the pulse no count below three and never a name", () => {
    const two = answeredSoFar(view({ questions: [pulse] }, 2));
    expect(two).toEqual({ kind: "pulse", count: null });
    expect(answeredSoFarWords(two)).not.toMatch(/\d/);
    expect(answeredSoFar(view({ questions: [pulse] }, 3))).toEqual({ kind: "pulse", count: 3 });
  });
});
