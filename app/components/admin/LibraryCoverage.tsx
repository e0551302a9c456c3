import type { ReactNode } from "react";
import { ENGAGEMENT_LEVELS, MEETING_CONTEXTS, QUESTION_STYLES, type QuestionChoice } from "~/shared/questions";
import { AdminSection } from "./AdminSection";

type Cell = { count: number; thin: boolean };

export type CoverageProps = {
  choices: { choice: QuestionChoice; all: Cell; byCategory: Record<string, Cell> }[];
  categories: { slug: string; name: string; total: number; thinChoices: number; pending: number }[];
};

const label = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

function ColumnHeader({ children, first = false }: { children: ReactNode; first?: boolean }) {
  return (
    <th scope="col" className={`py-1 font-semibold ${first ? "pr-2" : "px-2 text-right"}`}>
      {children}
    </th>
  );
}

function Count({ cell }: { cell: Cell | undefined }) {
  if (!cell) return <td />;
  return (
    <td
      className={`px-2 py-1 text-right tabular-nums ${cell.thin ? "bg-accent-100 font-semibold text-accent-600" : ""}`}
    >
      {cell.count}
      {cell.thin && <span className="sr-only"> (thin)</span>}
    </td>
  );
}

/** Where the library needs writing: questions per choice and category, thin ones highlighted, submissions waiting. */
export function LibraryCoverage({ coverage }: { coverage: CoverageProps }) {
  const thinOverall = coverage.choices.filter((row) => row.all.thin).length;
  return (
    <AdminSection id="coverage" title="Library coverage">
      <p className="mt-3 text-ink-muted">
        Published questions for each choice the generator offers: at least 40 over all meetings and 5 of a category's
        own keep the generator fresh; fewer are highlighted. {thinOverall} choices are thin overall.
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Questions and waiting submissions per category</caption>
          <thead>
            <tr className="text-left text-ink-muted">
              <ColumnHeader first>Category</ColumnHeader>
              <ColumnHeader>Questions</ColumnHeader>
              <ColumnHeader>Thin choices</ColumnHeader>
              <ColumnHeader>Submissions waiting</ColumnHeader>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {coverage.categories.map((c) => (
              <tr key={c.slug}>
                <th scope="row" className="py-1 pr-2 text-left font-medium text-ink">
                  {c.name}
                </th>
                <td className="px-2 py-1 text-right tabular-nums">{c.total}</td>
                <Count cell={{ count: c.thinChoices, thin: c.thinChoices > 0 }} />
                <td className="px-2 py-1 text-right tabular-nums">{c.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="mt-6">
        <summary className="cursor-pointer py-2.5 font-semibold text-brand-800">Every choice, every category</summary>
        <div className="mt-3 max-h-[32rem] overflow-auto">
          <table className="w-full text-xs">
            <caption className="sr-only">Questions per choice: all meetings, then each category</caption>
            <thead className="sticky top-0 bg-white">
              <tr className="text-left text-ink-muted">
                <ColumnHeader first>Choice</ColumnHeader>
                <ColumnHeader>All</ColumnHeader>
                {coverage.categories.map((c) => (
                  <ColumnHeader key={c.slug}>{c.name}</ColumnHeader>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {coverage.choices.map(({ choice, all, byCategory }) => (
                <tr key={`${choice.context}/${choice.style}/${choice.engagement}`}>
                  <th scope="row" className="py-1 pr-2 text-left font-medium whitespace-nowrap text-ink">
                    {label(MEETING_CONTEXTS, choice.context)} · {label(QUESTION_STYLES, choice.style)} ·{" "}
                    {label(ENGAGEMENT_LEVELS, choice.engagement)}
                  </th>
                  <Count cell={all} />
                  {coverage.categories.map((c) => (
                    <Count key={c.slug} cell={byCategory[c.slug]} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </AdminSection>
  );
}
