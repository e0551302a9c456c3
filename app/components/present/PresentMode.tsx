import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ChevronLeft, ChevronRight, Maximize, MonitorSmartphone, X } from "~/components/icons";
import {
  answerSecondsFor,
  darkButton as button,
  SpeakingOrderPanel,
  TimerPanel,
  useTurns,
} from "~/components/live/TurnPanels";
import { prefetchStartRound, useStartRound } from "~/components/live/use-start-round";
import { TypeBadge } from "~/components/questions/badges";
import { PassNote } from "~/components/questions/PassNote";
import { isUuid } from "~/shared/ids";
import { LIVE_QUESTIONS_MAX } from "~/shared/live";
import { type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";

export type PresentModeProps = {
  questions: ServedQuestion[];
  startIndex: number;
  onClose: () => void;
};

/** The answer time a question's depth suggests: quick 30 s, standard 90 s, deep 4 min. */
export function answerSeconds(question: ServedQuestion | undefined): number {
  return answerSecondsFor(question?.engagementLevel);
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
  const turns = useTurns(answerSeconds(question));
  const { timer } = turns;
  const { startRound, startDialog } = useStartRound();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const goTo = (next: number) => {
    const bounded = Math.min(Math.max(next, 0), questions.length - 1);
    setIndex(bounded);
    turns.nextQuestion(answerSeconds(questions[bounded]));
  };

  // The round takes the questions from the one on screen onwards; only that one is chosen at first,
  // since a presented list can be a whole page of questions.
  const goLive = () => {
    const ahead = questions
      .slice(index)
      .filter((q) => isUuid(q.id))
      .slice(0, LIVE_QUESTIONS_MAX);
    startRound(ahead, { included: question && isUuid(question.id) ? [question.id] : [] });
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

  return (
    <>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-question`}
        onClose={onClose}
        onKeyDown={onKeyDown}
        className="m-0 h-dvh max-h-none w-screen max-w-none overflow-y-auto bg-brand-900 p-0 text-white backdrop:bg-brand-900"
      >
        <div className="mx-auto flex min-h-full max-w-6xl flex-col px-4 py-4 sm:px-10 sm:py-6">
          {/* One row on a phone: where we are on the left, leaving on the right. */}
          <header className="flex items-center gap-3">
            <TypeBadge type={question.type} />
            <p className="text-sm text-brand-100" aria-live="polite">
              Question {index + 1} of {questions.length}
            </p>
            <span className="ml-auto flex gap-2">
              <button
                type="button"
                className={button}
                // The whole screen for a shared display; the browser may say no, and the dialog already fills the window.
                onClick={() => void dialog.current?.requestFullscreen?.().catch(() => {})}
                aria-label="Full screen"
              >
                <Maximize className="h-4 w-4" aria-hidden="true" />
                <span className="hidden sm:inline">Full screen</span>
              </button>
              <button type="button" className={button} onClick={onClose} aria-keyshortcuts="Escape" aria-label="Close">
                <X className="h-4 w-4" aria-hidden="true" />
                <span className="hidden sm:inline">Close</span>
              </button>
            </span>
          </header>

          <blockquote className="my-6 flex flex-1 items-center sm:my-16">
            <p id={`${id}-question`} className="font-serif text-3xl leading-tight sm:text-5xl lg:text-6xl">
              “{stripSurroundingQuotes(question.question)}”
            </p>
          </blockquote>
          <PassNote className="-mt-3 mb-4 text-center text-brand-100 sm:-mt-10 sm:mb-6 sm:text-sm" />

          <nav aria-label="Questions" className="mb-6 flex flex-wrap justify-center gap-2 sm:mb-8">
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
            {isUuid(question.id) && (
              <button
                type="button"
                className={button}
                onClick={goLive}
                onPointerEnter={prefetchStartRound}
                onFocus={prefetchStartRound}
              >
                <MonitorSmartphone className="h-4 w-4" aria-hidden="true" /> Go live
              </button>
            )}
          </nav>

          <div className="grid gap-4 sm:gap-6 md:grid-cols-2">
            <TimerPanel turns={turns} headingId={`${id}-timer`} />
            <SpeakingOrderPanel turns={turns} headingId={`${id}-order`} />
          </div>
          <p className="mt-6 hidden text-center text-sm text-brand-100 sm:block">
            Space starts and pauses the timer · arrows change the question · Esc closes
          </p>
        </div>
      </dialog>
      {/* A sibling, not a child: React passes a child dialog's close event up to this one's onClose. */}
      {startDialog}
    </>
  );
}
