import { useId, useState } from "react";
import { Link } from "react-router";
import { quietButton, secondaryButton } from "~/components/buttons";
import { Bookmark, Download, Plus, Printer } from "~/components/icons";
import { useStartRound } from "~/components/live/use-start-round";
import { QuestionSetActions } from "~/components/plans/QuestionSetActions";
import { usePresenter } from "~/components/present/use-presenter";
import { PassNote } from "~/components/questions/PassNote";
import { QuestionCard } from "~/components/questions/QuestionCard";
import { type AddManyOutcome, addManyToPlanDraft } from "~/lib/plan-draft";
import type { ListedQuestion } from "~/shared/community";
import type { Viewer } from "~/shared/navigation";
import { PLAN_MAX_QUESTIONS } from "~/shared/plans";

const EXPORTS = [
  { format: "csv", label: "CSV" },
  { format: "markdown", label: "Markdown" },
  { format: "json", label: "JSON" },
  { format: "text", label: "Plain text" },
];

const questions = (n: number) => `${n} ${n === 1 ? "question" : "questions"}`;

/** What "Add all to plan" did, in a sentence. */
function addedMessage({ added, left }: AddManyOutcome): string {
  if (added === 0 && left === 0) return "They are all in your plan already.";
  if (added === 0) return `Your plan is full: it holds at most ${PLAN_MAX_QUESTIONS} questions.`;
  const tail = left > 0 ? `; ${questions(left)} did not fit (a plan holds ${PLAN_MAX_QUESTIONS})` : "";
  return `Added ${questions(added)} to your plan${tail}.`;
}

/**
 * A member's saved questions, newest first: present them all, run them as a
 * live round, add them to the plan, download them; and each one on its own.
 */
export function SavedQuestionsPage({ saved, viewer }: { saved: ListedQuestion[]; viewer: Viewer }) {
  const { present, presenter } = usePresenter();
  const { startRound, startDialog } = useStartRound();
  const [added, setAdded] = useState<AddManyOutcome | null>(null);
  const id = useId();
  if (saved.length === 0) return <NothingSaved />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Saved questions</h1>
      <p className="mt-2 text-ink-muted">{questions(saved.length)}, newest first.</p>
      <div className="mt-5">
        <QuestionSetActions
          presentLabel="Present all"
          onPresent={() => present(saved, 0)}
          onLiveRound={() => startRound(saved)}
          disabled={false}
        >
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setAdded(addManyToPlanDraft(saved.map((q) => q.id)))}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add all to plan
          </button>
        </QuestionSetActions>
      </div>
      {presenter}
      {startDialog}
      <p className="mt-3 min-h-6 text-sm text-ink" aria-live="polite">
        {added && (
          <>
            {addedMessage(added)}{" "}
            <Link to="/plan" className="font-semibold text-brand-800 underline">
              Open the plan
            </Link>
          </>
        )}
      </p>
      <PassNote className="mt-1 text-ink-muted" />
      {/* Unsaving leaves the card in place with Save, so a slip is one tap to undo; the next visit drops it. */}
      <ul className="mt-4 space-y-4">
        {saved.map((q, index) => (
          <li key={q.id}>
            <QuestionCard question={q} viewer={viewer} onPresent={() => present(saved, index)} />
          </li>
        ))}
      </ul>
      <section aria-labelledby={`${id}-download`} className="mt-10">
        <h2 id={`${id}-download`} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
          Download
        </h2>
        <nav aria-label="Export" className="mt-3 flex flex-wrap gap-2">
          {EXPORTS.map((e) => (
            <a key={e.format} href={`/api/v1/saved?format=${e.format}`} download className={quietButton}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {e.label}
            </a>
          ))}
          <Link to="/saved-questions/print" className={quietButton}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            Print or PDF
          </Link>
        </nav>
      </section>
    </div>
  );
}

function NothingSaved() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Saved questions</h1>
      <div className="mt-8 rounded-3xl border border-dashed border-line bg-white p-8 text-center">
        <Bookmark className="mx-auto h-8 w-8 text-brand-700" aria-hidden="true" />
        <p className="mt-3 font-semibold text-ink">Nothing saved yet</p>
        <p className="mt-1 text-ink-muted">Save questions from the lists and they wait for you here.</p>
        <Link
          to="/"
          className="mt-5 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Find a question
        </Link>
      </div>
    </div>
  );
}
