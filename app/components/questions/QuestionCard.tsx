import type { ReactNode } from "react";
import { Check, ChevronDown, ChevronUp, Copy, MonitorSmartphone, Presentation } from "~/components/icons";
import { prefetchStartRound, useStartRound } from "~/components/live/use-start-round";
import { useCopy } from "~/lib/use-copy";
import type { VoteDirection } from "~/shared/community";
import { isUuid } from "~/shared/ids";
import { type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";
import { EngagementBadge, OwnershipBadge, StyleBadge, TypeBadge } from "./badges";
import { PassNote } from "./PassNote";

export type { VoteDirection };

export type CardVotes = { voteScore: number; totalVotes: number; userVote: VoteDirection | null };

type Props = {
  question: ServedQuestion;
  votes: CardVotes;
  viewerId: string | null;
  variant?: "default" | "spotlight";
  /** Shown instead of the text while the next question is on its way (keeps the card's size). */
  loading?: boolean;
  onVote: (direction: VoteDirection) => void;
  onCopied?: () => void;
  /** Opens present mode on this question. */
  onPresent?: () => void;
  /** More controls beside Copy: Save, and Edit and Delete for admins. */
  actions?: ReactNode;
  /** Replaces the text while an admin edits it. */
  editor?: ReactNode;
  /** Under the controls: a confirmation, an error, the sign-up prompt. */
  footer?: ReactNode;
};

export const control =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-brand-50 disabled:opacity-50";

/** A question card: badges, the text in quotes, votes, Present, Live round and Copy; default or spotlight variant. */
export function QuestionCard({
  question,
  votes,
  viewerId,
  variant = "default",
  loading,
  onVote,
  onCopied,
  onPresent,
  actions,
  editor,
  footer,
}: Props) {
  const { copied, copy } = useCopy();
  const { startRound, startDialog } = useStartRound();
  const text = stripSurroundingQuotes(question.question);
  const spotlight = variant === "spotlight";
  return (
    <article
      aria-label="Question"
      aria-busy={loading || undefined}
      className={`rounded-3xl border border-line bg-white ${spotlight ? "p-6 shadow-xl shadow-brand-900/5 sm:p-10" : "p-5"}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <TypeBadge type={question.type} />
        <StyleBadge style={question.questionStyle} />
        <EngagementBadge level={question.engagementLevel} />
        <span className="ml-auto">
          <OwnershipBadge mine={!!viewerId && question.authorId === viewerId} />
        </span>
      </div>
      <div className={spotlight ? "mt-6 min-h-[7.5rem] sm:min-h-[6rem]" : "mt-4"}>
        {loading ? (
          <QuestionTextSkeleton />
        ) : editor ? (
          editor
        ) : (
          <blockquote
            className={`font-serif text-ink ${spotlight ? "text-2xl leading-snug sm:text-3xl" : "text-lg leading-snug"}`}
          >
            <p data-testid="question-text">“{text}”</p>
          </blockquote>
        )}
        {!editor && <PassNote className="mt-3 text-ink-muted" />}
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-2">
        <fieldset className="flex items-center gap-1" aria-label="Vote">
          <button
            type="button"
            className={`${control} ${votes.userVote === "up" ? "border-brand-600 bg-brand-50 text-brand-800" : ""}`}
            aria-label="Vote up"
            aria-pressed={votes.userVote === "up"}
            onClick={() => onVote("up")}
          >
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          </button>
          <span className="min-w-8 text-center text-sm font-semibold text-ink" data-testid="vote-score">
            <span className="sr-only">Score </span>
            {votes.voteScore}
          </span>
          <button
            type="button"
            className={`${control} ${votes.userVote === "down" ? "border-accent-600 bg-accent-100 text-accent-600" : ""}`}
            aria-label="Vote down"
            aria-pressed={votes.userVote === "down"}
            onClick={() => onVote("down")}
          >
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          </button>
          <span className="ml-1 text-xs text-ink-muted">
            {votes.totalVotes} {votes.totalVotes === 1 ? "vote" : "votes"}
          </span>
        </fieldset>
        <span className="ml-auto" />
        {actions}
        {onPresent && (
          <button type="button" className={control} disabled={loading} onClick={onPresent}>
            <Presentation className="h-4 w-4" aria-hidden="true" />
            <span>Present</span>
          </button>
        )}
        {/* Built-in questions are not in the library, so a round cannot be made of them. */}
        {isUuid(question.id) && !editor && (
          <button
            type="button"
            className={control}
            disabled={loading}
            onClick={() => startRound([question])}
            onPointerEnter={prefetchStartRound}
            onFocus={prefetchStartRound}
          >
            <MonitorSmartphone className="h-4 w-4" aria-hidden="true" />
            <span>Live round</span>
          </button>
        )}
        <button
          type="button"
          className={control}
          disabled={loading}
          onClick={async () => {
            if (await copy(text)) onCopied?.();
          }}
        >
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
        </button>
      </div>
      {footer}
      {startDialog}
    </article>
  );
}

/** Placeholder lines with the height of a question's text. */
export function QuestionTextSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true">
      <div className="h-7 w-11/12 animate-pulse rounded-full bg-sand" />
      <div className="h-7 w-3/4 animate-pulse rounded-full bg-sand" />
    </div>
  );
}

/** A whole card's placeholder, the size of a default card. */
export function QuestionCardSkeleton() {
  return (
    <div className="rounded-3xl border border-line bg-white p-5" aria-hidden="true">
      <div className="flex gap-2">
        <div className="h-6 w-20 animate-pulse rounded-full bg-sand" />
        <div className="h-6 w-20 animate-pulse rounded-full bg-sand" />
      </div>
      <div className="mt-4">
        <QuestionTextSkeleton />
      </div>
      <div className="mt-6 h-10 w-40 animate-pulse rounded-full bg-sand" />
    </div>
  );
}

/** Placeholders for a list of cards. */
export function QuestionListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="space-y-4" role="status" aria-label="Loading questions">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <QuestionCardSkeleton key={i} />
      ))}
    </div>
  );
}
