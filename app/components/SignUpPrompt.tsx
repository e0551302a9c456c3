import { Link, useLocation } from "react-router";
import { Check, X } from "~/components/icons";
import { PinnedToBottom, pinnedCard } from "~/components/PinnedToBottom";
import { rememberPendingSave } from "~/lib/pending-save";
import { dismissSignUpOffer, type PromptTrigger, type SignUpOffer, useSignUpOffer } from "~/lib/sign-up-prompt";

/** What invites a visitor to sign up (a new question, a copy, a vote attempt) and the text each one shows. */
export const PROMPTS: Record<PromptTrigger, { title: string; body: string; button: string }> = {
  after_generation: {
    title: "Love this question?",
    body: "Create a free account to save it forever!",
    button: "Save This Question",
  },
  after_copy: {
    title: "Great choice!",
    body: "Sign up to build your personal collection of questions",
    button: "Start My Collection",
  },
  after_vote_attempt: {
    title: "Help improve our questions!",
    body: "Create a free account to vote and help the community",
    button: "Join the Community",
  },
};

const BENEFITS = ["Save questions", "Vote on quality", "Access anywhere"];

const withReturn = (path: string, returnTo: string) =>
  returnTo === "/" ? path : `${path}?redirectTo=${encodeURIComponent(returnTo)}`;

/**
 * The one place a page shows the sign-up prompt, pinned to the bottom of the
 * window so it never moves the generator or the list. It takes no focus; it
 * is announced and can be dismissed with "Maybe later".
 */
export function SignUpPromptSlot() {
  const offer = useSignUpOffer();
  const location = useLocation();
  return (
    <PinnedToBottom announce>
      {offer && <SignUpPrompt offer={offer} returnTo={`${location.pathname}${location.search}`} />}
    </PinnedToBottom>
  );
}

function SignUpPrompt({ offer, returnTo }: { offer: SignUpOffer; returnTo: string }) {
  const text = PROMPTS[offer.trigger];
  const signUp = withReturn("/sign-up", returnTo);
  // "Save This Question" keeps its promise: the question waits in this browser until the account exists.
  const keepQuestion = () => {
    if (offer.trigger === "after_generation" && offer.question) rememberPendingSave(offer.question);
  };
  const maybeLater = (
    <button
      type="button"
      onClick={dismissSignUpOffer}
      className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium text-ink-muted hover:bg-sand"
    >
      Maybe later
    </button>
  );
  return (
    <aside aria-label="Create a free account" className={pinnedCard}>
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold text-ink">{text.title}</p>
          <p className="text-sm text-ink-muted">{text.body}</p>
        </div>
        {offer.variant === "full" && (
          <button
            type="button"
            onClick={dismissSignUpOffer}
            aria-label="Close"
            className="-mr-1 -mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-sand"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        )}
      </div>
      {offer.variant === "full" && (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-center gap-1.5">
              <Check className="h-4 w-4 text-brand-700" aria-hidden="true" /> {benefit}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link
          to={signUp}
          onClick={keepQuestion}
          className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {offer.variant === "full" ? "Create Free Account" : text.button}
        </Link>
        {offer.variant === "full" && (
          <Link
            to={`/sign-in?redirectTo=${encodeURIComponent(returnTo)}`}
            onClick={keepQuestion}
            className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-brand-800 underline"
          >
            Already have an account?
          </Link>
        )}
        {maybeLater}
      </div>
    </aside>
  );
}
