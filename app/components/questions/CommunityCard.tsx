import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { Bookmark, BookmarkCheck, Pencil, Share2, Trash2 } from "~/components/icons";
import { SignUpPrompt } from "~/components/SignUpPrompt";
import { editQuestionText, optimisticTally, removeQuestion, sendVote, setSaved } from "~/lib/community-client";
import { type ListedQuestion, questionTextProblem, type VoteDirection, type VoteTally } from "~/shared/community";
import type { Viewer } from "~/shared/navigation";
import { control, QuestionCard } from "./QuestionCard";

type Props = {
  question: ListedQuestion;
  viewer: Viewer;
  /** Called once an admin's delete went through, so the list can drop the card. */
  onDeleted?: (id: string) => void;
  onPresent?: () => void;
};

const tallyOf = (q: ListedQuestion): VoteTally => ({
  upvotes: 0,
  downvotes: 0,
  voteScore: q.voteScore,
  totalVotes: q.totalVotes,
  userVote: q.userVote,
});

/**
 * A list card with the community's controls: votes and saves for members,
 * inline edit and delete for admins.
 * Changes show at once and are undone if the server refuses them.
 */
export function CommunityCard({ question: initial, viewer, onDeleted, onPresent }: Props) {
  const location = useLocation();
  const [question, setQuestion] = useState(initial);
  const [tally, setTally] = useState(() => tallyOf(initial));
  const [saved, setSavedState] = useState(initial.saved);
  const [mode, setMode] = useState<"idle" | "editing" | "saving" | "confirming" | "deleting">("idle");
  const [draft, setDraft] = useState(initial.question);
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const editorId = useId();

  async function vote(direction: VoteDirection) {
    if (!viewer) return setPrompt(true);
    const before = tally;
    setTally(optimisticTally(tally, direction));
    const outcome = await sendVote(question.id, direction);
    if (outcome.ok) setTally(outcome.body);
    else {
      setTally(before);
      setError(outcome.error);
    }
  }

  async function toggleSave() {
    const next = !saved;
    setSavedState(next);
    const outcome = await setSaved(question.id, next);
    if (!outcome.ok) {
      setSavedState(!next);
      setError(outcome.error);
    }
  }

  async function saveEdit() {
    const problem = questionTextProblem(draft);
    if (problem) return setError(problem);
    setMode("saving");
    setError(null);
    const outcome = await editQuestionText(question.id, draft.trim());
    if (!outcome.ok) {
      setMode("editing");
      return setError(outcome.status === 0 ? `Could not save after 3 attempts. ${outcome.error}` : outcome.error);
    }
    setQuestion({ ...question, question: outcome.body.question });
    setMode("idle");
  }

  async function confirmDelete() {
    setMode("deleting");
    const outcome = await removeQuestion(question.id);
    if (!outcome.ok) {
      setMode("idle");
      return setError(outcome.error);
    }
    setDeleted(true);
    onDeleted?.(question.id);
  }

  if (deleted) {
    return (
      <p role="status" className="rounded-3xl border border-dashed border-line p-5 text-sm text-ink-muted">
        Question deleted.
      </p>
    );
  }
  const isAdmin = Boolean(viewer?.isAdmin);
  const editing = mode === "editing" || mode === "saving";
  return (
    <QuestionCard
      question={question}
      votes={tally}
      viewerId={viewer?.id ?? null}
      onVote={vote}
      onPresent={editing ? undefined : onPresent}
      editor={
        editing ? (
          <div>
            <label htmlFor={editorId} className="sr-only">
              Question text
            </label>
            <textarea
              id={editorId}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              rows={3}
              className="block w-full rounded-xl border border-line bg-white px-3 py-2 font-serif text-lg text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
            />
            <div className="mt-2 flex gap-2">
              <button type="button" className={control} disabled={mode === "saving"} onClick={saveEdit}>
                {mode === "saving" ? "Saving..." : "Save"}
              </button>
              <button
                type="button"
                className={control}
                disabled={mode === "saving"}
                onClick={() => {
                  setDraft(question.question);
                  setError(null);
                  setMode("idle");
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : undefined
      }
      actions={
        <>
          {!editing && (
            <Link to={`/q/${question.id}`} className={control}>
              <Share2 className="h-4 w-4" aria-hidden="true" />
              Share
            </Link>
          )}
          {viewer && !editing && (
            <button type="button" className={control} aria-pressed={saved} onClick={toggleSave}>
              {saved ? (
                <BookmarkCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />
              ) : (
                <Bookmark className="h-4 w-4" aria-hidden="true" />
              )}
              {saved ? "Saved" : "Save"}
            </button>
          )}
          {isAdmin && mode === "idle" && (
            <>
              <button type="button" className={control} onClick={() => setMode("editing")}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit
              </button>
              <button type="button" className={control} onClick={() => setMode("confirming")}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete
              </button>
            </>
          )}
        </>
      }
      footer={
        <>
          {(mode === "confirming" || mode === "deleting") && (
            <div
              role="alertdialog"
              aria-label="Delete this question?"
              className="mt-4 flex flex-wrap items-center gap-2 rounded-2xl bg-accent-100 p-3"
            >
              <p className="flex-1 text-sm text-ink">Delete this question for everyone? Its votes and saves go too.</p>
              <button
                type="button"
                className="inline-flex h-10 items-center rounded-full bg-accent-600 px-4 text-sm font-semibold text-white"
                disabled={mode === "deleting"}
                onClick={confirmDelete}
              >
                {mode === "deleting" ? "Deleting..." : "Delete"}
              </button>
              <button type="button" className={control} onClick={() => setMode("idle")}>
                Cancel
              </button>
            </div>
          )}
          {error && (
            <p role="alert" className="mt-3 text-sm font-medium text-accent-600">
              {error}
            </p>
          )}
          {prompt && (
            <div className="mt-4">
              <SignUpPrompt
                trigger="after_vote_attempt"
                variant="full"
                returnTo={`${location.pathname}${location.search}`}
                onDismiss={() => setPrompt(false)}
              />
            </div>
          )}
        </>
      }
    />
  );
}
