import type { ReactNode } from "react";

/**
 * A notice pinned to the bottom of the window (centred on a phone, at the
 * right on wider screens), over the page's lower part rather than in its
 * flow: it moves nothing, and the question at the top stays in view.
 */
export function PinnedToBottom({ announce = false, children }: { announce?: boolean; children: ReactNode }) {
  return (
    <div
      aria-live={announce ? "polite" : undefined}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:justify-end sm:p-5"
    >
      {children}
    </div>
  );
}

/** The card a pinned notice sits in; it takes clicks although its frame does not. */
export const pinnedCard =
  "pointer-events-auto w-full max-w-md rounded-2xl border border-brand-200 bg-white p-4 shadow-xl shadow-brand-900/10";
