import { LIVE_RECENT_ANSWERS, type LiveAnswer, type RoundQuestion } from "~/shared/live";
import { AnswerCards } from "./AnswerCards";

type Props = {
  id: string;
  question: Pick<RoundQuestion, "options">;
  answers: LiveAnswer[];
  onModerate: (answer: LiveAnswer, hidden: boolean) => void;
  errors: Record<string, string>;
};

/**
 * The host's list of every answer to the current question, hidden ones
 * included, each with Hide or Show again. It is on the host's screen only:
 * a hidden answer is gone from the room screen and every phone and stays
 * only here, marked, for an undo. Answers can be checked here before they
 * are revealed.
 */
export function ModerationPanel({ id, question, answers, onModerate, errors }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-line-strong p-4 sm:p-5">
      <h3 id={`${id}-title`} className="text-base font-semibold text-ink">
        Moderate answers
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        The latest {LIVE_RECENT_ANSWERS} answers to this question, hidden ones too, for you to check. A hidden answer
        leaves the room screen, every phone and the recap; this list is only on your screen.
      </p>
      <div className="mt-4">
        <AnswerCards answers={answers} question={question} onModerate={onModerate} errors={errors} />
      </div>
    </section>
  );
}
