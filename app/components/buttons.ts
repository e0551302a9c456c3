/**
 * The buttons of CircleUp's light pages: 44 px tall (a thumb's size), and an
 * outline at 3:1 or more against white, so a control looks like one.
 */
export const primaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-brand-600 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60";

/** A quiet action (an icon, or a few words) that still shows its outline. */
export const quietButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border border-ink-muted/70 bg-white px-3 text-sm font-medium text-ink hover:bg-sand disabled:border-line disabled:text-ink-muted";

/** A question card's controls (Present, Copy, Save) and the buttons beside them: white, a `line-strong` edge. */
export const control =
  "tap-box inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border border-line-strong bg-white px-3 text-sm font-medium text-ink hover:bg-brand-50 disabled:opacity-50";
