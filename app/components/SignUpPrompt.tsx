import { Link } from "react-router";
import { Check, X } from "~/components/icons";

/** What invites a visitor to sign up (a new question, a copy, a vote attempt) and the text each one shows. */
export const PROMPTS = {
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
} as const;
export type PromptTrigger = keyof typeof PROMPTS;

const BENEFITS = ["Save questions", "Vote on quality", "Access anywhere"];

type Props = {
  trigger?: PromptTrigger;
  variant: "compact" | "full";
  /** Where sign-in should bring the visitor back to. */
  returnTo: string;
  onDismiss: () => void;
};

export function SignUpPrompt({ trigger = "after_generation", variant, returnTo, onDismiss }: Props) {
  const text = PROMPTS[trigger];
  const signIn = `/sign-in?redirectTo=${encodeURIComponent(returnTo)}`;
  if (variant === "compact") {
    return (
      <aside
        aria-label="Create a free account"
        className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center"
      >
        <div className="flex-1">
          <p className="font-semibold text-ink">{text.title}</p>
          <p className="text-sm text-ink-muted">{text.body}</p>
        </div>
        <div className="flex items-center gap-2">
          <Link
            to="/sign-up"
            className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {text.button}
          </Link>
          <button
            type="button"
            onClick={onDismiss}
            className="rounded-full px-3 py-2 text-sm font-medium text-ink-muted hover:bg-white"
          >
            Maybe later
          </button>
        </div>
      </aside>
    );
  }
  return (
    <aside
      aria-label="Create a free account"
      className="relative rounded-3xl border border-brand-200 bg-white p-6 shadow-lg sm:p-8"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Close"
        className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-muted hover:bg-sand"
      >
        <X className="h-5 w-5" aria-hidden="true" />
      </button>
      <p className="font-serif text-2xl font-semibold text-ink">{text.title}</p>
      <p className="mt-2 text-ink-muted">{text.body}</p>
      <ul className="mt-4 space-y-2">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-center gap-2 text-ink">
            <Check className="h-4 w-4 text-brand-700" aria-hidden="true" /> {benefit}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Link
          to="/sign-up"
          className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Create Free Account
        </Link>
        <Link to={signIn} className="rounded-full px-3 py-2.5 font-medium text-brand-800 underline">
          Already have an account?
        </Link>
        <button
          type="button"
          onClick={onDismiss}
          className="rounded-full px-3 py-2.5 font-medium text-ink-muted hover:bg-sand"
        >
          Maybe later
        </button>
      </div>
    </aside>
  );
}
