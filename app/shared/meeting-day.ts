/**
 * The days a question may not fit. A library question declares them in
 * `notWhen`; the generator knows the meeting's weekday and leaves out what
 * does not fit it.
 *
 * - after-weekend: it asks about the previous working day ("yesterday"), so
 *   it does not fit on a Monday, nor on a Sunday (yesterday was a Saturday;
 *   where the week starts on Sunday, that is the day after the weekend).
 * - before-weekend: it asks about the next working day ("tomorrow's
 *   standup"), so it does not fit on a Friday, nor on a Saturday.
 * - sprint-start: it looks back on a sprint that is running. Metadata for
 *   now: no page says when a meeting starts a sprint, so nothing leaves it out.
 */
export const NOT_WHEN = ["after-weekend", "before-weekend", "sprint-start"] as const;
export type NotWhen = (typeof NOT_WHEN)[number];

/** The days of the week as Date.getDay() numbers them: Sunday is 0. */
export const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAY_NAMES)[number];

/**
 * What a meeting on this day leaves out. A day nobody told the server (the
 * page's first question, a plan for some later day, an API caller that
 * sends none) leaves out every question bound to a day: it fits any day.
 */
export function unfitOn(day: Weekday | null): NotWhen[] {
  if (day === null) return ["after-weekend", "before-weekend"];
  const unfit: NotWhen[] = [];
  if (day === "sunday" || day === "monday") unfit.push("after-weekend");
  if (day === "friday" || day === "saturday") unfit.push("before-weekend");
  return unfit;
}

/** Whether a question that declares `notWhen` fits a meeting on `day`. */
export function fitsDay(notWhen: readonly NotWhen[] | undefined, day: Weekday | null): boolean {
  const unfit = unfitOn(day);
  return !(notWhen ?? []).some((tag) => unfit.includes(tag));
}

/** The weekday of a Date.getDay() number. */
export function weekdayNamed(index: number): Weekday {
  return WEEKDAY_NAMES[((index % 7) + 7) % 7] as Weekday;
}

/** The day it is on this device's own clock: the browser's local weekday. */
export function localWeekday(now = new Date()): Weekday {
  return weekdayNamed(now.getDay());
}
