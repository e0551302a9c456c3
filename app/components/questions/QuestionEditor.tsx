import { useId, useState } from "react";
import { control } from "~/components/buttons";
import { editQuestionText } from "~/lib/community-client";
import { questionTextProblem } from "~/shared/community";
import type { ServedQuestion } from "~/shared/questions";

/** An admin's inline edit of a question's text: Save sends it (retried on a network failure), Cancel restores it. */
export function QuestionEditor({
  question,
  onSaved,
  onCancel,
}: {
  question: Pick<ServedQuestion, "id" | "question">;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(question.question);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    const problem = questionTextProblem(draft);
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    const outcome = await editQuestionText(question.id, draft.trim());
    setSaving(false);
    if (!outcome.ok)
      return setError(outcome.status === 0 ? `Could not save after 3 attempts. ${outcome.error}` : outcome.error);
    onSaved(outcome.body.question);
  }

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Question text
      </label>
      <textarea
        id={id}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        rows={3}
        className="block w-full rounded-xl border border-line-strong bg-white px-3 py-2 font-serif text-lg text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <div className="mt-2 flex gap-2">
        <button type="button" className={control} disabled={saving} onClick={save}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button type="button" className={control} disabled={saving} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
    </div>
  );
}
