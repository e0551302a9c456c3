import type { LiveAnswer, RoundResults as Results, RoundQuestion } from "~/shared/live";
import { PULSE_WITHHELD } from "~/shared/series";
import { AnswerCards } from "./AnswerCards";
import { ScaleBars } from "./ScaleBars";
import { type Tone, WordCloud } from "./WordCloud";

type Props = {
  question: Pick<RoundQuestion, "mode" | "options"> & { text?: string };
  /** The question's answers counted. */
  results: Pick<Results, "answered" | "words" | "tally">;
  /** Free-text questions: the answers this screen holds (they come in pages). */
  answers: LiveAnswer[];
  tone?: Tone;
  size?: "screen" | "phone";
  /** Free-text questions: asks for the next page, while fewer answers are held than were given. */
  onMore?: () => void;
  loadingMore?: boolean;
};

/**
 * A question's answers in the form its mode calls for: a word cloud, bars,
 * or cards. Only what everyone may see: hidden answers are left out of each
 * (the host moderates them in a list of their own).
 */
export function RoundResults({
  question,
  results,
  answers,
  tone = "light",
  size = "phone",
  onMore,
  loadingMore,
}: Props) {
  if (question.mode === "scale" || question.mode === "pick") {
    // No counts with answers given: the pulse below three answers (pulseResults).
    if (results.tally.length === 0 && results.answered > 0) {
      return <p className={tone === "dark" ? "text-white/80" : "text-ink-muted"}>{PULSE_WITHHELD}</p>;
    }
    return <ScaleBars question={question} counts={results.tally} tone={tone} size={size} />;
  }
  if (question.mode === "word") return <WordCloud words={results.words} tone={tone} size={size} />;
  const held = answers.filter((a) => a.kind === "answer" && !a.hidden).length;
  const dark = tone === "dark";
  return (
    <>
      <AnswerCards answers={answers} question={question} tone={tone} size={size} />
      {onMore && held < results.answered && (
        <p className="mt-4 text-center">
          <button
            type="button"
            onClick={onMore}
            disabled={loadingMore}
            className={`inline-flex min-h-11 items-center justify-center rounded-full px-5 text-sm font-semibold disabled:opacity-60 ${
              dark
                ? "border border-white/50 text-white hover:bg-white/10"
                : "border border-line bg-white text-ink hover:bg-sand"
            }`}
          >
            {loadingMore ? "Loading…" : `Show more answers (${results.answered - held} more)`}
          </button>
        </p>
      )}
    </>
  );
}
