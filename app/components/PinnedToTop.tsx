import { type ReactNode, useEffect, useState } from "react";
import { X } from "~/components/icons";

/** How long a pinned note stays: long enough to read a line, short enough not to stay in the way. */
const PINNED_NOTE_MS = 6000;

/**
 * A one-line note pinned over the site's header for a few seconds: a question
 * saved on the first page after signing in, which no click of that page
 * caused, so it cannot push the page down. The header holds nothing of the
 * job, neither the question, Generate nor a card's actions, and the note is
 * out of the flow, so it covers none of them and moves nothing when it goes.
 * It goes by itself (held while the pointer rests on it), or at once when
 * focus reaches the header, so it never hides a focused link; its close
 * button (`closeLabel`) ends it at once.
 */
export function PinnedToTop({
  label,
  closeLabel,
  onGone,
  children,
}: {
  label: string;
  closeLabel: string;
  onGone: () => void;
  children: ReactNode;
}) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onGone, PINNED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [held, onGone]);
  useEffect(() => {
    const toHeader = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.closest("header")) onGone();
    };
    document.addEventListener("focusin", toHeader);
    return () => document.removeEventListener("focusin", toHeader);
  }, [onGone]);
  return (
    <section
      aria-label={label}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      className="fixed inset-x-0 top-0 z-40 h-14 border-b border-line bg-white lg:h-16"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-4 text-sm leading-6 text-ink sm:px-6">
        {children}
        <button
          type="button"
          onClick={onGone}
          aria-label={closeLabel}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-sand"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
