import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { PulsePoint } from "~/shared/series";

/** The drawing of a series' pulse: the average per meeting on the 1-5 scale. Loaded apart, so the page does not wait for it. */
export default function PulseLine({ points }: { points: PulsePoint[] }) {
  return (
    <LineChart responsive data={points} style={{ width: "100%", aspectRatio: 2.2, maxHeight: 320 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#e5dccd" />
      <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
      <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} fontSize={12} width={30} />
      <Tooltip />
      <Line type="monotone" dataKey="average" name="Average energy" stroke="#17645b" strokeWidth={2} dot />
    </LineChart>
  );
}
