import { useId } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { PLAN_MAX_QUESTIONS, PLAN_TITLE_MAX } from "~/shared/plans";

/** Saves the plan as it stands (its first PLAN_MAX_QUESTIONS questions, in order) under a title. */
export function SavePlanForm({ questionIds, signedIn }: { questionIds: string[]; signedIn: boolean }) {
  const id = useId();
  return (
    <Form
      method="post"
      aria-labelledby={`${id}-heading`}
      className="mt-8 space-y-4 rounded-3xl border border-line bg-white p-5"
    >
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold text-ink">
        Share the plan
      </h2>
      {questionIds.slice(0, PLAN_MAX_QUESTIONS).map((questionId) => (
        <input key={questionId} type="hidden" name="questionIds" value={questionId} />
      ))}
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-semibold text-ink">
          Plan title
        </label>
        <input
          id={`${id}-title`}
          name="title"
          maxLength={PLAN_TITLE_MAX}
          placeholder="Monday team meeting"
          className="mt-1.5 block min-h-11 w-full rounded-xl border border-ink-muted/70 bg-white px-3.5 py-2.5 text-ink"
        />
      </div>
      <p className="text-sm text-ink-muted">
        {signedIn
          ? "The plan is kept on your account, and anyone with its link can open and present it."
          : "Anyone with the plan's link can open and present it. Sign in to keep your plans on your account."}
      </p>
      <SubmitButton pendingLabel="Saving..." intent="create" disabled={questionIds.length === 0}>
        {signedIn ? "Save plan" : "Get share link"}
      </SubmitButton>
    </Form>
  );
}
