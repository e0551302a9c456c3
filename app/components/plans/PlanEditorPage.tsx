import { FormMessage } from "~/components/forms/FormMessage";
import { PlanList } from "~/components/plans/PlanList";
import { PlanSettingsForm } from "~/components/plans/PlanSettingsForm";
import { type SavedPlan, SavedPlans } from "~/components/plans/SavedPlans";
import { SavePlanForm } from "~/components/plans/SavePlanForm";
import { type PlanSettings, usePlanEditor } from "~/lib/use-plan-editor";
import type { ServedQuestion } from "~/shared/questions";

/** The /plan page: choose a matched set, edit it, then save it for a share link. */
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
  const editor = usePlanEditor({ questions, settings });
  const error = editor.error ?? actionError;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Plan a meeting</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">
        Open with a check-in, lift the energy in the middle, close with a check-out. Start from a matched set, swap any
        question, put them in your order, then share the plan or present it.
      </p>

      <PlanSettingsForm editor={editor} />

      {error && (
        <div className="mt-6">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}

      <PlanList editor={editor} />
      <SavePlanForm questionIds={editor.items.map((q) => q.id)} signedIn={signedIn} />
      <SavedPlans plans={plans} />
    </div>
  );
}
