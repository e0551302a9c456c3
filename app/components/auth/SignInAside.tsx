import { Link } from "react-router";
import { Check, Sparkles } from "~/components/icons";

/**
 * Beside the sign-in form: what an account gives, and the way to a free one;
 * the AI limits in the server's one sentence, where it has an AI.
 */
export function SignInAside({ signUpHref, quota }: { signUpHref: string; quota: string | null }) {
  const BENEFITS = [
    "Save the questions that worked for your team",
    "Vote to lift the best questions for everyone",
    ...(quota ? ["More new AI questions than without an account"] : []),
    "Your history on every device",
  ];
  return (
    <>
      <section className="rounded-3xl bg-brand-50 p-6" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="font-serif text-xl font-semibold text-ink">
          With your account
        </h2>
        <ul className="mt-4 space-y-3">
          {BENEFITS.map((b) => (
            <li key={b} className="flex gap-2.5 text-ink">
              <Check className="mt-1 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              {b}
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-3xl border border-line bg-white p-6" aria-labelledby="promo-title">
        <h2 id="promo-title" className="flex items-center gap-2 font-semibold text-ink">
          <Sparkles className="h-4 w-4 text-accent-600" aria-hidden="true" />
          New here? Accounts are free.
        </h2>
        <p className="mt-2 text-sm text-ink-muted">
          {quota ? `${quota} Accounts also save and vote.` : "Accounts save questions and vote."}
        </p>
        <Link
          to={signUpHref}
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Create a free account
        </Link>
      </section>
    </>
  );
}
