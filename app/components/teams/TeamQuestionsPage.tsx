import { useId } from "react";
import { Form, useActionData } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { QuestionCard } from "~/components/questions/QuestionCard";
import { CATEGORIES } from "~/shared/categories";
import type { Viewer } from "~/shared/navigation";
import {
  ENGAGEMENT_LEVELS,
  QUESTION_STYLES,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  type ServedQuestion,
} from "~/shared/questions";
import { TeamCardScope } from "./team-card-scope";

type TeamQuestion = ServedQuestion & { status: string; moderationNote: string | null };

const STATUS_LABELS: Record<string, string> = {
  team: "Private to the team",
  pending: "Waiting for review (still served to the team)",
  rejected: "Not taken for the community (still the team's)",
  published: "Published for everyone",
};

const field = "mt-1.5 block w-full rounded-xl border border-line bg-white px-3 py-2 text-ink";
const small =
  "inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 text-sm font-semibold text-ink hover:bg-sand";

/** The team's collection and the questions it wrote; curators write, edit, submit and remove, members read. */
export function TeamQuestionsPage({
  teamId,
  viewer,
  collection,
  written,
  canCurate,
}: {
  teamId: string;
  viewer: Viewer;
  collection: ServedQuestion[];
  written: TeamQuestion[];
  canCurate: boolean;
}) {
  const result = useActionData<{ error?: string; success?: string }>();
  return (
    <div className="space-y-10">
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      {result?.success && <FormMessage tone="success">{result.success}</FormMessage>}
      <section aria-labelledby="team-written">
        <h2 id="team-written" className="mb-3 font-serif text-xl font-semibold text-ink">
          Questions the team wrote
        </h2>
        {written.length === 0 ? (
          <p className="text-ink-muted">None yet. A question written here is served only in this team's meetings.</p>
        ) : (
          <ul className="divide-y divide-line rounded-3xl border border-line bg-white px-5">
            {written.map((q) => (
              <li key={q.id} className="py-4">
                <p className="text-ink">{q.question}</p>
                <p className="mt-1 text-sm text-ink-muted">
                  {STATUS_LABELS[q.status] ?? q.status}
                  {q.moderationNote ? ` · ${q.moderationNote}` : ""}
                </p>
                {canCurate && (q.status === "team" || q.status === "rejected") && <WrittenActions question={q} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="team-collection">
        <h2 id="team-collection" className="mb-3 font-serif text-xl font-semibold text-ink">
          The team's collection
        </h2>
        {collection.length === 0 ? (
          <p className="text-ink-muted">Nothing saved yet: "Save to team…" in a question's menu adds it here.</p>
        ) : (
          <TeamCardScope teamId={teamId}>
            <ul className="space-y-4">
              {collection.map((q) => (
                <li key={q.id} className="render-when-visible">
                  <QuestionCard question={q} viewer={viewer} />
                  {canCurate && (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="questionId" value={q.id} />
                      <button type="submit" name="intent" value="unsave" className={small}>
                        Remove from collection
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </TeamCardScope>
        )}
      </section>
      {canCurate && <WriteForm />}
    </div>
  );
}

function WrittenActions({ question }: { question: TeamQuestion }) {
  const id = useId();
  return (
    <div className="mt-3 space-y-3">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="questionId" value={question.id} />
        <label htmlFor={`${id}-edit`} className="sr-only">
          New text
        </label>
        <input
          id={`${id}-edit`}
          name="question"
          defaultValue={question.question}
          maxLength={QUESTION_TEXT_MAX}
          className={`${field} mt-0 min-w-0 flex-1`}
        />
        <button type="submit" name="intent" value="edit" className={small}>
          Save text
        </button>
      </Form>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="questionId" value={question.id} />
        <button type="submit" name="intent" value="submit" className={small}>
          Submit for review
        </button>
        <button type="submit" name="intent" value="delete" className={small}>
          Delete
        </button>
      </Form>
    </div>
  );
}

function WriteForm() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-line bg-white p-6">
      <h2 id={`${id}-title`} className="font-serif text-xl font-semibold text-ink">
        Write a question for the team
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        It stays private: served in this team's meetings only, unless you submit it for review.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-ink">
          Your question
        </label>
        <textarea id={`${id}-text`} name="question" rows={3} maxLength={QUESTION_TEXT_MAX} className={field} required />
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice name="type" label="Moment" options={QUESTION_TYPES.map((t) => ({ value: t, label: t }))} />
          <Choice
            name="categorySlug"
            label="Meeting"
            options={CATEGORIES.map((c) => ({ value: c.slug, label: c.name }))}
          />
          <Choice name="questionStyle" label="Style" options={QUESTION_STYLES} />
          <Choice name="engagementLevel" label="Depth" options={ENGAGEMENT_LEVELS} />
        </div>
        <button
          type="submit"
          name="intent"
          value="write"
          className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Add to the team
        </button>
      </Form>
    </section>
  );
}

function Choice({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label className="block text-sm font-semibold text-ink">
      {label}
      <select name={name} className={field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
