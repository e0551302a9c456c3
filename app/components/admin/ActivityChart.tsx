import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { DailyActivity } from "~/shared/analytics";

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
      <div aria-hidden="true">
        <BarChart responsive data={data} style={{ width: "100%", aspectRatio: 2.2, maxHeight: 360 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5dccd" />
          <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} width={40} />
          <Tooltip />
          {/* Legend text in ink: the series colours are too light for small text. */}
          <Legend formatter={(value) => <span style={{ color: "#1f2a2e" }}>{value}</span>} />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId="a" />
          ))}
        </BarChart>
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
