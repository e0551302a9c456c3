import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CircleAlert, EyeOff, Info, SlidersHorizontal, Sparkles } from "~/components/icons";
import { usePresenter } from "~/components/present/use-presenter";
import { type CardVotes, control, QuestionCard } from "~/components/questions/QuestionCard";
import { type PromptTrigger, SignUpPrompt } from "~/components/SignUpPrompt";
import { optimisticTally, sendVote, setHidden } from "~/lib/community-client";
import { requestQuestion } from "~/lib/generate-client";
import { forgetQuestion, recentQuestions, rememberQuestion, seenIds, servedRecently } from "~/lib/local-questions";
import { readStorage, writeStorage } from "~/lib/safe-storage";
import { CATEGORIES, type CategorySlug, findCategory } from "~/shared/categories";
import type { VoteDirection } from "~/shared/community";
import {
  ENGAGEMENT_LEVELS,
  type EngagementLevel,
  isOfferedChoice,
  MEETING_CONTEXTS,
  type MeetingContext,
  offeredEngagement,
  QUESTION_STYLES,
  type QuestionStyle,
  type RemainingQuestions,
  type ServedQuestion,
} from "~/shared/questions";
import { OptionGroup } from "./OptionGroup";

/** Fired on `window` after each new question, with its id, category and text, so other parts of the page may react. */
export const NEW_QUESTION_EVENT = "newQuestionGenerated";

type Settings = {
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  categorySlug: CategorySlug | null;
};

const settingsOf = (q: ServedQuestion, categorySlug: CategorySlug | null): Settings => ({
  meetingContext: q.meetingContext,
  questionStyle: q.questionStyle,
  engagementLevel: q.engagementLevel,
  categorySlug,
});
const votesOf = (q: ServedQuestion): CardVotes => ({
  voteScore: q.voteScore,
  totalVotes: q.totalVotes,
  userVote: null,
});
const PROMPT_DISMISSED_KEY = "circleup.signUpPromptDismissed";

type Props = {
  initialQuestion: ServedQuestion;
  /** A category page presets its category; the home page leaves it open. */
  categorySlug?: CategorySlug | null;
  viewer: { id: string; isAdmin: boolean } | null;
  /** Whether new questions come from a metered AI provider (shows the "fresh from AI" count). */
  remainingQuestions: RemainingQuestions;
};

export function QuestionGenerator({ initialQuestion, categorySlug = null, viewer, remainingQuestions }: Props) {
  const location = useLocation();
  const panelId = useId();
  const [question, setQuestion] = useState(initialQuestion);
  const { present, presenter } = usePresenter();
  const [votes, setVotes] = useState(() => votesOf(initialQuestion));
  const [settings, setSettings] = useState<Settings>(() => settingsOf(initialQuestion, categorySlug));
  const [fresh, setFresh] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [widened, setWidened] = useState<string | null>(null);
  const [remaining, setRemaining] = useState(remainingQuestions);
  const [prompt, setPrompt] = useState<{ trigger: PromptTrigger; variant: "compact" | "full" } | null>(null);
  const inFlight = useRef(false);

  // On first load, show a random question this browser was served before, if any; else remember the server's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    const recent = servedRecently();
    const pick = recent[Math.floor(Math.random() * recent.length)];
    if (pick) show(pick);
    else rememberQuestion(initialQuestion);
  }, []);

  function show(next: ServedQuestion) {
    setQuestion(next);
    setVotes(votesOf(next));
    setSettings(settingsOf(next, settings.categorySlug));
  }

  function offerSignUp(trigger: PromptTrigger, variant: "compact" | "full") {
    if (viewer) return;
    if (variant === "compact" && readStorage("session", PROMPT_DISMISSED_KEY) === "true") return;
    setPrompt({ trigger, variant });
  }

  /** Members vote for real (the server's answer corrects the guess); visitors are invited to sign up. */
  async function vote(direction: VoteDirection) {
    if (!viewer) return offerSignUp("after_vote_attempt", "full");
    const before = votes;
    setVotes(optimisticTally({ ...votes, upvotes: 0, downvotes: 0 }, direction));
    const outcome = await sendVote(question.id, direction);
    if (outcome.ok) setVotes(outcome.body);
    else {
      setVotes(before);
      setError(outcome.error);
    }
  }

  /** A member's "don't show this again": the server keeps it out of their generator from now on. */
  async function hideCurrent() {
    const outcome = await setHidden(question.id, true);
    if (!outcome.ok) return setError(outcome.error);
    forgetQuestion(question.id);
    await generate();
    setNotice("We won't show that question to you again.");
  }

  async function generate() {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setError(null);
    const previousQuestions = recentQuestions()
      .slice(0, 5)
      .reverse()
      .map((q) => q.question);
    const outcome = await requestQuestion({ ...settings, previousQuestions, seenIds: seenIds(), fresh });
    inFlight.current = false;
    setLoading(false);
    if (!outcome.ok) {
      setError(outcome.problem.error);
      return;
    }
    const { remainingQuestions: left, notice: note, aiError: _aiError, widened: nearby, ...served } = outcome.body;
    // The host's choice stays as it is, even when this question comes from a nearby one.
    setQuestion(served);
    setVotes(votesOf(served));
    setRemaining(left);
    setNotice(note ?? null);
    setWidened(nearby ?? null);
    rememberQuestion(served);
    window.dispatchEvent(
      new CustomEvent(NEW_QUESTION_EVENT, {
        detail: { id: served.id, categorySlug: served.categorySlug, question: served.question },
      }),
    );
    offerSignUp("after_generation", "compact");
  }

  const returnTo = `${location.pathname}${location.search}`;
  const summary = [
    MEETING_CONTEXTS.find((c) => c.value === settings.meetingContext)?.label,
    QUESTION_STYLES.find((s) => s.value === settings.questionStyle)?.label,
    ENGAGEMENT_LEVELS.find((e) => e.value === settings.engagementLevel)?.label,
  ].join(" · ");

  return (
    <div className="space-y-4">
      <QuestionCard
        question={question}
        votes={votes}
        viewerId={viewer?.id ?? null}
        variant="spotlight"
        loading={loading}
        onVote={vote}
        onCopied={() => offerSignUp("after_copy", "compact")}
        onPresent={() => present([question, ...servedRecently().filter((q) => q.id !== question.id)])}
        actions={
          viewer && (
            <button type="button" className={control} disabled={loading} onClick={hideCurrent}>
              <EyeOff className="h-4 w-4" aria-hidden="true" />
              <span>Don't show again</span>
            </button>
          )
        }
      />
      {presenter}

      {prompt && (
        <SignUpPrompt
          trigger={prompt.trigger}
          variant={prompt.variant}
          returnTo={returnTo}
          onDismiss={() => {
            setPrompt(null);
            // Blocked storage only means the prompt may come back.
            writeStorage("session", PROMPT_DISMISSED_KEY, "true");
          }}
        />
      )}

      {error && (
        <div role="alert" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <CircleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">Error</p>
            <p className="text-sm">{error}</p>
          </div>
        </div>
      )}
      {widened && !notice && !error && (
        <p role="status" className="px-1 text-sm text-ink-muted" data-testid="widened-note">
          {widened}
        </p>
      )}
      {notice && !error && (
        <p role="status" className="flex gap-2 rounded-2xl bg-sand p-3 text-sm text-ink">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
          {notice}
        </p>
      )}

      <div className="rounded-3xl border border-line bg-white/70 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={generate}
            disabled={loading}
            className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {loading ? "Generating…" : "Generate Question"}
          </button>
          <button
            type="button"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
            className="inline-flex items-center gap-2 rounded-full border border-line bg-white px-4 py-3 text-sm font-semibold text-ink hover:bg-brand-50"
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            {panelOpen ? "Hide options" : "Customize"}
          </button>
          <span className="text-sm text-ink-muted">{summary}</span>
        </div>

        <div id={panelId} hidden={!panelOpen} className="mt-5 space-y-5 border-t border-line pt-5">
          <OptionGroup
            legend="Meeting moment"
            name="meetingContext"
            options={MEETING_CONTEXTS}
            value={settings.meetingContext}
            onChange={(meetingContext) =>
              setSettings((s) => ({
                ...s,
                meetingContext,
                engagementLevel: offeredEngagement(meetingContext, s.engagementLevel),
              }))
            }
          />
          <OptionGroup
            legend="Style"
            name="questionStyle"
            options={QUESTION_STYLES}
            value={settings.questionStyle}
            onChange={(questionStyle) => setSettings((s) => ({ ...s, questionStyle }))}
          />
          <OptionGroup
            legend="Depth"
            name="engagementLevel"
            options={ENGAGEMENT_LEVELS.filter((e) => isOfferedChoice(settings.meetingContext, e.value)).map((e) => ({
              ...e,
              label: `${e.label} (${e.description.split(", ")[1]})`,
            }))}
            value={settings.engagementLevel}
            onChange={(engagementLevel) => setSettings((s) => ({ ...s, engagementLevel }))}
          />
          <div className="flex flex-wrap items-end gap-6">
            <label className="text-sm font-semibold text-ink">
              Category
              <select
                className="mt-2 block rounded-xl border border-line bg-white px-3 py-2 font-normal"
                value={settings.categorySlug ?? "all"}
                onChange={(e) =>
                  setSettings((s) => ({ ...s, categorySlug: findCategory(e.target.value)?.slug ?? null }))
                }
              >
                <option value="all">Any meeting</option>
                {CATEGORIES.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={fresh}
                onChange={(e) => setFresh(e.target.checked)}
                className="h-4 w-4 accent-brand-700"
              />
              Write a brand-new one with AI
              {typeof remaining === "number" && <span className="text-ink-muted">({remaining} left)</span>}
            </label>
          </div>
        </div>
      </div>
    </div>
  );
}
