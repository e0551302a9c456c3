import type { RoundQuestion } from "~/shared/live";
import { tallyOf } from "~/shared/live-view";
import type { Tone } from "./WordCloud";

type Props = {
  question: Pick<RoundQuestion, "options" | "mode">;
  /** Visible answers per option (the results' tally). */
  counts: number[];
  tone?: Tone;
  size?: "screen" | "phone";
};

/** One bar per option of a scale or a pick, in the question's order, with its count and share. */
export function ScaleBars({ question, counts, tone = "light", size = "phone" }: Props) {
  const rows = tallyOf(question, counts);
  const dark = tone === "dark";
  return (
    <ul aria-label={question.mode === "scale" ? "Answers on the scale" : "Choices"} className="space-y-3">
      {rows.map((row, index) => {
        const percent = Math.round(row.share * 100);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position; the list never reorders.
          <li key={`${index}-${row.label}`}>
            <div
              className={`flex items-baseline justify-between gap-3 ${size === "screen" ? "text-2xl" : "text-base"}`}
            >
              <span className="min-w-0 break-words font-medium">
                {question.mode === "scale" && row.label !== String(index + 1)
                  ? `${index + 1} · ${row.label}`
                  : row.label}
              </span>
              <span className={`shrink-0 tabular-nums ${dark ? "text-brand-100" : "text-ink-muted"}`}>
                <span aria-hidden="true">
                  {row.count} · {percent}%
                </span>
                <span className="sr-only">
                  {row.count} {row.count === 1 ? "answer" : "answers"}, {percent} percent
                </span>
              </span>
            </div>
            <div
              aria-hidden="true"
              className={`mt-1.5 overflow-hidden rounded-full ${dark ? "bg-white/10" : "bg-sand"} ${size === "screen" ? "h-5" : "h-3"}`}
            >
              <div
                className={`h-full rounded-full transition-[width] duration-500 ${dark ? "bg-accent-400" : "bg-brand-600"}`}
                style={{ width: `${percent}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
