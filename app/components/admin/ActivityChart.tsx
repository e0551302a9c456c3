import { lazy, Suspense } from "react";
import type { DailyActivity } from "~/shared/analytics";

const ActivityBars = lazy(() => import("./ActivityBars"));

const SERIES = [
  { key: "page_view", label: "Page views", color: "#17645b" },
  { key: "generation", label: "Generations", color: "#f2a65a" },
  { key: "sign_up", label: "Sign-ups", color: "#b24c16" },
  { key: "vote", label: "Votes", color: "#4a585d" },
] as const;

/** Product activity per day from our own analytics events, with the numbers as a table for screen readers. */
export function ActivityChart({ data }: { data: DailyActivity[] }) {
  return (
    <figure>
      {/* The drawing is loaded apart: the charting library is large and only this page needs it. */}
      <div aria-hidden="true" style={{ width: "100%", aspectRatio: 2.2, maxHeight: 360 }}>
        <Suspense fallback={null}>
          <ActivityBars data={data} series={SERIES} />
        </Suspense>
      </div>
      <figcaption className="mt-2 text-sm text-ink-muted">
        Last {data.length} days, UTC. Page views count only visitors who accepted cookies.
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer py-2.5 font-semibold text-brand-800">The numbers</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">
                Day
              </th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-3">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <td className="py-0.5 pr-3">{d.day}</td>
                {SERIES.map((s) => (
                  <td key={s.key} className="py-0.5 pr-3">
                    {d[s.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
