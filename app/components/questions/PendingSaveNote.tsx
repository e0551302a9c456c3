import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { BookmarkCheck } from "~/components/icons";
import { PinnedToTop } from "~/components/PinnedToTop";
import { setSaved } from "~/lib/community-client";
import { clearPendingSave, pendingSave } from "~/lib/pending-save";
import { stripSurroundingQuotes } from "~/shared/questions";

/**
 * Saves the question a visitor asked to keep before they had an account, on
 * the first page they open signed in (after sign-up and verification, or
 * sign-in), and says so over the header for a few seconds. A failed save
 * stays pending for the next page.
 */
export function PendingSaveNote({ signedIn }: { signedIn: boolean }) {
  const [saved, setSavedText] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const pending = pendingSave();
    if (!pending) return;
    let cancelled = false;
    void setSaved(pending.id, true).then((outcome) => {
      // A question deleted since cannot be saved; nothing is left to wait for.
      if (outcome.ok || outcome.status === 404) clearPendingSave();
      if (outcome.ok && !cancelled) setSavedText(pending.question);
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
  const hide = useCallback(() => setSavedText(null), []);
  if (!saved) return null;
  return (
    <PinnedToTop label="Question saved" closeLabel="Close" onGone={hide}>
      <BookmarkCheck className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
      <p role="status" className="min-w-0 flex-1">
        <span className="line-clamp-1">Saved “{stripSurroundingQuotes(saved)}”</span>
        <span className="line-clamp-1">
          to your{" "}
          <Link to="/saved-questions" className="font-semibold text-brand-800 underline">
            saved questions
          </Link>
          .
        </span>
      </p>
    </PinnedToTop>
  );
}
