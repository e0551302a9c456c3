import type { Page } from "playwright-core";

/**
 * An init script that records the layout shifts no input caused, from
 * before the first paint on, as Cumulative Layout Shift counts them.
 */
export const RECORD_LAYOUT_SHIFTS = () => {
  const shifts: number[] = [];
  (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) shifts.push(entry.value);
    }
  }).observe({ type: "layout-shift", buffered: true });
};

/** The page's layout shift so far, as recorded by RECORD_LAYOUT_SHIFTS. */
export const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
