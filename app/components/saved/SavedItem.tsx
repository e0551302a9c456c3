import { Link, useFetcher } from "react-router";
import { BookmarkX, Check, Copy, MonitorSmartphone, Plus, Presentation } from "~/components/icons";
import { prefetchStartRound } from "~/components/live/use-start-round";
import { quietButton, secondaryButton } from "~/components/plans/buttons";
import { TypeBadge } from "~/components/questions/badges";
import { addToPlanDraft } from "~/lib/plan-draft";
import { useCopy } from "~/lib/use-copy";
import type { ListedQuestion } from "~/shared/community";
import { stripSurroundingQuotes } from "~/shared/questions";

/** One saved question and what a host does with it: present, plan, run live, copy, unsave. */
export function SavedItem({
  question,
  inPlan,
  onPresent,
  onLiveRound,
}: {
  question: ListedQuestion;
  inPlan: boolean;
  onPresent: () => void;
  onLiveRound: () => void;
}) {
  const fetcher = useFetcher();
  const { copied, copy } = useCopy();
  // Gone from the list as soon as it is unsaved; back if the server said no.
  if (fetcher.state !== "idle" || fetcher.data?.unsaved === question.id) return null;
  const text = stripSurroundingQuotes(question.question);
  return (
    <li className="rounded-3xl border border-line bg-white p-5">
      <TypeBadge type={question.type} />
      <p className="mt-3 font-serif text-lg leading-snug text-ink">“{text}”</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={onPresent}>
          <Presentation className="h-4 w-4" aria-hidden="true" /> Present
        </button>
        {inPlan ? (
          <Link to="/plan" className={quietButton}>
            <Check className="h-4 w-4" aria-hidden="true" /> In plan
          </Link>
        ) : (
          <button type="button" className={quietButton} onClick={() => addToPlanDraft(question.id)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add to plan
          </button>
        )}
        <button
          type="button"
          className={quietButton}
          onClick={onLiveRound}
          onPointerEnter={prefetchStartRound}
          onFocus={prefetchStartRound}
        >
          <MonitorSmartphone className="h-4 w-4" aria-hidden="true" /> Live round
        </button>
        <button type="button" className={quietButton} onClick={() => copy(question.question)}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </button>
        <fetcher.Form method="post">
          <input type="hidden" name="questionId" value={question.id} />
          <button type="submit" className={quietButton}>
            <BookmarkX className="h-4 w-4" aria-hidden="true" />
            Unsave
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
