import { formatDay } from "./format";
import { type Weekday, weekdayNamed } from "./meeting-day";
import { type LocalDate, localDateOf, WEEKDAYS, zonedInstant } from "./series";

/**
 * How often a series meets, on the wall clock of the team's time zone:
 * every week or every two weeks on a weekday, monthly on the nth (or last)
 * weekday, or monthly on a date. Pure calendar arithmetic on dates; only
 * the last step, the instant of a date's HH:MM, asks the time zone, so a
 * daylight-saving change moves the UTC instant and never the meeting.
 */

export const CADENCES = ["weekly", "every-two-weeks", "monthly-weekday", "monthly-date"] as const;
export type CadenceKind = (typeof CADENCES)[number];

/** Which weekday of the month: the first to the fourth, or -1 for the last (a fifth exists only in some months). */
export const WEEKS_OF_MONTH = [1, 2, 3, 4, -1] as const;
export type WeekOfMonth = (typeof WEEKS_OF_MONTH)[number];

export type Cadence =
  | { kind: "weekly"; weekday: number }
  /** `startsOn` is a day the series meets (YYYY-MM-DD): it fixes the weekday and which weeks. */
  | { kind: "every-two-weeks"; startsOn: string }
  | { kind: "monthly-weekday"; weekday: number; week: WeekOfMonth }
  /** A day of the month, 1-31: in a month without it the meeting is on the month's last day. */
  | { kind: "monthly-date"; day: number };

/** The choices of the series form: the fields under it then ask which weekday, which week or which date. */
export const CADENCE_LABELS: Record<CadenceKind, string> = {
  weekly: "Every week",
  "every-two-weeks": "Every two weeks",
  "monthly-weekday": "Monthly, on a weekday",
  "monthly-date": "Monthly, on a date",
};

export const WEEK_OF_MONTH_LABELS: Record<WeekOfMonth, string> = {
  1: "First",
  2: "Second",
  3: "Third",
  4: "Fourth",
  [-1]: "Last",
};

export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-10-01" as a date, or null when it is not a real day of the calendar. */
export function parseLocalDate(iso: string): LocalDate | null {
  if (!ISO_DAY.test(iso)) return null;
  const [year = 0, month = 0, day = 0] = iso.split("-").map(Number);
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return { year, month, day };
}

const toIso = (d: LocalDate) =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** Days since 1970-01-01 of a calendar date: calendar arithmetic on UTC dates never meets a clock change. */
const dayNumber = (d: LocalDate) => Math.round(Date.UTC(d.year, d.month - 1, d.day) / 86_400_000);

const fromDayNumber = (n: number): LocalDate => {
  const utc = new Date(n * 86_400_000);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
};

const weekdayOf = (d: LocalDate) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();

const daysInMonth = (d: LocalDate) => new Date(Date.UTC(d.year, d.month, 0)).getUTCDate();

/** The weekday the series meets on; null for a monthly date, which falls on any weekday. */
export function cadenceWeekday(cadence: Cadence): number | null {
  switch (cadence.kind) {
    case "weekly":
    case "monthly-weekday":
      return cadence.weekday;
    case "every-two-weeks": {
      const start = parseLocalDate(cadence.startsOn);
      return start ? weekdayOf(start) : null;
    }
    case "monthly-date":
      return null;
  }
}

/** Whether the series meets on this calendar day. */
export function meetsOn(cadence: Cadence, date: LocalDate): boolean {
  switch (cadence.kind) {
    case "weekly":
      return weekdayOf(date) === cadence.weekday;
    case "every-two-weeks": {
      const start = parseLocalDate(cadence.startsOn);
      if (!start) return false;
      const apart = dayNumber(date) - dayNumber(start);
      return apart >= 0 && apart % 14 === 0;
    }
    case "monthly-weekday": {
      if (weekdayOf(date) !== cadence.weekday) return false;
      if (cadence.week === -1) return date.day + 7 > daysInMonth(date);
      return Math.ceil(date.day / 7) === cadence.week;
    }
    case "monthly-date":
      return date.day === Math.min(cadence.day, daysInMonth(date));
  }
}

export type Occurrence = {
  /** The moment itself. */
  at: Date;
  /** Its day in the team's time zone, YYYY-MM-DD. */
  localDay: string;
  weekday: number;
};

/** The longest gap between two meetings of any cadence is 35 days (the first Monday of two months). */
const LONGEST_GAP_DAYS = 35;

/**
 * The series' next `count` meetings after `now`, at `timeOfDay` on the wall
 * clock of `timeZone`. A day on which the series already met (`metOn`, its
 * local day) is done: a meeting started a few minutes early is not listed
 * again as still to come.
 */
export function upcomingMeetings(
  cadence: Cadence,
  timeOfDay: string,
  timeZone: string,
  now: Date,
  count: number,
  metOn: string | null = null,
): Occurrence[] {
  const [hour = 0, minute = 0] = timeOfDay.split(":").map(Number);
  const today = dayNumber(localDateOf(now, timeZone));
  const start = cadence.kind === "every-two-weeks" ? parseLocalDate(cadence.startsOn) : null;
  // A series every two weeks may start months ahead: the search starts at its first meeting.
  const first = start ? Math.max(today, dayNumber(start)) : today;
  const found: Occurrence[] = [];
  for (let n = first; found.length < count && n <= first + LONGEST_GAP_DAYS * (count + 1); n++) {
    const date = fromDayNumber(n);
    if (!meetsOn(cadence, date)) continue;
    const localDay = toIso(date);
    if (metOn !== null && localDay <= metOn) continue;
    const at = zonedInstant(date, { hour, minute }, timeZone);
    if (at.getTime() > now.getTime()) found.push({ at, localDay, weekday: weekdayOf(date) });
  }
  return found;
}

const ORDINAL_WORDS: Record<WeekOfMonth, string> = { 1: "first", 2: "second", 3: "third", 4: "fourth", [-1]: "last" };

/** "1st", "2nd", "3rd", "11th", "22nd", "31st". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** "Berlin time" for Europe/Berlin, "New York time" for America/New_York; UTC stays UTC. */
export function zoneWords(timeZone: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "UTC";
  const city = timeZone.split("/").at(-1)?.replaceAll("_", " ") ?? timeZone;
  return `${city} time`;
}

/** How often the series meets, in words: "First Thursday of the month". */
export function cadenceDays(cadence: Cadence): string {
  switch (cadence.kind) {
    case "weekly":
      return `Every ${WEEKDAYS[cadence.weekday] ?? "?"}`;
    case "every-two-weeks":
      return `Every other ${WEEKDAYS[cadenceWeekday(cadence) ?? -1] ?? "?"}`;
    case "monthly-weekday": {
      const which = ORDINAL_WORDS[cadence.week];
      return `${which[0]?.toUpperCase()}${which.slice(1)} ${WEEKDAYS[cadence.weekday] ?? "?"} of the month`;
    }
    case "monthly-date":
      return cadence.day > 28
        ? `The ${ordinal(cadence.day)} of the month (the last day in shorter months)`
        : `The ${ordinal(cadence.day)} of the month`;
  }
}

/** "First Thursday of the month, 10:00 Berlin time": the series' moment as the team reads it. */
export function cadenceWords(cadence: Cadence, timeOfDay: string, timeZone: string): string {
  return `${cadenceDays(cadence)}, ${timeOfDay} ${zoneWords(timeZone)}`;
}

/** "Thursday 1 October 2026": a meeting's day as the team's calendar shows it. */
export function meetingDay(occurrence: { localDay: string; weekday: number }): string {
  return `${WEEKDAYS[occurrence.weekday] ?? ""} ${formatDay(occurrence.localDay)}`.trim();
}

/** The day it is in a time zone at an instant, YYYY-MM-DD. */
export function localDayOf(instant: Date, timeZone: string): string {
  return toIso(localDateOf(instant, timeZone));
}

/** The weekday it is in a time zone at an instant: a team's day, whatever the server's clock says. */
export function weekdayIn(instant: Date, timeZone: string): Weekday {
  return weekdayNamed(weekdayOf(localDateOf(instant, timeZone)));
}
