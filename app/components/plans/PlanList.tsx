import { ArrowDown, ArrowUp, RefreshCw, X } from "~/components/icons";
import { PassNote } from "~/components/questions/PassNote";
import { PlanItem } from "~/components/questions/PlanItem";
import { control } from "~/components/questions/QuestionCard";
import type { PlanEditor } from "~/lib/use-plan-editor";

/** The plan's questions in meeting order, each with its controls: another one, up, down, remove. */
export function PlanList({ editor }: { editor: PlanEditor }) {
  const { items, busy, another, move, remove } = editor;
  return (
    <>
      <ol className="mt-8 space-y-4" aria-label="Plan">
        {items.map((question, index) => (
          <PlanItem key={question.id} position={index + 1} question={question}>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className={control} disabled={busy} onClick={() => another(question.type)}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> Another
              </button>
              <button
                type="button"
                className={control}
                onClick={() => move(index, index - 1)}
                disabled={index === 0}
                aria-label={`Move question ${index + 1} up`}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={control}
                onClick={() => move(index, index + 1)}
                disabled={index === items.length - 1}
                aria-label={`Move question ${index + 1} down`}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={control}
                onClick={() => remove(question.id)}
                aria-label={`Remove question ${index + 1}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          </PlanItem>
        ))}
      </ol>
      <PassNote className="mt-3 text-ink-muted" />
      {items.length === 0 && (
        <p className="mt-8 rounded-3xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
          The plan is empty. Suggest a matched set to start again.
        </p>
      )}
    </>
  );
}
