import { useEffect, useId, useRef, useState } from "react";
import { CircleAlert, Info, Sparkles } from "~/components/icons";
import { usePresenter } from "~/components/present/use-presenter";
import { PassNote } from "~/components/questions/PassNote";
import { QuestionCard } from "~/components/questions/QuestionCard";
import { SignUpInvitation } from "~/components/SignUpPrompt";
import { requestQuestion, startAfresh } from "~/lib/generate-client";
import {
  forgetQuestion,
  keepSeenIds,
  recentQuestions,
  rememberQuestion,
  seenIds,
  servedRecently,
} from "~/lib/local-questions";
import { isOffline, offlineQuestion } from "~/lib/offline-library";
import { offerSignUp } from "~/lib/sign-up-prompt";
import { useFeatures } from "~/lib/use-features";
import { type CategorySlug, firstChoice } from "~/shared/categories";
import { localWeekday } from "~/shared/meeting-day";
import type { Viewer } from "~/shared/navigation";
import { OFFLINE_WORDS } from "~/shared/offline-library";
import type { Relaxed, RemainingQuestions, ServedQuestion } from "~/shared/questions";
import { againLabel, widenedSentence } from "~/shared/widening";
import { ChoiceRow, type GeneratorSettings } from "./ChoiceRow";

/** Fired on `window` after each new question, with its id, category and text, so other parts of the page may react. */
export const NEW_QUESTION_EVENT = "newQuestionGenerated";

type Choice = Omit<GeneratorSettings, "fresh">;

/** A question from a nearby choice: the card's words, what was relaxed, and the choice it was asked for. */
type Widened = { sentence: string; relaxed: Relaxed[]; choice: Choice };

const sameChoice = (a: Choice, b: Choice) =>
  a.meetingContext === b.meetingContext &&
  a.questionStyle === b.questionStyle &&
  a.engagementLevel === b.engagementLevel &&
  a.categorySlug === b.categorySlug;

type Props = {
  initialQuestion: ServedQuestion;
  /** A category page presets its category; the home page leaves it open. */
  categorySlug?: CategorySlug | null;
  viewer: Viewer;
  /** Whether new questions come from a metered AI provider (shows the "fresh from AI" count). */
  remainingQuestions: RemainingQuestions;
  /** Category pages fix the category; the home page offers it among the choices. */
  chooseCategory?: boolean;
};

/**
 * The generator: the question on its card, the choices and Generate right
 * under it. The first question is the server's and stays after the page
 * hydrates. The card keeps its height for the text, and notices sit inside
 * it, so Generate does not move from one question to the next.
 */
export function QuestionGenerator({
  initialQuestion,
  categorySlug = null,
  viewer,
  remainingQuestions,
  chooseCategory = false,
}: Props) {
  const { ai } = useFeatures();
  const [question, setQuestion] = useState(initialQuestion);
  const { present, presenter } = usePresenter();
  const [settings, setSettings] = useState<GeneratorSettings>({
    ...firstChoice(categorySlug),
    categorySlug,
    fresh: false,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What the last question relaxed of the choice it was asked for, with that choice.
  const [widened, setWidened] = useState<Widened | null>(null);
  const [remaining, setRemaining] = useState(remainingQuestions);
  // The question came from the library slice this browser keeps, without a connection.
  const [fromSlice, setFromSlice] = useState(false);
  const inFlight = useRef(false);
  const cardArea = useRef<HTMLDivElement>(null);
  // A visitor's invitation to sign up stands under Generate, whatever on the card caused it.
  const invitationPlace = useId();

  // The server's question is this browser's too: it counts as seen for the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => rememberQuestion(initialQuestion), []);

  async function generate(options: { after?: string } = {}) {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setError(null);
    const previousQuestions = recentQuestions()
      .slice(0, 5)
      .reverse()
      .map((q) => q.question);
    const { fresh, ...choice } = settings;
    if (isOffline()) return serveOffline(choice, options);
    // The browser's own day: a "yesterday" question never opens a Monday.
    const outcome = await requestQuestion({
      ...choice,
      previousQuestions,
      seenIds: seenIds(),
      fresh,
      weekday: localWeekday(),
    });
    if (!outcome.ok && outcome.problem.code === "NETWORK_ERROR")
      return serveOffline(choice, options, outcome.problem.error);
    inFlight.current = false;
    setLoading(false);
    if (!outcome.ok) {
      setError(outcome.problem.error);
      return;
    }
    const {
      remainingQuestions: left,
      notice: note,
      aiError: _aiError,
      widened: sentence,
      relaxed,
      ...served
    } = outcome.body;
    setRemaining(left);
    show(served, options.after ?? note ?? null, sentence && relaxed?.length ? { sentence, relaxed, choice } : null);
  }

  /** Without a connection: the next question from the slice of the library this browser keeps. */
  async function serveOffline(choice: Choice, options: { after?: string }, failure: string = OFFLINE_WORDS.noLibrary) {
    const pick = await offlineQuestion(choice);
    inFlight.current = false;
    setLoading(false);
    if (!pick) return setError(failure);
    const { question: served, relaxed } = pick;
    show(
      served,
      options.after ?? null,
      relaxed.length ? { sentence: widenedSentence(relaxed), relaxed, choice } : null,
      true,
    );
  }

  function show(served: ServedQuestion, note: string | null, widenedBy: Widened | null, offline = false) {
    // The host's choice stays as it is, even when this question comes from a nearby one.
    setQuestion(served);
    setNotice(note);
    setWidened(widenedBy);
    setFromSlice(offline);
    rememberQuestion(served);
    // A host who scrolled down to the choices still sees the question arrive.
    cardArea.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
    window.dispatchEvent(
      new CustomEvent(NEW_QUESTION_EVENT, {
        detail: { id: served.id, categorySlug: served.categorySlug, question: served.question },
      }),
    );
    // Signing up needs the network: offline the invitation would lead nowhere.
    if (!viewer && !offline) offerSignUp({ trigger: "after_generation", question: served, place: invitationPlace });
  }

  // Why this question, or what went wrong: under Generate, where the eye is after a click, in kept space.
  const footnote = error ? (
    <div role="alert" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-3 text-red-900">
      <CircleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Error</p>
        <p className="text-sm">{error}</p>
      </div>
    </div>
  ) : notice ? (
    <p role="status" className="flex gap-2 text-sm text-ink">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
      {notice}
    </p>
  ) : null;

  /** Clears what this visitor was shown of the widened choice, then serves that exact choice again. */
  async function startChoiceAfresh(choice: Widened["choice"]) {
    const outcome = await startAfresh({ ...choice, seenIds: seenIds() });
    if (!outcome.ok) return setError(outcome.error);
    keepSeenIds(outcome.seenIds);
    await generate();
  }

  const { fresh: _fresh, ...current } = settings;
  // The card says when it widened the choice, naming what it relaxed; the way back to the exact choice is
  // offered while that choice is still the one selected.
  const widenedNote = widened && (
    <p role="status" className="mt-2 text-sm text-ink-muted" data-testid="widened-note">
      {widened.sentence}{" "}
      {!fromSlice && sameChoice(widened.choice, current) && (
        <button
          type="button"
          className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline hover:text-brand-900"
          disabled={loading}
          onClick={() => void startChoiceAfresh(widened.choice)}
        >
          {againLabel(widened.relaxed)}
        </button>
      )}
    </p>
  );
  const why = fromSlice ? (
    <>
      <p className="mt-2 text-sm text-ink-muted" data-testid="offline-note">
        {OFFLINE_WORDS.fromLibrary}
      </p>
      {widenedNote}
    </>
  ) : (
    widenedNote
  );

  return (
    <div className="space-y-3">
      <div ref={cardArea} className="scroll-mt-20">
        <QuestionCard
          key={question.id}
          question={question}
          viewer={viewer}
          variant="spotlight"
          loading={loading}
          invitationPlace={invitationPlace}
          why={why}
          onCopied={() => {
            if (!viewer) offerSignUp({ trigger: "after_copy", question, place: invitationPlace });
          }}
          onPresent={() => present([question, ...servedRecently().filter((q) => q.id !== question.id)], 0, current)}
          onGone={(id, why) => {
            forgetQuestion(id);
            void generate({
              after: why === "hidden" ? "We won't show that question to you again." : "Question deleted.",
            });
          }}
        />
      </div>
      {presenter}

      {/* Not a form: a click before the scripts run is kept and replayed, where a form would reload the page. */}
      <fieldset id="generator-options" className="space-y-3">
        <legend className="sr-only">Choose the next question</legend>
        <ChoiceRow settings={settings} onChange={setSettings} chooseCategory={chooseCategory} />
        <button
          type="button"
          onClick={() => void generate()}
          disabled={loading}
          className="tap-box inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-6 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {loading ? "Generating…" : "Generate Question"}
        </button>
        {/* A visitor's room is kept for the invitation that a first click may bring; members never get one. */}
        <div className={viewer ? "empty:hidden" : "min-h-10"}>
          {footnote}
          {!viewer && <SignUpInvitation place={invitationPlace} className={footnote ? "mt-3" : ""} />}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          {/* Offered only where an AI writes questions: a control that cannot do what it says is not shown. */}
          {ai && (
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={settings.fresh}
                onChange={(e) => setSettings((s) => ({ ...s, fresh: e.target.checked }))}
                className="h-5 w-5 accent-brand-700"
              />
              Write a brand-new one with AI
              {typeof remaining === "number" && <span className="text-ink-muted">({remaining} left)</span>}
            </label>
          )}
          <PassNote />
        </div>
      </fieldset>
    </div>
  );
}
