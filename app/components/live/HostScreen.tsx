import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Check, ChevronLeft, ChevronRight, Copy, EyeOff, Maximize } from "~/components/icons";
import { deleteRound, type HostAction, hostAction, moderateAnswer } from "~/lib/live-client";
import { useCopy } from "~/lib/use-copy";
import { useLiveRound } from "~/lib/use-live-round";
import { ANSWER_MODE_LABELS, type LiveAnswer, type RoundView } from "~/shared/live";
import { emptyResults } from "~/shared/live-view";
import { EndControls } from "./EndControls";
import { JoinPanel } from "./JoinPanel";
import { LoopbackWarning } from "./LoopbackWarning";
import { ModerationPanel } from "./ModerationPanel";
import { ReconnectingNote } from "./ReconnectingNote";
import { RoundOver } from "./RoundOver";
import { RoundResults } from "./RoundResults";
import { answerSecondsFor, darkButton, darkPrimary, SpeakingOrderPanel, TimerPanel, useTurns } from "./TurnPanels";

type Props = {
  initial: RoundView;
  joinUrl: string;
  joinAddress: string;
  qrSvg: string;
  /** The site's address, for the recap's share link. */
  siteUrl: string;
  /** The join address points at the host's own computer: no phone can open it. */
  joinIsLoopback: boolean;
};

const isTyping = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement;

/** Joined names as a speaking order can hold them: two people called Sam become "Sam" and "Sam (2)". */
export function distinctNames(names: (string | null)[]): string[] {
  const seen = new Map<string, number>();
  return names
    .filter((name): name is string => !!name)
    .map((name) => {
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      return count === 1 ? name : `${name} (${count})`;
    });
}

/**
 * The host's screen for a live round, shown to the room. Two parts: the
 * room's view (the question in large type, the counts, the answers once
 * revealed, never a hidden one, and how to join, readable from three metres)
 * and, apart from it, the host's controls (reveal, lock, next, moderation,
 * the timer and speaking order, the end).
 * Keys: arrows change the question, space starts and pauses the timer.
 */
export function HostScreen({ initial, joinUrl, joinAddress, qrSvg, siteUrl, joinIsLoopback }: Props) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const { view, connection, reconnecting, replace, setAnswer } = useLiveRound(initial);
  const question = view.questions[view.position];
  const turns = useTurns(answerSecondsFor(question?.engagementLevel));
  const [pending, setPending] = useState<HostAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moderationErrors, setModerationErrors] = useState<Record<string, string>>({});
  const [deleted, setDeleted] = useState(false);
  const [moderating, setModerating] = useState(false);
  const [showQr, setShowQr] = useState(true);
  const { copied, copy } = useCopy();
  const { nextQuestion } = turns;

  // A new question: the same people from the top, with the time this question suggests.
  useEffect(() => {
    nextQuestion(answerSecondsFor(view.questions[view.position]?.engagementLevel));
  }, [view.position, view.questions, nextQuestion]);

  const names = useMemo(() => distinctNames(view.participants.map((p) => p.name)), [view.participants]);

  const act = async (action: HostAction, options: { shareRecap?: boolean } = {}) => {
    if (pending) return;
    setPending(action);
    setError(null);
    const outcome = await hostAction(view.code, action, view.position, options);
    setPending(null);
    if (outcome.ok) replace(outcome.body.view);
    else setError(outcome.error);
  };

  const moderate = async (answer: LiveAnswer, hidden: boolean) => {
    setModerationErrors(({ [answer.id]: _, ...rest }) => rest);
    setAnswer({ ...answer, hidden });
    const outcome = await moderateAnswer(view.code, answer.id, hidden);
    if (outcome.ok) setAnswer(outcome.body.answer);
    else {
      setAnswer(answer);
      setModerationErrors((current) => ({ ...current, [answer.id]: outcome.error }));
    }
  };

  const remove = async () => {
    const outcome = await deleteRound(view.code);
    if (outcome.ok || outcome.status === 404) setDeleted(true);
    return outcome.ok || outcome.status === 404 ? null : outcome.error;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || view.status === "ended") return;
    if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      turns.timer.toggle();
    } else if (event.key === "ArrowRight" && view.position < view.questions.length - 1) {
      event.preventDefault();
      void act("next");
    } else if (event.key === "ArrowLeft" && view.position > 0) {
      event.preventDefault();
      void act("previous");
    }
  };

  // The site's focus ring is too dark to see on this background; the light accent is not.
  const frame = "min-h-screen bg-brand-900 text-white [&_:focus-visible]:outline-accent-400";
  if (deleted || connection === "gone") {
    return (
      <div className={frame}>
        <div className="mx-auto max-w-3xl px-5 py-16 text-center">
          <h1 className="font-serif text-4xl">This round is deleted</h1>
          <p className="mt-3 text-brand-100">Its questions, answers and recap are gone.</p>
          <p className="mt-8">
            <Link to="/" className={darkPrimary}>
              Find your next question
            </Link>
          </p>
        </div>
      </div>
    );
  }
  if (view.status === "ended" || !question) {
    return (
      <div className={frame}>
        <RoundOver view={view} siteUrl={siteUrl} onDelete={remove} />
      </div>
    );
  }

  const results = view.results ?? emptyResults(view.position, question.options.length);
  // A hidden answer was still given: hiding it is about showing, not about who took part.
  const answered = results.answered + results.hidden;
  const passed = results.passed;
  const hiddenCount = results.hidden;
  const last = view.position === view.questions.length - 1;
  const hostReveals = view.revealMode === "host";

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are shortcuts; every one of them is also a button.
    <div ref={root} onKeyDown={onKeyDown} className={`${frame} overflow-y-auto`}>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-5 py-5 sm:px-8">
        {joinIsLoopback && <LoopbackWarning joinAddress={joinAddress} />}

        {/* The host's tools, apart from the room's view: at the top, in reach without scrolling. */}
        <section aria-labelledby={`${id}-controls`} className="flex flex-col gap-3 border-b-2 border-white/50 pb-4">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id={`${id}-controls`} className="text-base font-semibold uppercase tracking-wide text-white">
              Host controls
            </h2>
            <p className="text-brand-100">
              {view.locked
                ? "Answers are locked."
                : !hostReveals
                  ? "Answers appear as they arrive."
                  : view.revealed
                    ? "The answers are on everyone's screen."
                    : "Answers stay hidden until you reveal them."}
            </p>
            <span className="flex flex-wrap gap-2 ml-auto">
              <button type="button" className={darkButton} onClick={() => copy(joinUrl)}>
                {copied ? (
                  <Check className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Copy className="h-4 w-4" aria-hidden="true" />
                )}
                <span aria-live="polite">{copied ? "Copied" : "Copy join link"}</span>
              </button>
              <button type="button" className={darkButton} onClick={() => setShowQr((shown) => !shown)}>
                {showQr ? "Hide QR code" : "Show QR code"}
              </button>
              <button
                type="button"
                className={darkButton}
                onClick={() => void root.current?.requestFullscreen?.().catch(() => {})}
              >
                <Maximize className="h-4 w-4" aria-hidden="true" /> Full screen
              </button>
            </span>
          </div>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Round controls</legend>
            {hostReveals &&
              (view.revealed ? (
                <button type="button" className={darkButton} onClick={() => act("hide-answers")} disabled={!!pending}>
                  <EyeOff className="h-4 w-4" aria-hidden="true" /> Hide answers
                </button>
              ) : (
                <button type="button" className={darkPrimary} onClick={() => act("reveal")} disabled={!!pending}>
                  Reveal answers
                </button>
              ))}
            <button
              type="button"
              className={darkButton}
              onClick={() => act(view.locked ? "unlock" : "lock")}
              disabled={!!pending}
            >
              {view.locked ? "Unlock answers" : "Lock answers"}
            </button>
            <button
              type="button"
              className={darkButton}
              onClick={() => act("previous")}
              disabled={!!pending || view.position === 0}
              aria-keyshortcuts="ArrowLeft"
            >
              <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
            </button>
            <button
              type="button"
              className={hostReveals && !view.revealed ? darkButton : darkPrimary}
              onClick={() => act("next")}
              disabled={!!pending || last}
              aria-keyshortcuts="ArrowRight"
            >
              Next question <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={darkButton}
              onClick={() => setModerating((open) => !open)}
              aria-expanded={moderating}
              aria-controls={`${id}-moderation`}
            >
              <EyeOff className="h-4 w-4" aria-hidden="true" />
              {moderating ? "Close moderation" : "Moderate answers"}
              {hiddenCount > 0 && <span className="font-normal">({hiddenCount} hidden)</span>}
            </button>
          </fieldset>
          <p role="alert" className="min-h-5 text-sm font-medium text-accent-400">
            {error}
          </p>

          {moderating && (
            <ModerationPanel
              id={`${id}-moderation`}
              question={question}
              answers={view.answers}
              onModerate={moderate}
              errors={moderationErrors}
            />
          )}
        </section>

        {/* What the room sees: the question, its answers (never a hidden one) and how to join, sized for three metres. */}
        <section aria-label="Room view" className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-x-8 gap-y-2">
            <p className="text-lg text-brand-100">
              Question {view.position + 1} of {view.questions.length} · {ANSWER_MODE_LABELS[question.mode]}
              {view.anonymous ? " · Anonymous" : ""}
            </p>
            <p className="flex gap-6 text-lg text-brand-100">
              <Count label="joined" value={view.participantCount} />
              <Count label="connected" value={view.connected} />
              <Count label="answered" value={answered} />
              <Count label="passed" value={passed} />
            </p>
            <ReconnectingNote show={reconnecting} tone="dark" />
          </div>

          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
            <div className="flex min-w-0 flex-col gap-5">
              <h1
                id={`${id}-question`}
                className={`font-serif text-4xl leading-tight ${question.text.length > 70 ? "sm:text-5xl" : "sm:text-6xl"}`}
                aria-live="polite"
              >
                “{question.text}”
              </h1>
              <p className="min-h-8 text-2xl text-brand-100">
                {view.locked ? "Answers are locked." : "Answer on your phone."}
              </p>
              <section aria-labelledby={`${id}-answers`} className="min-h-64 flex-1 rounded-3xl bg-white/5 p-5 sm:p-6">
                <h2 id={`${id}-answers`} className="sr-only">
                  Answers
                </h2>
                {view.revealed ? (
                  <RoundResults
                    question={question}
                    results={results}
                    answers={view.answers}
                    tone="dark"
                    size="screen"
                  />
                ) : (
                  <p className="flex min-h-52 items-center justify-center text-center text-3xl text-brand-100">
                    {answered + passed === 0
                      ? "Answers will come in here."
                      : `${answered} ${answered === 1 ? "answer" : "answers"} in`}
                  </p>
                )}
              </section>
            </div>
            <JoinPanel code={view.code} joinAddress={joinAddress} qrSvg={showQr ? qrSvg : null} />
          </div>
        </section>

        <div className={`grid gap-6 ${view.anonymous ? "" : "md:grid-cols-2"}`}>
          <TimerPanel turns={turns} headingId={`${id}-timer`} />
          {!view.anonymous && <SpeakingOrderPanel turns={turns} headingId={`${id}-order`} knownNames={names} />}
        </div>

        <EndControls pending={!!pending} onEnd={(shareRecap) => act("end", { shareRecap })} onDelete={remove} />
        <p className="text-center text-sm text-brand-100">
          Space starts and pauses the timer · arrows change the question
        </p>
      </div>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <span className="flex items-baseline gap-1.5">
      <span className="text-2xl font-semibold tabular-nums text-white">{value}</span> {label}
    </span>
  );
}
