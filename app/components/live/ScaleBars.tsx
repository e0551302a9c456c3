import type { RoundQuestion } from "~/shared/live";
import { scaleStepLabel, scaleSteps } from "~/shared/live-modes";
import { tallyOf } from "~/shared/live-view";
import type { Tone } from "./WordCloud";

type Props = {
  question: Pick<RoundQuestion, "options" | "mode"> & { text?: string };
  /** Visible answers per option (the results' tally). */
  counts: number[];
  tone?: Tone;
  size?: "screen" | "phone";
};

/**
 * One bar per option of a scale or a pick, in the question's order, with its
 * count and share. A scale's step says its number once, with the ends named
 * (scaleSteps). On the room's screen every size follows the screen's height.
 */
export function ScaleBars({ question, counts, tone = "light", size = "phone" }: Props) {
  const rows = tallyOf(question, counts);
  const steps = question.mode === "scale" ? scaleSteps(question) : null;
  const dark = tone === "dark";
  const screen = size === "screen";
  return (
    <ul
      aria-label={question.mode === "scale" ? "Answers on the scale" : "Choices"}
      className={screen ? "space-y-[2vh]" : "space-y-3"}
    >
      {rows.map((row, index) => {
        const percent = Math.round(row.share * 100);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position; the list never reorders.
          <li key={`${index}-${row.label}`}>
            <div
              className={`flex items-baseline justify-between gap-3 ${screen ? "text-[min(3.4vh,2.2vw)]" : "text-base"}`}
            >
              <span className="min-w-0 break-words font-medium">
                {steps ? scaleStepLabel(steps, index) : row.label}
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
              className={`mt-1.5 overflow-hidden rounded-full ${dark ? "bg-white/10" : "bg-sand"} ${screen ? "h-[2.2vh]" : "h-3"}`}
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
