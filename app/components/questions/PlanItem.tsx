import type { ReactNode } from "react";
import { ChoiceLabels, TypeBadge } from "~/components/questions/badges";
import { type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";

/** One question of a meeting plan, dressed as a question card: its place in the order, its labels, its text; `children` add controls below. */
export function PlanItem({
  position,
  question,
  children,
}: {
  position: number;
  question: Pick<ServedQuestion, "type" | "questionStyle" | "engagementLevel" | "question">;
  children?: ReactNode;
}) {
  return (
    <li className="rounded-3xl border border-line bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
          {position}
        </span>
        <TypeBadge type={question.type} />
        <ChoiceLabels style={question.questionStyle} level={question.engagementLevel} />
      </div>
      <p className="mt-3 font-serif text-lg leading-snug text-ink" data-testid="plan-question">
        “{stripSurroundingQuotes(question.question)}”
      </p>
      {children}
    </li>
  );
}
