import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { DailyActivity } from "~/shared/analytics";

type Series = readonly { key: Exclude<keyof DailyActivity, "day">; label: string; color: string }[];

/** The drawing of the activity per day, stacked by kind; the figure around it holds the numbers. */
export default function ActivityBars({ data, series }: { data: DailyActivity[]; series: Series }) {
  return (
    <BarChart responsive data={data} style={{ width: "100%", aspectRatio: 2.2, maxHeight: 360 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#e5dccd" />
      <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
      <YAxis allowDecimals={false} fontSize={12} width={40} />
      <Tooltip />
      {/* Legend text in ink: the series colours are too light for small text. */}
      <Legend formatter={(value) => <span style={{ color: "#1f2a2e" }}>{value}</span>} />
      {series.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId="a" />
      ))}
    </BarChart>
  );
}
