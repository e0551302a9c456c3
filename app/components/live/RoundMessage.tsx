import type { ReactNode } from "react";
import { Link } from "react-router";
import { livePaths, spacedCode } from "~/shared/live";

/** A round that cannot be shown here: no such code, not the host, a recap that is gone. */
export function RoundMessage({
  title,
  children,
  code,
  joinDirect,
}: {
  title: string;
  children: ReactNode;
  /** The code tried, prefilled in the join link. */
  code?: string;
  /** Link straight to the round's own page: the code is right, the screen is not theirs. */
  joinDirect?: boolean;
}) {
  const href = code
    ? joinDirect
      ? livePaths.participant(code)
      : `${livePaths.join}?code=${encodeURIComponent(code)}`
    : livePaths.join;
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-20">
      <section className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Live round</p>
        <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight text-ink">{title}</h1>
        <div className="mt-3 text-ink-muted">{children}</div>
        <p className="mt-6">
          <Link
            to={href}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {joinDirect && code ? `Join round ${spacedCode(code)}` : "Join a round with a code"}
          </Link>
        </p>
      </section>
    </div>
  );
}
