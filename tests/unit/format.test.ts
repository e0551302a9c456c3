import { describe, expect, it } from "vitest";
import { formatCount, formatDay, formatDayTime } from "~/shared/format";

describe("formatCount", () => {
  it("groups thousands as readers of English expect", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -4200]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en"));
    }
  });
});

describe("formatDay", () => {
  it("writes an ISO day out with its month's name", () => {
    expect(formatDay("2026-11-20")).toBe("20 November 2026");
    expect(formatDay("2025-01-05")).toBe("5 January 2025");
  });

  it("reads a full timestamp as its UTC day", () => {
    expect(formatDay("2026-03-31T23:59:59.000Z")).toBe("31 March 2026");
  });

  it("refuses what is not a date", () => {
    expect(() => formatDay("soon")).toThrow(RangeError);
    expect(() => formatDay("2026-13-01")).toThrow(RangeError);
  });
});

describe("formatDayTime", () => {
  it("writes a moment as its UTC day and time, from a Date or an ISO string", () => {
    expect(formatDayTime(new Date("2026-11-20T09:05:59.000Z"))).toBe("20 November 2026, 09:05");
    expect(formatDayTime("2026-11-20T23:30:00.000+02:00")).toBe("20 November 2026, 21:30");
  });

  it("refuses what is not a moment", () => {
    expect(() => formatDayTime("soon")).toThrow(RangeError);
  });
});
