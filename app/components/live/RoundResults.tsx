import type { LiveAnswer, RoundQuestion } from "~/shared/live";
import { AnswerCards } from "./AnswerCards";
import { ScaleBars } from "./ScaleBars";
import { type Tone, WordCloud } from "./WordCloud";

type Props = {
  question: Pick<RoundQuestion, "mode" | "options">;
  answers: LiveAnswer[];
  tone?: Tone;
  size?: "screen" | "phone";
};

/**
 * A question's answers in the form its mode calls for: a word cloud, bars,
 * or cards. Only what everyone may see: hidden answers are left out of each
 * (the host moderates them in a list of their own).
 */
export function RoundResults({ question, answers, tone = "light", size = "phone" }: Props) {
  if (question.mode === "scale" || question.mode === "pick") {
    return <ScaleBars question={question} answers={answers} tone={tone} size={size} />;
  }
  if (question.mode === "word") return <WordCloud answers={answers} tone={tone} size={size} />;
  return <AnswerCards answers={answers} question={question} tone={tone} size={size} />;
}
