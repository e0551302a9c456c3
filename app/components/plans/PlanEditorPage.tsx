import { useId } from "react";
import { quietButton } from "~/components/buttons";
import { FormMessage } from "~/components/forms/FormMessage";
import { RotateCcw, Trash2 } from "~/components/icons";
import { useStartRound } from "~/components/live/use-start-round";
import { PlanList } from "~/components/plans/PlanList";
import { PlanSettingsForm } from "~/components/plans/PlanSettingsForm";
import { QuestionSetActions } from "~/components/plans/QuestionSetActions";
import { type SavedPlan, SavedPlans } from "~/components/plans/SavedPlans";
import { SavePlanForm } from "~/components/plans/SavePlanForm";
import { usePresenter } from "~/components/present/use-presenter";
import { type PlanSettings, usePlanEditor } from "~/lib/use-plan-editor";
import type { ServedQuestion } from "~/shared/questions";

/**
 * The /plan page: the plan draft in meeting order, ready to present or run as
 * a live round from here; edit it, start from a matched set, or save it for a
 * share link. On a phone the first screen holds Present, Live round and the
 * first question.
 */
export function PlanEditorPage({
  questions,
  settings,
  signedIn,
  plans,
  actionError,
}: {
  questions: ServedQuestion[];
  settings: PlanSettings;
  signedIn: boolean;
  plans: SavedPlan[];
  /** The error of a form posted without the fetcher, such as saving the plan. */
  actionError?: string;
}) {
  const id = useId();
  const editor = usePlanEditor({ questions, settings });
  const { items, undo } = editor;
  const { present, presenter } = usePresenter();
  const { startRound, startDialog } = useStartRound();
  const error = editor.error ?? actionError;
  const count = items.length;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-16">
      <h1
        id={`${id}-title`}
        tabIndex={-1}
        className="font-serif text-3xl font-semibold tracking-tight text-ink outline-none sm:text-4xl"
      >
        Plan a meeting
      </h1>
      <p className="mt-2 text-ink-muted">
        {count === 0
          ? "Nothing in the plan yet."
          : `${count} ${count === 1 ? "question" : "questions"} in meeting order.`}
        {count > 0 && (
          <span className="hidden sm:inline">
            {" "}
            Present them on a shared screen, or run a live round where everyone answers on their phone.
          </span>
        )}
      </p>

      <div className="mt-5">
        <QuestionSetActions
          onPresent={() => present(items, 0)}
          onLiveRound={() => startRound(items)}
          disabled={count === 0}
        />
      </div>
      {presenter}
      {startDialog}

      <div className="mt-4 space-y-3" aria-live="polite">
        {undo && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 text-sm text-ink">
            <span>{undo.message}</span>
            <button type="button" className={quietButton} onClick={editor.undoLast}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> Undo
            </button>
          </div>
        )}
        {editor.notice && <p className="text-sm text-ink-muted">{editor.notice}</p>}
      </div>
      {error && (
        <div className="mt-4">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}

      <PlanList editor={editor} headingId={`${id}-title`} />
      {count > 0 && (
        <button type="button" className={`mt-4 ${quietButton}`} onClick={editor.clear}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Clear plan
        </button>
      )}

      <PlanSettingsForm editor={editor} />
      <SavePlanForm questionIds={items.map((q) => q.id)} signedIn={signedIn} />
      <SavedPlans plans={plans} />
    </div>
  );
}
