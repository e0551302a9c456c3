import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight, EyeOff, Maximize } from "~/components/icons";
import { deleteRound, type HostAction, hostAction, moderateAnswer } from "~/lib/live-client";
import { useLiveRound } from "~/lib/use-live-round";
import { ANSWER_MODE_LABELS, type LiveAnswer, type RoundView } from "~/shared/live";
import { answerCounts } from "~/shared/live-view";
import { EndControls } from "./EndControls";
import { JoinPanel } from "./JoinPanel";
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
 * The host's shared screen for a live round: present mode, grown. The
 * question in large type, how to join, the counts as they change, the
 * controls (reveal, lock, next, end), the answers once revealed with a way to
 * hide any of them, and the timer and speaking order.
 * Keys: arrows change the question, space starts and pauses the timer.
 */
export function HostScreen({ initial, joinUrl, joinAddress, qrSvg, siteUrl }: Props) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const { view, connection, reconnecting, replace, setAnswer } = useLiveRound(initial);
  const question = view.questions[view.position];
  const turns = useTurns(answerSecondsFor(question?.engagementLevel));
  const [pending, setPending] = useState<HostAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moderationErrors, setModerationErrors] = useState<Record<string, string>>({});
  const [deleted, setDeleted] = useState(false);
  const { nextQuestion } = turns;

  // A new question: the same people from the top, with the time this question suggests.
  useEffect(() => {
    nextQuestion(answerSecondsFor(view.questions[view.position]?.engagementLevel));
  }, [view.position, view.questions, nextQuestion]);

  const names = useMemo(() => distinctNames(view.participants.map((p) => p.name)), [view.participants]);

  const act = async (action: HostAction) => {
    if (pending) return;
    setPending(action);
    setError(null);
    const outcome = await hostAction(view.code, action, view.position);
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
  const frame = "min-h-full bg-brand-900 text-white [&_:focus-visible]:outline-accent-400";
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

  const { answered, passed } = answerCounts(view.answers);
  const last = view.position === view.questions.length - 1;
  const hostReveals = view.revealMode === "host";

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are shortcuts; every one of them is also a button.
    <div ref={root} onKeyDown={onKeyDown} className={`${frame} overflow-y-auto`}>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-5 py-6 sm:px-8">
        <header className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <p className="text-sm text-brand-100">
            Live round · Question {view.position + 1} of {view.questions.length} · {ANSWER_MODE_LABELS[question.mode]}
            {view.anonymous ? " · Anonymous" : ""}
          </p>
          <p className="flex gap-5 text-sm text-brand-100">
            <Count label="joined" value={view.participantCount} />
            <Count label="answered" value={answered} />
            <Count label="passed" value={passed} />
          </p>
          <ReconnectingNote show={reconnecting} tone="dark" />
          <button
            type="button"
            className={`${darkButton} ml-auto`}
            onClick={() => void root.current?.requestFullscreen?.().catch(() => {})}
          >
            <Maximize className="h-4 w-4" aria-hidden="true" /> Full screen
          </button>
        </header>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="flex min-w-0 flex-col gap-6">
            <h1 id={`${id}-question`} className="font-serif text-3xl leading-tight sm:text-5xl" aria-live="polite">
              “{question.text}”
            </h1>
            <p className="min-h-7 text-lg text-brand-100">
              {view.locked
                ? "Answers are locked."
                : !hostReveals
                  ? "Answers appear as they arrive."
                  : view.revealed
                    ? "The answers are on everyone's screen."
                    : "Answers stay hidden until you reveal them."}
            </p>

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
            </fieldset>
            <p role="alert" className="min-h-5 text-sm font-medium text-accent-400">
              {error}
            </p>

            <section aria-labelledby={`${id}-answers`} className="min-h-48 rounded-3xl bg-white/5 p-5 sm:p-6">
              <h2 id={`${id}-answers`} className="sr-only">
                Answers
              </h2>
              {view.revealed ? (
                <RoundResults
                  question={question}
                  answers={view.answers}
                  tone="dark"
                  size="screen"
                  onModerate={moderate}
                  errors={moderationErrors}
                />
              ) : (
                <p className="flex min-h-40 items-center justify-center text-center text-2xl text-brand-100">
                  {answered + passed === 0
                    ? "Answers will come in here."
                    : `${answered} ${answered === 1 ? "answer" : "answers"} in. Reveal when you are ready.`}
                </p>
              )}
            </section>
          </div>

          <JoinPanel code={view.code} joinUrl={joinUrl} joinAddress={joinAddress} qrSvg={qrSvg} />
        </div>

        <div className={`grid gap-6 ${view.anonymous ? "" : "md:grid-cols-2"}`}>
          <TimerPanel turns={turns} headingId={`${id}-timer`} />
          {!view.anonymous && <SpeakingOrderPanel turns={turns} headingId={`${id}-order`} knownNames={names} />}
        </div>

        <EndControls pending={!!pending} onEnd={() => act("end")} onDelete={remove} />
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
