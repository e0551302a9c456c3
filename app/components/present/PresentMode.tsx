import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ChevronLeft, ChevronRight, Maximize, Pause, Play, RotateCcw, Shuffle, X } from "~/components/icons";
import { TypeBadge } from "~/components/questions/badges";
import { PassNote } from "~/components/questions/PassNote";
import {
  nextSpeaker,
  parseNames,
  passTurn,
  roundFinished,
  type SpeakingOrder,
  shuffled,
  speakerAfter,
  speakerNow,
  startOrder,
} from "~/lib/speaking-order";
import { formatSeconds, useCountdown } from "~/lib/use-countdown";
import { ENGAGEMENT_LEVELS, type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";

export type PresentModeProps = {
  questions: ServedQuestion[];
  startIndex: number;
  onClose: () => void;
};

const button =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-white/25 px-4 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-40";
const primary =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-white px-5 text-sm font-semibold text-brand-900 hover:bg-brand-50";

/** The answer time a question's depth suggests: quick 30 s, standard 90 s, deep 4 min. */
export function answerSeconds(question: ServedQuestion | undefined): number {
  return ENGAGEMENT_LEVELS.find((e) => e.value === question?.engagementLevel)?.answerSeconds ?? 90;
}

const isTyping = (target: EventTarget) => target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement;

/**
 * Runs the moment on a shared screen: the question in large type, a timer
 * per person, and a speaking order with pass always available. Everything
 * happens in the browser, so it keeps working if the network drops.
 * Keys: space starts and pauses the timer, arrows change the question, Esc closes.
 */
export default function PresentMode({ questions, startIndex, onClose }: PresentModeProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [index, setIndex] = useState(startIndex);
  const question = questions[index];
  const timer = useCountdown(answerSeconds(question));
  const [namesText, setNamesText] = useState("");
  const [order, setOrder] = useState<SpeakingOrder>(startOrder([]));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const goTo = (next: number) => {
    const bounded = Math.min(Math.max(next, 0), questions.length - 1);
    setIndex(bounded);
    timer.reset(answerSeconds(questions[bounded]));
    setOrder((current) => startOrder(current.names));
  };

  const beginRound = (names: string[]) => {
    setOrder(startOrder(names));
    timer.reset();
  };

  const moveOn = (change: (order: SpeakingOrder) => SpeakingOrder) => {
    setOrder(change);
    // Each person gets the full time.
    timer.reset();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (isTyping(event.target)) return;
    if (event.key === " ") {
      if (event.target instanceof HTMLButtonElement) return;
      event.preventDefault();
      timer.toggle();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      goTo(index + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      goTo(index - 1);
    }
  };

  if (!question) return null;
  const now = speakerNow(order);
  const after = speakerAfter(order);
  const finished = roundFinished(order);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-question`}
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none overflow-y-auto bg-brand-900 p-0 text-white backdrop:bg-brand-900"
    >
      <div className="mx-auto flex min-h-full max-w-6xl flex-col px-5 py-6 sm:px-10">
        <header className="flex flex-wrap items-center gap-3">
          <TypeBadge type={question.type} />
          <p className="text-sm text-brand-100" aria-live="polite">
            Question {index + 1} of {questions.length}
          </p>
          <span className="ml-auto flex gap-2">
            <button
              type="button"
              className={button}
              onClick={() => goTo(index - 1)}
              disabled={index === 0}
              aria-keyshortcuts="ArrowLeft"
            >
              <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
            </button>
            <button
              type="button"
              className={button}
              onClick={() => goTo(index + 1)}
              disabled={index === questions.length - 1}
              aria-keyshortcuts="ArrowRight"
            >
              Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={button}
              // The whole screen for a shared display; the browser may say no, and the dialog already fills the window.
              onClick={() => void dialog.current?.requestFullscreen?.().catch(() => {})}
            >
              <Maximize className="h-4 w-4" aria-hidden="true" /> Full screen
            </button>
            <button type="button" className={button} onClick={onClose} aria-keyshortcuts="Escape">
              <X className="h-4 w-4" aria-hidden="true" /> Close
            </button>
          </span>
        </header>

        <blockquote className="my-10 flex flex-1 items-center sm:my-16">
          <p id={`${id}-question`} className="font-serif text-3xl leading-tight sm:text-5xl lg:text-6xl">
            “{stripSurroundingQuotes(question.question)}”
          </p>
        </blockquote>
        <PassNote className="-mt-6 mb-8 text-center text-brand-100 sm:-mt-10 sm:text-sm" />

        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby={`${id}-timer`} className="rounded-3xl bg-white/10 p-5 sm:p-6">
            <h2 id={`${id}-timer`} className="text-sm font-semibold uppercase tracking-wide text-brand-100">
              Answer timer
            </h2>
            <p
              className="mt-2 font-mono text-6xl font-semibold tabular-nums"
              role="timer"
              aria-label={`Time left ${formatSeconds(timer.remainingSeconds)}`}
              data-testid="timer"
            >
              {formatSeconds(timer.remainingSeconds)}
            </p>
            <p className="mt-1 min-h-6 text-brand-100" aria-live="assertive">
              {timer.finished ? "Time's up" : ""}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className={primary} onClick={timer.toggle} aria-keyshortcuts="Space">
                {timer.running ? (
                  <>
                    <Pause className="h-4 w-4" aria-hidden="true" /> Pause
                  </>
                ) : (
                  <>
                    <Play className="h-4 w-4" aria-hidden="true" /> Start
                  </>
                )}
              </button>
              <button type="button" className={button} onClick={() => timer.reset()}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reset
              </button>
              <button
                type="button"
                className={button}
                onClick={() => timer.reset(Math.max(15, timer.total - 15))}
                aria-label="15 seconds less"
              >
                −15 s
              </button>
              <button
                type="button"
                className={button}
                onClick={() => timer.reset(timer.total + 15)}
                aria-label="15 seconds more"
              >
                +15 s
              </button>
            </div>
          </section>

          <section aria-labelledby={`${id}-order`} className="rounded-3xl bg-white/10 p-5 sm:p-6">
            <h2 id={`${id}-order`} className="text-sm font-semibold uppercase tracking-wide text-brand-100">
              Speaking order
            </h2>
            {order.names.length === 0 ? (
              <>
                <label htmlFor={`${id}-names`} className="mt-2 block text-brand-50">
                  Participants, one per line or separated by commas
                </label>
                <textarea
                  id={`${id}-names`}
                  value={namesText}
                  onChange={(event) => setNamesText(event.target.value)}
                  rows={3}
                  className="mt-2 w-full rounded-2xl border border-white/25 bg-white/5 p-3 text-white placeholder:text-brand-100/70"
                  placeholder="Ada, Grace, Linus"
                />
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={primary}
                    disabled={parseNames(namesText).length === 0}
                    onClick={() => beginRound(shuffled(parseNames(namesText)))}
                  >
                    <Shuffle className="h-4 w-4" aria-hidden="true" /> Shuffle
                  </button>
                  <button
                    type="button"
                    className={button}
                    disabled={parseNames(namesText).length === 0}
                    onClick={() => beginRound(parseNames(namesText))}
                  >
                    Keep this order
                  </button>
                </div>
              </>
            ) : (
              <>
                <p className="mt-2 text-3xl font-semibold" aria-live="polite" data-testid="speaker-now">
                  {finished ? "Everyone has had a turn" : `Now: ${now}`}
                </p>
                <p className="mt-1 min-h-6 text-brand-100">{after && !finished ? `Next: ${after}` : ""}</p>
                <p className="mt-1 text-sm text-brand-100">Say "pass" and the next person goes.</p>
                <div className="mt-4 flex flex-wrap gap-2">
                  {finished ? (
                    <button type="button" className={primary} onClick={() => beginRound(shuffled(order.names))}>
                      <Shuffle className="h-4 w-4" aria-hidden="true" /> New round
                    </button>
                  ) : (
                    <>
                      <button type="button" className={primary} onClick={() => moveOn(nextSpeaker)}>
                        Next speaker
                      </button>
                      <button type="button" className={button} onClick={() => moveOn(passTurn)}>
                        Pass
                      </button>
                    </>
                  )}
                  <button type="button" className={button} onClick={() => setOrder(startOrder([]))}>
                    Change names
                  </button>
                </div>
                <ol className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Order">
                  {order.names.map((name, position) => (
                    <li
                      key={name}
                      aria-current={position === order.current ? "step" : undefined}
                      className={`rounded-full px-3 py-1 ${
                        position === order.current
                          ? "bg-white text-brand-900"
                          : position < order.current
                            ? "bg-white/5 text-brand-100 line-through"
                            : "bg-white/10"
                      }`}
                    >
                      {name}
                      {order.passed.includes(name) ? " (passed)" : ""}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        </div>
        <p className="mt-6 text-center text-sm text-brand-100">
          Space starts and pauses the timer · arrows change the question · Esc closes
        </p>
      </div>
    </dialog>
  );
}
