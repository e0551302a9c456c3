import { lazy, Suspense } from "react";
import { formatDay } from "~/shared/format";
import { PULSE_MIN_ANSWERS, PULSE_QUESTION, type PulsePoint } from "~/shared/series";

const PulseLine = lazy(() => import("./PulseLine"));

/**
 * A series' pulse over time: a point per meeting where at least three
 * people answered, never anyone's own answer; the numbers as a table for
 * screen readers (the drawing is hidden from them).
 */
export function PulseTrend({ points }: { points: PulsePoint[] }) {
  return (
    <section aria-labelledby="pulse" className="mt-8">
      <h2 id="pulse" className="font-serif text-xl font-semibold text-ink">
        Pulse
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        “{PULSE_QUESTION.text}” A meeting shows here once at least {PULSE_MIN_ANSWERS} people answered; answers are only
        ever counted together.
      </p>
      {points.length === 0 ? (
        <p className="mt-3 text-sm text-ink">No meeting has enough answers for a point yet.</p>
      ) : (
        <figure className="mt-3">
          <div aria-hidden="true" className="min-h-40">
            <Suspense fallback={null}>
              <PulseLine points={points} />
            </Suspense>
          </div>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Pulse per meeting</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Meeting
                </th>
                <th scope="col" className="py-1 pr-3">
                  Average
                </th>
                <th scope="col" className="py-1 pr-3">
                  Answers
                </th>
                <th scope="col" className="py-1 pr-3">
                  1 / 2 / 3 / 4 / 5
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={`${p.day}-${p.counts.join()}`} data-pulse-point>
                  <td className="py-0.5 pr-3">{formatDay(p.day)}</td>
                  <td className="py-0.5 pr-3">{p.average}</td>
                  <td className="py-0.5 pr-3">{p.answered}</td>
                  <td className="py-0.5 pr-3">{p.counts.join(" / ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}
