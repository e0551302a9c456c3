import { EyeOff, RotateCcw } from "~/components/icons";
import type { LiveAnswer, RoundQuestion } from "~/shared/live";
import type { Tone } from "./WordCloud";

type CardAnswer = Pick<LiveAnswer, "text" | "choice" | "name"> &
  Partial<Pick<LiveAnswer, "id" | "kind" | "hidden" | "question">>;

type Props = {
  answers: CardAnswer[];
  question: Pick<RoundQuestion, "options">;
  tone?: Tone;
  size?: "screen" | "phone";
  /** The host's moderation: hide an answer from every screen, or show it again. */
  onModerate?: (answer: LiveAnswer, hidden: boolean) => void;
  /** Per answer id, the server's words when moderating it failed. */
  errors?: Record<string, string>;
};

/** What an answer says: its text, or the label of the option chosen. */
export function answerText(answer: Pick<LiveAnswer, "text" | "choice">, question: Pick<RoundQuestion, "options">) {
  if (answer.text !== null) return answer.text;
  return answer.choice !== null ? (question.options[answer.choice] ?? "") : "";
}

/**
 * Answers as cards, in the order they came. Text is always rendered as text.
 * Passes are not shown (they are counted elsewhere); hidden answers appear
 * only in the host's moderation list, marked, with a way to show them again.
 * Where each person answered their own question, it stands above the answer.
 */
export function AnswerCards({ answers, question, tone = "light", size = "phone", onModerate, errors }: Props) {
  const shown = answers.filter((a) => a.kind !== "pass" && (onModerate || !a.hidden));
  const dark = tone === "dark";
  if (shown.length === 0) return <p className={dark ? "text-brand-100" : "text-ink-muted"}>No answers yet.</p>;
  return (
    <ul aria-label="Answers" className={`grid gap-3 ${size === "screen" ? "sm:grid-cols-2 xl:grid-cols-3" : ""}`}>
      {shown.map((answer, index) => {
        const hidden = answer.hidden === true;
        const key = answer.id ?? String(index);
        return (
          <li
            key={key}
            className={`flex flex-col rounded-2xl p-4 ${dark ? "bg-white/10" : "border border-line bg-white"} ${hidden ? "border-2 border-dashed border-accent-400" : ""}`}
          >
            {hidden && (
              <p
                className={`mb-1 text-xs font-semibold uppercase tracking-wide ${dark ? "text-accent-100" : "text-accent-600"}`}
              >
                Hidden from everyone
              </p>
            )}
            {answer.question && (
              <p
                className={`mb-1.5 font-serif leading-snug ${size === "screen" ? "text-lg" : "text-sm"} ${dark ? "text-brand-100" : "text-ink-muted"}`}
                data-testid="answer-question"
              >
                <span className="sr-only">Asked: </span>“{answer.question}”
              </p>
            )}
            <p
              className={`whitespace-pre-wrap break-words ${size === "screen" ? "text-xl leading-snug" : "text-base"}`}
            >
              {answerText(answer, question)}
            </p>
            <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
              {answer.name && (
                <p className={`text-sm ${dark ? "text-brand-100" : "text-ink-muted"}`}>
                  <span className="sr-only">From </span>
                  {answer.name}
                </p>
              )}
              {onModerate && answer.id && (
                <button
                  type="button"
                  onClick={() => onModerate(answer as LiveAnswer, !hidden)}
                  className={`ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ${
                    dark
                      ? "border border-white/50 text-white hover:bg-white/10"
                      : "border border-ink-muted hover:bg-sand"
                  }`}
                >
                  {hidden ? (
                    <>
                      <RotateCcw className="h-4 w-4" aria-hidden="true" /> Show again
                    </>
                  ) : (
                    <>
                      <EyeOff className="h-4 w-4" aria-hidden="true" /> Hide
                      <span className="sr-only"> this answer</span>
                    </>
                  )}
                </button>
              )}
            </div>
            {answer.id && errors?.[answer.id] && (
              <p role="alert" className={`mt-1 text-sm font-medium ${dark ? "text-accent-400" : "text-accent-600"}`}>
                {errors[answer.id]}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
