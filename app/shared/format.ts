/**
 * Counts and dates as readers see them, the same on the server and in every
 * browser. Written out rather than with Intl: a browser's first Intl
 * formatter loads locale data, which took 20-80 ms on the home page's
 * hydration in Chromium, longer than rendering the whole page.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "1,234" from 1234. */
export function formatCount(count: number): string {
  return Math.trunc(count)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "20 November 2026" from "2026-11-20" (or a full ISO timestamp: its UTC day). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number);
  const monthName = month ? MONTHS[month - 1] : undefined;
  if (!year || !monthName || !day) throw new RangeError(`Not an ISO date: ${isoDate}`);
  return `${day} ${monthName} ${year}`;
}

/** "20 November 2026, 14:05" from a moment, in UTC. */
export function formatDayTime(moment: Date | string): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(moment)}`);
  const iso = date.toISOString();
  return `${formatDay(iso)}, ${iso.slice(11, 16)}`;
}
