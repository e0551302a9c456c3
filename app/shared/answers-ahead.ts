import { type Cadence, parseLocalDate, upcomingMeetings } from "./cadence";
import { zonedInstant } from "./series";

/**
 * When a series' meetings open their round for answers ahead of the
 * meeting, on the team's wall clock. A small set a facilitator can say in
 * one breath: the day before at the meeting's own time, the morning of the
 * meeting at nine, or four hours before.
 */
export const OPENS_AHEAD = ["no", "day-before", "morning", "hours-before"] as const;
export type OpensAhead = (typeof OPENS_AHEAD)[number];

/** The morning opening's hour on the team's clock. */
export const MORNING_OPENING = { hour: 9, minute: 0 } as const;
/** The short opening: this many hours before the meeting. */
export const HOURS_AHEAD = 4;

export const OPENS_AHEAD_LABELS: Record<OpensAhead, string> = {
  no: "No, in the meeting",
  "day-before": "The day before, at the same time",
  morning: "The morning of the meeting, at 9:00",
  "hours-before": `${HOURS_AHEAD} hours before`,
};

/** "the day before at 10:00": how the series page says it, after "Answers open ". */
export function openingWords(opensAhead: OpensAhead, timeOfDay: string): string | null {
  switch (opensAhead) {
    case "no":
      return null;
    case "day-before":
      return `the day before at ${timeOfDay}`;
    case "morning":
      return "at 9:00 on the morning of the meeting (the day before when it starts earlier)";
    case "hours-before":
      return `${HOURS_AHEAD} hours before the meeting`;
  }
}

const dayBefore = (iso: string) => {
  const date = parseLocalDate(iso);
  if (!date) return null;
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day - 1));
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
};

/**
 * The instant a meeting's answers open. Wall-clock rules are computed on
 * the calendar and only then turned into an instant in the team's zone, so
 * "the day before at 10:00" stays 10:00 across a clock change (23 or 25
 * hours before); "4 hours before" is four real hours. The morning rule
 * opens the day before when the meeting starts at nine or earlier.
 */
export function openingOf(
  opensAhead: OpensAhead,
  meeting: { at: Date; localDay: string },
  timeOfDay: string,
  timeZone: string,
): Date | null {
  const [hour = 0, minute = 0] = timeOfDay.split(":").map(Number);
  const day = parseLocalDate(meeting.localDay);
  const previous = dayBefore(meeting.localDay);
  if (!day || !previous) return null;
  switch (opensAhead) {
    case "no":
      return null;
    case "day-before":
      return zonedInstant(previous, { hour, minute }, timeZone);
    case "morning": {
      const morning = zonedInstant(day, MORNING_OPENING, timeZone);
      return morning < meeting.at ? morning : zonedInstant(previous, MORNING_OPENING, timeZone);
    }
    case "hours-before":
      return new Date(meeting.at.getTime() - HOURS_AHEAD * 3_600_000);
  }
}

export type Opening = { meetingAt: Date; localDay: string; opensAt: Date };

/** The first meeting after `after` and when its answers open; null when the series does not open ahead. */
export function nextOpening(
  series: { cadence: Cadence; timeOfDay: string; opensAhead: OpensAhead },
  timeZone: string,
  after: Date,
): Opening | null {
  if (series.opensAhead === "no") return null;
  const [meeting] = upcomingMeetings(series.cadence, series.timeOfDay, timeZone, after, 1);
  if (!meeting) return null;
  const opensAt = openingOf(series.opensAhead, meeting, series.timeOfDay, timeZone);
  return opensAt ? { meetingAt: meeting.at, localDay: meeting.localDay, opensAt } : null;
}

/** The sentence a meeting page and a series page show while a round takes answers ahead. */
export function answersOpenWords(answered: number): string {
  return `Answers are open: ${answered} so far. Hidden until you reveal them in the meeting.`;
}
