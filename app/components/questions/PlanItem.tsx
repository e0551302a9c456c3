import type { ReactNode } from "react";
import { EngagementBadge, StyleBadge, TypeBadge } from "~/components/questions/badges";
import { type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";

/** One question of a meeting plan: its place in the order, its badges and its text; `children` add controls below. */
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
    <li className="rounded-3xl border border-line bg-white p-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
          {position}
        </span>
        <TypeBadge type={question.type} />
        <StyleBadge style={question.questionStyle} />
        <EngagementBadge level={question.engagementLevel} />
      </div>
      <p className="mt-3 font-serif text-lg leading-snug text-ink" data-testid="plan-question">
        “{stripSurroundingQuotes(question.question)}”
      </p>
      {children}
    </li>
  );
}
