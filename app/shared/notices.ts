import { MORNING_OPENING, openingOf } from "./answers-ahead";
import { type Cadence, localDayOf, parseLocalDate, upcomingMeetings } from "./cadence";
import { zonedInstant } from "./series";

/**
 * What a team's chat is told without anyone asking: one reminder before
 * each meeting of a series, and on weekdays the question of the day. Times
 * on the calendar (the morning at nine, the day before at the meeting's
 * time, a weekday at 9:00) are computed on the team's calendar and only
 * then turned into an instant in its zone, so they stay on the clock
 * across a change of daylight-saving time; "an hour before" is a real hour.
 */
export const REMINDERS = ["no", "hour-before", "morning", "day-before"] as const;
export type Reminder = (typeof REMINDERS)[number];

export const REMINDER_LABELS: Record<Reminder, string> = {
  no: "No reminder",
  "hour-before": "1 hour before",
  morning: "The morning of the meeting, at 9:00",
  "day-before": "The day before, at the same time",
};

/** The instant a meeting's reminder goes out; null when the series sends none. */
export function reminderAt(
  reminder: Reminder,
  meeting: { at: Date; localDay: string },
  timeOfDay: string,
  timeZone: string,
): Date | null {
  switch (reminder) {
    case "no":
      return null;
    case "hour-before":
      return new Date(meeting.at.getTime() - 3_600_000);
    // The same calendar rules as a round opened ahead: nine on the day (the day before for an early meeting).
    case "morning":
      return openingOf("morning", meeting, timeOfDay, timeZone);
    case "day-before":
      return openingOf("day-before", meeting, timeOfDay, timeZone);
  }
}

export type ReminderTime = { meetingAt: Date; localDay: string; remindAt: Date };

/** The first meeting after `after` and when its reminder goes out; null when the series sends none. */
export function nextReminder(
  series: { cadence: Cadence; timeOfDay: string; reminder: Reminder },
  timeZone: string,
  after: Date,
): ReminderTime | null {
  if (series.reminder === "no") return null;
  const [meeting] = upcomingMeetings(series.cadence, series.timeOfDay, timeZone, after, 1);
  if (!meeting) return null;
  const remindAt = reminderAt(series.reminder, meeting, series.timeOfDay, timeZone);
  return remindAt ? { meetingAt: meeting.at, localDay: meeting.localDay, remindAt } : null;
}

/** The question of the day's default time on the team's clock. */
export const QUESTION_OF_DAY_DEFAULT = `${String(MORNING_OPENING.hour).padStart(2, "0")}:00`;

/** Monday to Friday: a "YYYY-MM-DD" day of the calendar that is not a Saturday or a Sunday. */
export function isWeekday(day: string): boolean {
  const date = parseLocalDate(day);
  if (!date) return false;
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

export type QuestionOfDayTime = { day: string; at: Date };

/**
 * The first weekday moment at `timeOfDay` on the team's clock after
 * `after`: Friday's is followed by Monday's.
 */
export function nextQuestionOfDay(timeOfDay: string, timeZone: string, after: Date): QuestionOfDayTime {
  const [hour = 0, minute = 0] = timeOfDay.split(":").map(Number);
  const today = parseLocalDate(localDayOf(after, timeZone));
  if (!today) throw new Error(`No calendar day in ${timeZone} at ${after.toISOString()}`);
  for (let n = 0; ; n++) {
    const utc = new Date(Date.UTC(today.year, today.month - 1, today.day + n));
    const date = { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
    const day = utc.toISOString().slice(0, 10);
    if (!isWeekday(day)) continue;
    const at = zonedInstant(date, { hour, minute }, timeZone);
    if (at > after) return { day, at };
  }
}

/** The instant of a day's question of the day on the team's clock. */
export function questionOfDayInstant(day: string, timeOfDay: string, timeZone: string): Date | null {
  const date = parseLocalDate(day);
  if (!date) return null;
  const [hour = 0, minute = 0] = timeOfDay.split(":").map(Number);
  return zonedInstant(date, { hour, minute }, timeZone);
}
