import { useEffect, useId, useState } from "react";
import { quietButton } from "~/components/buttons";
import { ArrowDown, ArrowUp, RefreshCw, X } from "~/components/icons";
import { PassNote } from "~/components/questions/PassNote";
import { PlanItem } from "~/components/questions/PlanItem";
import type { PlanEditor } from "~/lib/use-plan-editor";

/** Where the keyboard goes after a change moves or removes the button it was on. */
type FocusNext = { questionId: string; control: "up" | "down" | "remove" } | { heading: true };

/** The plan's questions in meeting order, each with its controls: another one, up, down, remove. */
export function PlanList({ editor, headingId }: { editor: PlanEditor; headingId: string }) {
  const id = useId();
  const { items, busy, another, move, remove } = editor;
  const [focusNext, setFocusNext] = useState<FocusNext | null>(null);
  const controlId = (questionId: string, control: string) => `${id}-${questionId}-${control}`;

  // A moved question's button keeps the focus (or its twin, once the question reaches an end);
  // after a removal, the next question's Remove has it, so a host can go on taking out.
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    if ("heading" in focusNext) return document.getElementById(headingId)?.focus();
    const target = document.getElementById(controlId(focusNext.questionId, focusNext.control)) as HTMLButtonElement;
    const twin = focusNext.control === "up" ? "down" : "up";
    if (target && !target.disabled) target.focus();
    else document.getElementById(controlId(focusNext.questionId, twin))?.focus();
  });

  const moveAndKeepFocus = (index: number, questionId: string, control: "up" | "down") => {
    move(index, control === "up" ? index - 1 : index + 1);
    setFocusNext({ questionId, control });
  };

  const removeAndMoveFocus = (index: number, questionId: string) => {
    const neighbour = items[index + 1] ?? items[index - 1];
    remove(questionId);
    setFocusNext(neighbour ? { questionId: neighbour.id, control: "remove" } : { heading: true });
  };

  if (items.length === 0) {
    return (
      <p className="mt-4 rounded-3xl border border-dashed border-ink-muted/70 bg-white p-6 text-center text-ink-muted">
        The plan is empty. Add questions from any card with Add to plan, or start from a matched set below.
      </p>
    );
  }
  return (
    <>
      <ol className="mt-4 space-y-4" aria-label="Plan">
        {items.map((question, index) => (
          <PlanItem key={question.id} position={index + 1} question={question}>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className={quietButton} disabled={busy} onClick={() => another(question)}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> Another
              </button>
              <button
                type="button"
                id={controlId(question.id, "up")}
                className={quietButton}
                onClick={() => moveAndKeepFocus(index, question.id, "up")}
                disabled={index === 0}
                aria-label={`Move question ${index + 1} up`}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                id={controlId(question.id, "down")}
                className={quietButton}
                onClick={() => moveAndKeepFocus(index, question.id, "down")}
                disabled={index === items.length - 1}
                aria-label={`Move question ${index + 1} down`}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                id={controlId(question.id, "remove")}
                className={quietButton}
                onClick={() => removeAndMoveFocus(index, question.id)}
                aria-label={`Remove question ${index + 1}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          </PlanItem>
        ))}
      </ol>
      <PassNote className="mt-3 text-ink-muted" />
    </>
  );
}
