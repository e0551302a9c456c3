import type { LiveAnswer, RoundQuestion } from "~/shared/live";
import { AnswerCards } from "./AnswerCards";
import { ScaleBars } from "./ScaleBars";
import { type Tone, WordCloud } from "./WordCloud";

type Props = {
  question: Pick<RoundQuestion, "mode" | "options">;
  answers: LiveAnswer[];
  tone?: Tone;
  size?: "screen" | "phone";
  onModerate?: (answer: LiveAnswer, hidden: boolean) => void;
  errors?: Record<string, string>;
};

/** A question's answers in the form its mode calls for: a word cloud, bars, or cards. */
export function RoundResults({ question, answers, tone = "light", size = "phone", onModerate, errors }: Props) {
  if (question.mode === "scale" || question.mode === "pick") {
    return <ScaleBars question={question} answers={answers} tone={tone} size={size} />;
  }
  const cards = (
    <AnswerCards
      answers={answers}
      question={question}
      tone={tone}
      size={size}
      onModerate={onModerate}
      errors={errors}
    />
  );
  if (question.mode === "word") {
    return (
      <div className="space-y-5">
        <WordCloud answers={answers} tone={tone} size={size} />
        {onModerate && answers.some((a) => a.kind === "answer") && (
          // The cloud merges answers; hiding one needs them one by one.
          <details className="group">
            <summary
              className={`cursor-pointer text-sm font-semibold ${tone === "dark" ? "text-brand-100" : "text-ink-muted"}`}
            >
              Each answer, to hide one
            </summary>
            <div className="mt-3">{cards}</div>
          </details>
        )}
      </div>
    );
  }
  return cards;
}
