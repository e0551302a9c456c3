import { describe, expect, it } from "vitest";
import { type Cadence, cadenceWords, meetingDay, upcomingMeetings } from "~/shared/cadence";

const MONDAY = 1;
const THURSDAY = 4;
const FRIDAY = 5;

/** The next meetings as the team reads them (day) and as the server stores instants (UTC). */
function next(cadence: Cadence, time: string, zone: string, now: string, count = 3, metOn: string | null = null) {
  return upcomingMeetings(cadence, time, zone, new Date(now), count, metOn).map((o) => ({
    day: meetingDay(o),
    utc: o.at.toISOString(),
  }));
}

describe("a monthly series on the nth weekday", () => {
  const firstThursday: Cadence = { kind: "monthly-weekday", weekday: THURSDAY, week: 1 };

  it("lists the first Thursdays at 10:00 Berlin time from September 2026, across the October clock change", () => {
    // Summer time (UTC+2) until Sunday 25 October 2026, winter time (UTC+1) after.
    expect(next(firstThursday, "10:00", "Europe/Berlin", "2026-09-10T12:00:00Z")).toEqual([
      { day: "Thursday 1 October 2026", utc: "2026-10-01T08:00:00.000Z" },
      { day: "Thursday 5 November 2026", utc: "2026-11-05T09:00:00.000Z" },
      { day: "Thursday 3 December 2026", utc: "2026-12-03T09:00:00.000Z" },
    ]);
  });

  it("says so in plain words", () => {
    expect(cadenceWords(firstThursday, "10:00", "Europe/Berlin")).toBe(
      "First Thursday of the month, 10:00 Berlin time",
    );
    expect(cadenceWords({ kind: "monthly-weekday", weekday: FRIDAY, week: -1 }, "16:00", "America/New_York")).toBe(
      "Last Friday of the month, 16:00 New York time",
    );
  });

  it("takes the last Friday of a month with five, not the fourth, across New York's November change", () => {
    // October 2026 has Fridays on the 2nd, 9th, 16th, 23rd and 30th; New York leaves summer time on 1 November.
    expect(
      next({ kind: "monthly-weekday", weekday: FRIDAY, week: -1 }, "16:00", "America/New_York", "2026-10-05T12:00:00Z"),
    ).toEqual([
      { day: "Friday 30 October 2026", utc: "2026-10-30T20:00:00.000Z" },
      { day: "Friday 27 November 2026", utc: "2026-11-27T21:00:00.000Z" },
      { day: "Friday 25 December 2026", utc: "2026-12-25T21:00:00.000Z" },
    ]);
    expect(
      next(
        { kind: "monthly-weekday", weekday: FRIDAY, week: 4 },
        "16:00",
        "America/New_York",
        "2026-10-05T12:00:00Z",
        1,
      ),
    ).toEqual([{ day: "Friday 23 October 2026", utc: "2026-10-23T20:00:00.000Z" }]);
  });
});

describe("a series every two weeks", () => {
  const everyOther: Cadence = { kind: "every-two-weeks", startsOn: "2026-10-15" };

  it("meets every other Thursday from its first meeting, at 10:00 Berlin time before and after the change", () => {
    expect(next(everyOther, "10:00", "Europe/Berlin", "2026-09-10T12:00:00Z")).toEqual([
      { day: "Thursday 15 October 2026", utc: "2026-10-15T08:00:00.000Z" },
      { day: "Thursday 29 October 2026", utc: "2026-10-29T09:00:00.000Z" },
      { day: "Thursday 12 November 2026", utc: "2026-11-12T09:00:00.000Z" },
    ]);
    // The week in between is skipped.
    expect(next(everyOther, "10:00", "Europe/Berlin", "2026-10-16T12:00:00Z", 1)[0]?.day).toBe(
      "Thursday 29 October 2026",
    );
    expect(cadenceWords(everyOther, "10:00", "Europe/Berlin")).toBe("Every other Thursday, 10:00 Berlin time");
  });
});

describe("a monthly series on a date", () => {
  const theLastDay: Cadence = { kind: "monthly-date", day: 31 };

  it("meets on the 31st, and on the last day of a month without one, across the March change", () => {
    // Berlin goes to summer time on Sunday 28 March 2027.
    expect(next(theLastDay, "09:00", "Europe/Berlin", "2027-01-15T12:00:00Z")).toEqual([
      { day: "Sunday 31 January 2027", utc: "2027-01-31T08:00:00.000Z" },
      { day: "Sunday 28 February 2027", utc: "2027-02-28T08:00:00.000Z" },
      { day: "Wednesday 31 March 2027", utc: "2027-03-31T07:00:00.000Z" },
    ]);
    expect(next(theLastDay, "09:00", "Europe/Berlin", "2028-02-01T12:00:00Z", 2).map((o) => o.day)).toEqual([
      "Tuesday 29 February 2028",
      "Friday 31 March 2028",
    ]);
    expect(next({ kind: "monthly-date", day: 30 }, "09:00", "Europe/Berlin", "2027-04-01T12:00:00Z", 1)[0]?.day).toBe(
      "Friday 30 April 2027",
    );
  });

  it("says what happens in a shorter month", () => {
    expect(cadenceWords(theLastDay, "09:00", "Europe/Berlin")).toBe(
      "The 31st of the month (the last day in shorter months), 09:00 Berlin time",
    );
    expect(cadenceWords({ kind: "monthly-date", day: 15 }, "09:00", "UTC")).toBe("The 15th of the month, 09:00 UTC");
  });
});

describe("a weekly series", () => {
  const monday: Cadence = { kind: "weekly", weekday: MONDAY };

  it("is Monday 09:30 Berlin time, an hour earlier in UTC once the clocks have gone forward", () => {
    // Friday 27 March 2026, noon UTC: winter time (UTC+1) until Sunday 29 March.
    expect(next(monday, "09:30", "Europe/Berlin", "2026-03-20T12:00:00Z", 2)).toEqual([
      { day: "Monday 23 March 2026", utc: "2026-03-23T08:30:00.000Z" },
      { day: "Monday 30 March 2026", utc: "2026-03-30T07:30:00.000Z" },
    ]);
    expect(cadenceWords(monday, "09:30", "Europe/Berlin")).toBe("Every Monday, 09:30 Berlin time");
  });

  it("is today while today's time is ahead, next week once it has passed or the team has met today", () => {
    const mondayMorning = "2026-03-30T07:00:00Z"; // 09:00 in Berlin
    expect(next(monday, "09:30", "Europe/Berlin", mondayMorning, 1)[0]?.day).toBe("Monday 30 March 2026");
    expect(next(monday, "09:30", "Europe/Berlin", "2026-03-30T07:30:00Z", 1)[0]?.day).toBe("Monday 6 April 2026");
    // Started five minutes early: that day's meeting is done.
    expect(next(monday, "09:30", "Europe/Berlin", mondayMorning, 1, "2026-03-30")[0]?.day).toBe("Monday 6 April 2026");
  });

  it("counts the day in the team's zone, not in UTC, and keeps New York's autumn change", () => {
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo: the 09:00 meeting is half an hour away.
    expect(next(monday, "09:00", "Asia/Tokyo", "2026-03-29T23:30:00Z", 1)[0]?.utc).toBe("2026-03-30T00:00:00.000Z");
    expect(next(monday, "09:30", "America/New_York", "2026-10-31T12:00:00Z", 1)[0]?.utc).toBe(
      "2026-11-02T14:30:00.000Z",
    );
  });
});
