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
 * included, each with Hide or Show again. It is the host's tool, apart from
 * what the room sees: a hidden answer is gone from the room's view and
 * stays only here, marked, for an undo. Answers can be checked here before
 * they are revealed.
 */
export function ModerationPanel({ id, question, answers, onModerate, errors }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-3xl border border-white/50 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-base font-semibold text-white">
        Moderate answers
      </h2>
      <p className="mt-1 text-sm text-brand-100">
        The latest {LIVE_RECENT_ANSWERS} answers to this question, hidden ones too, for you to check. A hidden answer
        leaves the room's view, every phone and the recap. This list is on your screen while it is open: close it when
        you are done.
      </p>
      <div className="mt-4">
        <AnswerCards answers={answers} question={question} tone="dark" onModerate={onModerate} errors={errors} />
      </div>
    </section>
  );
}
