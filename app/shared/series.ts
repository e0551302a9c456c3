import { formatDayTime } from "./format";
/** Meeting series: the team's wall clock, the host rotation and the pulse (how often a series meets: cadence.ts). */

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const SERIES_NAME_MAX = 80;

/** The category value of a series that is not about one kind of meeting. */
export const ANY_MEETING = "any";

/** A pulse point is shown only when at least this many people answered, so no one's answer stands out. */
export const PULSE_MIN_ANSWERS = 3;

/** What a screen, recap or file says of the pulse in place of counts below PULSE_MIN_ANSWERS answers. */
export const PULSE_WITHHELD = "Counts show from three answers, so nobody's answer can be told from them.";

/** The scale every pulse opens with: kind, about the person's state, never about anyone's work. */
export const PULSE_QUESTION = {
  text: "How full is your energy tank as we start? 1 = running on fumes, 5 = full",
  options: ["1", "2", "3", "4", "5"],
} as const;

/**
 * Whether a round's question is the pulse: asked without a library question,
 * with the pulse's own text. Its answers are counted, never shown one by one
 * or by name, and its counts only from PULSE_MIN_ANSWERS answers.
 */
export function isPulseQuestion(question: { questionId: string | null; text: string }): boolean {
  return question.questionId === null && question.text === PULSE_QUESTION.text;
}

/** With fewer hosts, the one after the person due hosted last: skipping would mean the same host twice. */
export const MIN_HOSTS_TO_SKIP = 3;

export const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

/** A day of the calendar, month 1-12. */
export type LocalDate = { year: number; month: number; day: number };

const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall clock in a time zone at an instant. */
function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    weekday: "short",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    year: Number(part("year")),
    month: Number(part("month")),
    day: Number(part("day")),
    hour: Number(part("hour")),
    minute: Number(part("minute")),
    weekday: WEEKDAY_SHORT.indexOf(part("weekday")),
  };
}

/** The calendar day it is in a time zone at an instant. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/** "26 November 2026, 17:17": a moment as the team's clocks showed it. */
export function formatInZone(moment: Date | string, timeZone: string): string {
  const instant = new Date(moment);
  return formatDayTime(new Date(instant.getTime() + offsetAt(instant, timeZone)));
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time happens in a zone. A time the clocks skip
 * (02:30 on the night they go forward) happens as the same time after the
 * change (03:30); a time that happens twice counts the first.
 */
export function zonedInstant(date: LocalDate, time: { hour: number; minute: number }, timeZone: string): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  const before = offsetAt(new Date(naive - 12 * 3_600_000), timeZone);
  const after = offsetAt(new Date(naive + 12 * 3_600_000), timeZone);
  // The earlier offset first, so an hour that happens twice gives its first time.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const candidate = new Date(naive - offset);
    if (offsetAt(candidate, timeZone) === offset) return candidate;
  }
  // Skipped by the change: the same clock time with the offset from before it.
  return new Date(naive - before);
}

/**
 * Who hosts next: the person after the most recent host who is still in the
 * rotation (people who left it are skipped), or the first in order when
 * none of the recent hosts is. `recentHosts` is newest first; `skip` moves
 * on that many more (a facilitator's "skip to next").
 */
export function nextHost(order: readonly string[], recentHosts: readonly (string | null)[], skip = 0): string | null {
  if (order.length === 0) return null;
  const last = recentHosts.find((host) => host !== null && order.includes(host));
  const start = last === undefined || last === null ? 0 : order.indexOf(last) + 1;
  return order[(start + skip) % order.length] ?? null;
}

/** A pulse round's answers per scale step, and whether the point may be shown. */
export type PulsePoint = { day: string; counts: number[]; answered: number; average: number };

/** The points of a pulse chart: only meetings where enough people answered, never fewer. */
export function pulsePoints(meetings: readonly { heldAt: string; counts: readonly number[] | null }[]): PulsePoint[] {
  const points: PulsePoint[] = [];
  for (const { heldAt, counts } of meetings) {
    if (!counts) continue;
    const answered = counts.reduce((sum, n) => sum + n, 0);
    if (answered < PULSE_MIN_ANSWERS) continue;
    const total = counts.reduce((sum, n, i) => sum + n * (i + 1), 0);
    points.push({
      day: heldAt.slice(0, 10),
      counts: [...counts],
      answered,
      average: Math.round((total / answered) * 10) / 10,
    });
  }
  return points;
}
