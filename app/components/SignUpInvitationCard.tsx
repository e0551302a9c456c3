import { Link, useLocation } from "react-router";
import { secondaryButton } from "~/components/buttons";
import { rememberPendingSave } from "~/lib/pending-save";
import { answerSignUpOffer, type PromptTrigger, type SignUpOffer } from "~/lib/sign-up-prompt";

/** What invites a visitor to sign up (a new question, a copy, a vote or a save without an account) and its words. */
const PROMPTS: Record<PromptTrigger, { title: string; body: string; button: string; keepsQuestion?: boolean }> = {
  after_generation: {
    title: "Love this question?",
    body: "Create a free account to save it forever!",
    button: "Save This Question",
    keepsQuestion: true,
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
  after_save_attempt: {
    title: "Keep this question?",
    body: "Create a free account to save it and find it again on any device",
    button: "Save This Question",
    keepsQuestion: true,
  },
};

const withReturn = (path: string, returnTo: string) =>
  returnTo === "/" ? path : `${path}?redirectTo=${encodeURIComponent(returnTo)}`;

/**
 * The sign-up invitation itself: one design for every trigger, calm, in the
 * page's flow. Its code is fetched only when a visitor might need it
 * (`SignUpPrompt.tsx`).
 */
export default function SignUpInvitationCard({ offer, className }: { offer: SignUpOffer; className: string }) {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const text = PROMPTS[offer.trigger];
  // "Save This Question" keeps its promise: the question waits in this browser until the account exists.
  const follow = () => {
    if (text.keepsQuestion && offer.question) rememberPendingSave(offer.question);
    answerSignUpOffer();
  };
  return (
    <section
      aria-label="Create a free account"
      className={`rounded-2xl border border-brand-200 bg-brand-50 p-4 ${className}`}
    >
      <p className="font-semibold text-ink">{text.title}</p>
      <p className="text-sm text-ink-muted">{text.body}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1">
        <Link to={withReturn("/sign-up", returnTo)} onClick={follow} className={secondaryButton}>
          {text.button}
        </Link>
        <button
          type="button"
          onClick={answerSignUpOffer}
          className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-ink-muted hover:bg-white"
        >
          Maybe later
        </button>
        <Link
          to={`/sign-in?redirectTo=${encodeURIComponent(returnTo)}`}
          onClick={follow}
          className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-brand-800 underline hover:bg-white"
        >
          Already have an account?
        </Link>
      </div>
    </section>
  );
}
