import { formatInZone, PULSE_MIN_ANSWERS } from "~/shared/series";
import type { TeamRoundRecap } from "~/shared/team-meetings";

/** A team round afterwards, as the team keeps it: each question's counts and visible answers, never a name. */
export function TeamRecap({ recap, timeZone }: { recap: TeamRoundRecap; timeZone: string }) {
  return (
    <section aria-labelledby="recap" className="mt-8">
      <h2 id="recap" className="font-serif text-xl font-semibold text-ink">
        Team round recap
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Ended {formatInZone(recap.endedAt, timeZone)} · {recap.participantCount}{" "}
        {recap.participantCount === 1 ? "person" : "people"} joined{recap.anonymous ? " · anonymous" : ""}
      </p>
      <ol className="mt-3 space-y-4">
        {recap.questions.map((q) => (
          <li key={q.text} className="rounded-2xl border border-line bg-white p-4">
            <p className="font-serif text-lg text-ink">{q.text}</p>
            <p className="mt-1 text-sm text-ink-muted">
              {q.answeredCount} answered · {q.passedCount} passed
              {q.pulse
                ? q.tally.length > 0
                  ? " · the pulse: counted together only"
                  : ` · the pulse shows from ${PULSE_MIN_ANSWERS} answers`
                : ""}
            </p>
            {q.tally.length > 0 && (
              <ul className="mt-2 space-y-0.5 text-sm text-ink">
                {q.options.map((option, i) => (
                  <li key={option}>
                    {option}: {q.tally[i] ?? 0}
                  </li>
                ))}
              </ul>
            )}
            {q.words.length > 0 && (
              <p className="mt-2 text-sm text-ink">{q.words.map((w) => `${w.word} (${w.count})`).join(", ")}</p>
            )}
            {q.answers.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
                {q.answers.map((text, i) => (
                  // Answers carry no id once kept; their order is the order they came in.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a kept answer has no identity beyond its place
                  <li key={i}>{text}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
