import { useState } from "react";
import { Link } from "react-router";
import { X } from "~/components/icons";
import { dismissPremiumNote } from "~/lib/directed-ai-client";

/**
 * Said once to a free member, quietly and in the flow below the generator:
 * what Premium's AI would add. Put away with one tap, for good.
 */
export function PremiumNote() {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <aside
      aria-label="What Premium adds"
      className="mx-auto mt-6 flex max-w-4xl items-start gap-2 rounded-2xl border border-line bg-white px-4 py-3 text-sm text-ink-muted sm:px-5"
    >
      <p className="flex-1 py-2">
        With Premium, the AI takes direction: tell it about your team and get three questions to choose from, rewrite
        any question in a tone, or ask for a follow-up.{" "}
        <Link to="/studio" className="font-medium text-brand-800 underline">
          See what it adds
        </Link>
      </p>
      <button
        type="button"
        aria-label="Dismiss the note on Premium"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-brand-50"
        onClick={() => {
          setShown(false);
          dismissPremiumNote();
        }}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
