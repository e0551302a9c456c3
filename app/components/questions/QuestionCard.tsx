import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { control } from "~/components/buttons";
import {
  Bookmark,
  BookmarkCheck,
  Check,
  ChevronDown,
  ChevronUp,
  Copy,
  EyeOff,
  ListPlus,
  MonitorSmartphone,
  Pencil,
  Presentation,
  Share2,
  Sparkles,
  Trash2,
} from "~/components/icons";
import { prefetchStartRound, useStartRound } from "~/components/live/use-start-round";
import { SignUpInvitation } from "~/components/SignUpPrompt";
import { useCardTeam } from "~/components/teams/team-card-scope";
import {
  hideForTeam,
  markAskedByTeam,
  optimisticTally,
  removeQuestion,
  saveToTeam,
  sendVote,
  setHidden,
  setSaved,
} from "~/lib/community-client";
import { isOffline } from "~/lib/offline-library";
import { queueSave } from "~/lib/offline-saves";
import { rememberPendingSave } from "~/lib/pending-save";
import { addToPlanDraft } from "~/lib/plan-draft";
import { offerSignUp } from "~/lib/sign-up-prompt";
import { useCopy } from "~/lib/use-copy";
import { useFeatures } from "~/lib/use-features";
import type { VoteDirection, VoteTally } from "~/shared/community";
import { BROWSER_ERRORS } from "~/shared/errors/browser";
import { isUuid } from "~/shared/ids";
import type { Viewer } from "~/shared/navigation";
import { OFFLINE_WORDS } from "~/shared/offline-library";
import { PLAN_MAX_QUESTIONS } from "~/shared/plans";
import { type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";
import { ChoiceLabels, SourceBadge, TypeBadge } from "./badges";
import { CardMenu, MenuButton, MenuLink } from "./CardMenu";

export type { VoteDirection };

// Only admins edit: everyone else's first download goes without the editor.
const QuestionEditor = lazy(() => import("./QuestionEditor").then((m) => ({ default: m.QuestionEditor })));

/** A question as a card shows it: what the viewer did with it comes along when the server knows. */
export type CardQuestion = ServedQuestion & { userVote?: VoteDirection | null; saved?: boolean };

type Props = {
  question: CardQuestion;
  viewer: Viewer;
  /** Spotlight: the generator's one large card; default: a card in a list. */
  variant?: "default" | "spotlight";
  /** Shown instead of the text while the next question is on its way (keeps the card's size). */
  loading?: boolean;
  /** Opens present mode on this question. */
  onPresent?: () => void;
  /** After a copy went through (the generator may offer a visitor an account). */
  onCopied?: () => void;
  /**
   * Where a visitor's invitation to sign up stands after a vote or a save: the
   * generator keeps it under Generate; by default it is at the card's foot.
   */
  invitationPlace?: string;
  /** The card's question is gone for this viewer: an admin deleted it or a member hid it. */
  onGone?: (id: string, why: "deleted" | "hidden") => void;
  /** Why this question, under its text in the room the card keeps (the generator says when it widened the choice). */
  why?: ReactNode;
};

type Note = { text: string; link?: { to: string; label: string; onFollow?: () => void }; tone?: "error" };

const tallyOf = (q: CardQuestion): VoteTally => ({
  upvotes: 0,
  downvotes: 0,
  voteScore: q.voteScore,
  totalVotes: q.totalVotes,
  userVote: q.userVote ?? null,
});

/**
 * The one question card, wherever a question appears. The question comes
 * first; Present, Copy and (for members) Save are always in view, with the
 * votes; everything used less often waits in one menu. A change shows at
 * once and is undone if the server refuses it. Give it `key={question.id}`
 * where the question changes in place, so its state starts afresh.
 */
export function QuestionCard({
  question: initial,
  viewer,
  variant = "default",
  loading,
  onPresent,
  onCopied,
  invitationPlace,
  onGone,
  why,
}: Props) {
  const location = useLocation();
  const ownPlace = useId();
  const { ai } = useFeatures();
  const { copied, copy } = useCopy();
  const { startRound, startDialog } = useStartRound();
  const [question, setQuestion] = useState(initial);
  const [tally, setTally] = useState(() => tallyOf(initial));
  const [saved, setSavedState] = useState(Boolean(initial.saved));
  const [mode, setMode] = useState<"idle" | "editing" | "confirming" | "deleting">("idle");
  const [note, setNote] = useState<Note | null>(null);
  const [gone, setGone] = useState<"deleted" | "hidden" | null>(null);
  const text = stripSurroundingQuotes(question.question);
  const spotlight = variant === "spotlight";
  // Built-in fallback questions are not in the library: nothing can be stored about them.
  const stored = isUuid(question.id);
  const busy = loading || mode === "deleting";
  const curates = viewer?.curates ?? [];
  const cardTeam = useCardTeam();
  const teamHere = curates.find((team) => team.id === cardTeam?.teamId) ?? null;

  const signIn = `/sign-in?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  async function vote(direction: VoteDirection) {
    if (!viewer) {
      const place = invitationPlace ?? ownPlace;
      if (!offerSignUp({ trigger: "after_vote_attempt", question: null, place }))
        setNote({ text: "Votes are for members.", link: { to: signIn, label: "Sign in to vote" } });
      return;
    }
    // A vote switches or takes back the one before it, so one sent late could undo a later one: it waits for nothing.
    if (isOffline()) return setNote({ text: OFFLINE_WORDS.voteRefused, tone: "error" });
    const before = tally;
    setNote(null);
    setTally(optimisticTally(tally, direction));
    const outcome = await sendVote(question.id, direction);
    if (outcome.ok) setTally(outcome.body);
    else {
      setTally(before);
      setNote({ text: outcome.error, tone: "error" });
    }
  }

  async function toggleSave() {
    if (!viewer) {
      const place = invitationPlace ?? ownPlace;
      // Signing in from the note keeps the promise too: the question is saved on the first signed-in page.
      const keep = () => rememberPendingSave({ id: question.id, question: question.question });
      if (!offerSignUp({ trigger: "after_save_attempt", question, place }))
        setNote({ text: "Saving is for members.", link: { to: signIn, label: "Sign in to save", onFollow: keep } });
      return;
    }
    const next = !saved;
    setNote(null);
    setSavedState(next);
    const outcome = isOffline() ? null : await setSaved(question.id, next);
    if (outcome?.ok) return;
    // Without a connection the save waits in this browser and is sent when it is back.
    if ((!outcome || outcome.status === 0) && queueSave(question.id, next))
      return setNote({ text: next ? OFFLINE_WORDS.saveQueued : OFFLINE_WORDS.unsaveQueued });
    setSavedState(!next);
    setNote({ text: outcome?.error ?? OFFLINE_WORDS.saveRefused, tone: "error" });
  }

  function addToPlan() {
    const outcome = addToPlanDraft(question.id);
    const count = `${outcome.count} ${outcome.count === 1 ? "question" : "questions"}`;
    const link = { to: "/plan", label: "Open plan" };
    if (outcome.full) setNote({ text: `Your plan is full (${PLAN_MAX_QUESTIONS} questions).`, link });
    else if (outcome.added) setNote({ text: `Added to your plan: ${count}.`, link });
    else setNote({ text: `Already in your plan: ${count}.`, link });
  }

  async function hide() {
    const outcome = await setHidden(question.id, true);
    if (!outcome.ok) return setNote({ text: outcome.error, tone: "error" });
    setGone("hidden");
    onGone?.(question.id, "hidden");
  }

  /** A team action from the menu: its outcome in the card's note. */
  async function forTeam(action: Promise<{ ok: boolean; error?: string }>, done: string) {
    const outcome = await action;
    setNote(outcome.ok ? { text: done } : { text: outcome.error ?? BROWSER_ERRORS.UNREADABLE_ANSWER, tone: "error" });
  }

  async function confirmDelete() {
    setMode("deleting");
    const outcome = await removeQuestion(question.id);
    if (!outcome.ok) {
      setMode("idle");
      return setNote({ text: outcome.error, tone: "error" });
    }
    setMode("idle");
    setGone("deleted");
    onGone?.(question.id, "deleted");
  }

  // Where the owner takes the question away itself (a list drops it, the generator brings the next one), it does.
  if (gone && !onGone) {
    return (
      <p role="status" className="rounded-3xl border border-dashed border-line-strong p-5 text-sm text-ink-muted">
        {gone === "deleted" ? "Question deleted." : "We won't show that question to you again."}
      </p>
    );
  }

  return (
    <article
      aria-label="Question"
      aria-busy={loading || undefined}
      className={`rounded-3xl border border-line bg-white ${spotlight ? "p-4 shadow-xl shadow-brand-900/5 sm:p-8" : "p-4 sm:p-5"}`}
    >
      {/* The votes and the menu sit at the top right; on a phone the style and depth take their own line. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <TypeBadge type={question.type} />
        <SourceBadge source={question.source} mine={!!viewer && question.authorId === viewer.id} />
        <span className="order-last w-full sm:order-none sm:w-auto">
          <ChoiceLabels style={question.questionStyle} level={question.engagementLevel} />
        </span>
        {/* Votes and share pages are for published questions; a private or team question has neither. */}
        {question.privateTo && <span className="ml-auto" />}
        {!question.privateTo && (
          <fieldset className="-my-2 ml-auto flex items-center" aria-label="Vote">
            <button
              type="button"
              className={`tap-box inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-muted hover:bg-brand-50 ${tally.userVote === "up" ? "bg-brand-100 text-brand-900" : ""}`}
              aria-label="Vote up"
              aria-pressed={tally.userVote === "up"}
              disabled={!stored}
              onClick={() => vote("up")}
            >
              <ChevronUp className="h-5 w-5" aria-hidden="true" />
            </button>
            <span className="min-w-7 text-center text-sm font-semibold text-ink" data-testid="vote-score">
              <span className="sr-only">Score </span>
              {tally.voteScore}
            </span>
            <button
              type="button"
              className={`tap-box inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-muted hover:bg-brand-50 ${tally.userVote === "down" ? "bg-accent-100 text-accent-600" : ""}`}
              aria-label="Vote down"
              aria-pressed={tally.userVote === "down"}
              disabled={!stored}
              onClick={() => vote("down")}
            >
              <ChevronDown className="h-5 w-5" aria-hidden="true" />
            </button>
          </fieldset>
        )}
        {stored && (
          <CardMenu label="More actions for this question" onOpen={prefetchStartRound}>
            <MenuButton icon={ListPlus} onSelect={addToPlan}>
              Add to plan
            </MenuButton>
            {question.privateTo !== "author" && (
              <MenuButton icon={MonitorSmartphone} onSelect={() => startRound([question])}>
                Live round
              </MenuButton>
            )}
            {!question.privateTo && (
              <MenuLink icon={Share2} to={`/q/${question.id}`}>
                Share
              </MenuLink>
            )}
            {viewer && (
              <MenuButton icon={EyeOff} onSelect={hide}>
                Don't show again
              </MenuButton>
            )}
            {ai && viewer?.plan === "premium" && stored && (
              <MenuLink icon={Sparkles} to={`/studio?from=${question.id}`}>
                Rewrite or follow up
              </MenuLink>
            )}
            {curates.map((team) => (
              <MenuButton
                key={team.id}
                icon={Bookmark}
                onSelect={() => forTeam(saveToTeam(team.id, question.id), `Saved to ${team.name}'s questions.`)}
              >
                {`Save to team: ${team.name}`}
              </MenuButton>
            ))}
            {teamHere && (
              <>
                <MenuButton
                  icon={EyeOff}
                  onSelect={() =>
                    forTeam(hideForTeam(teamHere.id, question.id), `${teamHere.name} won't be served it again.`)
                  }
                >
                  Not for this team
                </MenuButton>
                {cardTeam?.offersMarkAsked && (
                  <MenuButton
                    icon={Check}
                    onSelect={() => forTeam(markAskedByTeam(teamHere.id, question.id), "Marked as asked in the team.")}
                  >
                    Mark as asked
                  </MenuButton>
                )}
              </>
            )}
            {viewer?.isAdmin && (
              <>
                <MenuButton icon={Pencil} onSelect={() => setMode("editing")}>
                  Edit
                </MenuButton>
                <MenuButton icon={Trash2} tone="danger" onSelect={() => setMode("confirming")}>
                  Delete
                </MenuButton>
              </>
            )}
          </CardMenu>
        )}
      </div>
      {/* The spotlight keeps room for five lines on a phone and four on a wider screen (all but a few of the
          library's questions), or one line fewer with the note on why this question under it, so Generate stays
          where it is from one question to the next. */}
      <div
        className={
          spotlight ? "mt-3 flex min-h-[10.125rem] flex-col justify-center sm:mt-5 sm:min-h-[11.875rem]" : "mt-3"
        }
      >
        {loading ? (
          <QuestionTextSkeleton />
        ) : mode === "editing" ? (
          <Suspense fallback={<QuestionTextSkeleton />}>
            <QuestionEditor
              question={question}
              onSaved={(edited) => {
                setQuestion({ ...question, question: edited });
                setMode("idle");
              }}
              onCancel={() => setMode("idle")}
            />
          </Suspense>
        ) : (
          <>
            <blockquote
              className={`font-serif text-ink ${spotlight ? "text-xl leading-snug sm:text-3xl" : "text-lg leading-snug"}`}
            >
              <p data-testid="question-text">“{text}”</p>
            </blockquote>
            {why}
          </>
        )}
      </div>
      {mode !== "editing" && (
        <div className={`flex flex-wrap items-center gap-1.5 ${spotlight ? "mt-5" : "mt-4"}`}>
          {onPresent && (
            <button type="button" className={control} disabled={busy} onClick={onPresent}>
              <Presentation className="h-4 w-4" aria-hidden="true" />
              <span>Present</span>
            </button>
          )}
          <button
            type="button"
            className={control}
            disabled={busy}
            onClick={async () => {
              if (await copy(text)) onCopied?.();
            }}
          >
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
          </button>
          {stored && (
            <button
              type="button"
              className={control}
              disabled={busy}
              aria-pressed={viewer ? saved : undefined}
              onClick={toggleSave}
            >
              {saved ? (
                <BookmarkCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />
              ) : (
                <Bookmark className="h-4 w-4" aria-hidden="true" />
              )}
              {saved ? "Saved" : "Save"}
            </button>
          )}
        </div>
      )}
      {(mode === "confirming" || mode === "deleting") && (
        <div
          role="alertdialog"
          aria-label="Delete this question?"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-2xl bg-accent-100 p-3"
        >
          <p className="flex-1 text-sm text-ink">Delete this question for everyone? Its votes and saves go too.</p>
          <button
            type="button"
            className="inline-flex h-11 items-center rounded-full bg-accent-600 px-4 text-sm font-semibold text-white"
            disabled={mode === "deleting"}
            onClick={confirmDelete}
          >
            {mode === "deleting" ? "Deleting..." : "Delete"}
          </button>
          <button type="button" className={control} disabled={mode === "deleting"} onClick={() => setMode("idle")}>
            Cancel
          </button>
        </div>
      )}
      <p
        role={note?.tone === "error" ? "alert" : "status"}
        className={`text-sm ${note ? "mt-3" : ""} ${note?.tone === "error" ? "font-medium text-accent-600" : "text-ink-muted"}`}
      >
        {note?.text}
        {note?.link && (
          <>
            {" "}
            <Link to={note.link.to} onClick={note.link.onFollow} className="font-semibold text-brand-800 underline">
              {note.link.label}
            </Link>
          </>
        )}
      </p>
      {!viewer && !invitationPlace && <SignUpInvitation place={ownPlace} className="mt-3" />}
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
      <div className="mt-6 h-11 w-40 animate-pulse rounded-full bg-sand" />
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
