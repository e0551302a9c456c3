import { describe, expect, it } from "vitest";
import { formatInZone, nextHost, pulsePoints, zonedInstant } from "~/shared/series";

describe("the wall clock of a team's time zone", () => {
  it("moves a time the clocks skip to just after the change, and takes the first of a time that happens twice", () => {
    const skipped = zonedInstant({ year: 2026, month: 3, day: 29 }, { hour: 2, minute: 30 }, "Europe/Berlin");
    expect(skipped.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    const twice = zonedInstant({ year: 2026, month: 10, day: 25 }, { hour: 2, minute: 30 }, "Europe/Berlin");
    expect(twice.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("the host rotation", () => {
  const order = ["ana", "ben", "cleo"];

  it("starts with the first to opt in and goes round in order", () => {
    expect(nextHost(order, [])).toBe("ana");
    expect(nextHost(order, ["ana"])).toBe("ben");
    expect(nextHost(order, ["cleo", "ben"])).toBe("ana");
  });

  it("skips people who left the rotation: the one after the latest host still in it", () => {
    // Ben hosted last and then opted out; Ana hosted before him.
    expect(nextHost(["ana", "cleo"], ["ben", "ana"])).toBe("cleo");
    expect(nextHost(["ana", "cleo"], ["dora", null])).toBe("ana");
  });

  it("moves on when a facilitator skips, and is nobody without a rotation", () => {
    expect(nextHost(order, ["ana"], 1)).toBe("cleo");
    expect(nextHost([], ["ana"])).toBeNull();
  });
});

describe("pulse points", () => {
  it("shows a meeting only when at least three people answered, as counts and an average", () => {
    const points = pulsePoints([
      { heldAt: "2026-03-02T08:30:00Z", counts: [0, 1, 0, 1, 0] },
      { heldAt: "2026-03-09T08:30:00Z", counts: [0, 1, 1, 1, 0] },
      { heldAt: "2026-03-16T08:30:00Z", counts: null },
    ]);
    expect(points).toEqual([{ day: "2026-03-09", counts: [0, 1, 1, 1, 0], answered: 3, average: 3 }]);
  });
});

describe("formatInZone", () => {
  it("shows a moment as the team's clocks read it, summer and winter", () => {
    expect(formatInZone("2026-07-01T12:00:00Z", "Europe/Berlin")).toBe("1 July 2026, 14:00");
    expect(formatInZone("2026-01-15T12:00:00Z", "Europe/Berlin")).toBe("15 January 2026, 13:00");
    // Late evening in UTC is already the next morning in Tokyo.
    expect(formatInZone("2026-11-26T23:30:00Z", "Asia/Tokyo")).toBe("27 November 2026, 08:30");
  });
});
