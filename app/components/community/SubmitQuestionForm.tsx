import { useEffect, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import type { Category } from "~/shared/categories";
import { ENGAGEMENT_LEVELS, QUESTION_STYLES, QUESTION_TEXT_MAX, QUESTION_TYPES } from "~/shared/questions";

const TYPE_LABELS: Record<string, string> = {
  "check-in": "Check-in",
  energizer: "Energizer",
  "check-out": "Check-out",
};

const field = "mt-1.5 block w-full rounded-xl border border-line bg-white px-3 py-2 text-ink";

/** "+ Add Question" for a category: members submit, an admin reviews before it shows. */
export function SubmitQuestionForm({ category, signedIn }: { category: Category; signedIn: boolean }) {
  const fetcher = useFetcher<{ error?: string; success?: string }>();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const submitting = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.success) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <section
      id="add-question"
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-3xl border border-line bg-white p-6 sm:p-8"
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold text-ink">
        Add a question
      </h2>
      {!signedIn ? (
        <p className="mt-2 text-ink-muted">
          Have a question that works in your {category.name.toLowerCase()} meetings?{" "}
          <Link
            to={`/sign-in?redirectTo=${encodeURIComponent(`/${category.slug}#add-question`)}`}
            className="font-semibold text-brand-800 underline"
          >
            Sign in to add it
          </Link>
          .
        </p>
      ) : (
        <fetcher.Form method="post" ref={form} className="mt-4 space-y-4" noValidate>
          <p className="text-ink-muted">
            Share one that worked in your {category.name.toLowerCase()} meetings. An admin reads each question before it
            appears for everyone; you can follow it on your profile.
          </p>
          {fetcher.data?.error && <FormMessage tone="error">{fetcher.data.error}</FormMessage>}
          {fetcher.data?.success && <FormMessage tone="success">{fetcher.data.success}</FormMessage>}
          <div>
            <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-ink">
              Your question
            </label>
            <textarea
              id={`${id}-text`}
              name="question"
              rows={3}
              maxLength={QUESTION_TEXT_MAX}
              className={field}
              required
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <label className="block text-sm font-semibold text-ink">
              Moment
              <select name="type" defaultValue="check-in" className={field}>
                {QUESTION_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-semibold text-ink">
              Style
              <select name="questionStyle" defaultValue="reflective" className={field}>
                {QUESTION_STYLES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-semibold text-ink">
              Depth
              <select name="engagementLevel" defaultValue="standard" className={field}>
                {ENGAGEMENT_LEVELS.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <input type="hidden" name="categorySlug" value={category.slug} />
          <button
            type="submit"
            name="intent"
            value="submit"
            disabled={submitting}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {submitting ? "Sending..." : "Submit for review"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
