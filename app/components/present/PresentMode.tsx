import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ChevronLeft, ChevronRight, Maximize, MonitorSmartphone, Shuffle, X } from "~/components/icons";
import {
  answerSecondsFor,
  darkButton as button,
  type QuestionForEach,
  SpeakingOrderPanel,
  TimerPanel,
  useTurns,
} from "~/components/live/TurnPanels";
import { prefetchStartRound, useStartRound } from "~/components/live/use-start-round";
import { TypeBadge } from "~/components/questions/badges";
import { PassNote } from "~/components/questions/PassNote";
import { speakerNow } from "~/lib/speaking-order";
import { isUuid } from "~/shared/ids";
import { LIVE_QUESTIONS_MAX } from "~/shared/live";
import { type ServedQuestion, stripSurroundingQuotes } from "~/shared/questions";
import { type DrawChoice, type PersonQuestion, useQuestionForEach } from "./use-question-for-each";

export type PresentModeProps = {
  questions: ServedQuestion[];
  startIndex: number;
  /**
   * The page's current choice, which a question for each person is drawn
   * from; without one, the choice of the question on screen when presenting began.
   */
  choice?: DrawChoice;
  onClose: () => void;
};

/** A question's own labels as a choice: what a page without choices of its own draws from. */
function choiceOf(question: ServedQuestion | undefined): DrawChoice {
  return {
    meetingContext: question?.meetingContext ?? "check-in",
    questionStyle: question?.questionStyle ?? "reflective",
    engagementLevel: question?.engagementLevel ?? "standard",
    categorySlug: question?.categorySlug ?? null,
  };
}

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
export default function PresentMode({ questions, startIndex, choice, onClose }: PresentModeProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [index, setIndex] = useState(startIndex);
  const question = questions[index];
  const turns = useTurns(answerSeconds(question));
  const { timer, order } = turns;
  const { startRound, startDialog } = useStartRound();
  const [drawChoice] = useState(() => choice ?? choiceOf(questions[startIndex]));
  // Everything presented counts as shown in this meeting: nobody is given one of those again.
  const [presented] = useState(() => questions.map((q) => q.id).filter(isUuid));
  const each = useQuestionForEach(drawChoice, presented);
  const [perPerson, setPerPerson] = useState(false);
  const { draw } = each;

  // Whoever is in the order without a question gets one: at the start, and for names added later.
  useEffect(() => {
    if (!perPerson) return;
    const missing = order.names.filter((name) => !(name in each.questions));
    if (missing.length > 0) draw(missing);
  }, [perPerson, order.names, each.questions, draw]);

  const speaker = perPerson ? speakerNow(order) : null;
  const spotlight = speaker ? each.questions[speaker] : undefined;

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

  // The round takes a question for each person from the same choice the screen draws from.
  const goLiveForEach = () => startRound([], { included: [], choice: drawChoice, perPerson: true });

  const forEach: QuestionForEach = {
    on: perPerson,
    onToggle: setPerPerson,
    onNewRound: each.clear,
    beside: (name) => <PersonQuestionLine name={name} drawn={each.questions[name]} onRedraw={() => draw([name])} />,
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (isTyping(event.target)) return;
    if (event.key === " ") {
      if (event.target instanceof HTMLButtonElement) return;
      event.preventDefault();
      timer.toggle();
    } else if (perPerson) {
      // Each person's question follows the speaking order; the list's questions wait until it is off.
      return;
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
            <TypeBadge type={spotlight?.state === "ready" ? spotlight.question.type : question.type} />
            <p className="text-sm text-brand-100" aria-live="polite">
              {perPerson
                ? speaker
                  ? `${speaker}'s question`
                  : "A question for each person"
                : `Question ${index + 1} of ${questions.length}`}
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

          <blockquote className="my-6 flex flex-1 items-center sm:my-16" data-testid="spotlight">
            <p id={`${id}-question`} className="font-serif text-3xl leading-tight sm:text-5xl lg:text-6xl">
              {spotlight?.state === "ready"
                ? `“${stripSurroundingQuotes(spotlight.question.question)}”`
                : spotlight?.state === "drawing"
                  ? `Drawing ${speaker}'s question…`
                  : spotlight?.state === "failed"
                    ? `No question for ${speaker} yet: draw again below.`
                    : perPerson && order.names.length === 0
                      ? "Add the names below: each person gets a question of their own."
                      : `“${stripSurroundingQuotes(question.question)}”`}
            </p>
          </blockquote>
          <PassNote className="-mt-3 mb-4 text-center text-brand-100 sm:-mt-10 sm:mb-6 sm:text-sm" />

          <nav aria-label="Questions" className="mb-6 flex flex-wrap justify-center gap-2 sm:mb-8">
            {!perPerson && (
              <>
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
              </>
            )}
            {perPerson ? (
              <button
                type="button"
                className={button}
                onClick={goLiveForEach}
                onPointerEnter={prefetchStartRound}
                onFocus={prefetchStartRound}
              >
                <MonitorSmartphone className="h-4 w-4" aria-hidden="true" /> Go live
              </button>
            ) : (
              isUuid(question.id) && (
                <button
                  type="button"
                  className={button}
                  onClick={goLive}
                  onPointerEnter={prefetchStartRound}
                  onFocus={prefetchStartRound}
                >
                  <MonitorSmartphone className="h-4 w-4" aria-hidden="true" /> Go live
                </button>
              )
            )}
          </nav>

          <div className="grid gap-4 sm:gap-6 md:grid-cols-2">
            <TimerPanel turns={turns} headingId={`${id}-timer`} />
            <SpeakingOrderPanel turns={turns} headingId={`${id}-order`} forEach={forEach} />
          </div>
          <p className="mt-6 hidden text-center text-sm text-brand-100 sm:block">
            {perPerson
              ? "Space starts and pauses the timer · Esc closes"
              : "Space starts and pauses the timer · arrows change the question · Esc closes"}
          </p>
        </div>
      </dialog>
      {/* A sibling, not a child: React passes a child dialog's close event up to this one's onClose. */}
      {startDialog}
    </>
  );
}

/** A person's own question beside their name in the order, with a way to draw another one for them alone. */
function PersonQuestionLine({
  name,
  drawn,
  onRedraw,
}: {
  name: string;
  drawn: PersonQuestion | undefined;
  onRedraw: () => void;
}) {
  const busy = !drawn || drawn.state === "drawing";
  return (
    <span className="mt-0.5 flex items-start gap-2">
      <span className="min-w-0 flex-1 font-serif text-base leading-snug" data-testid="person-question">
        {drawn?.state === "ready"
          ? `“${stripSurroundingQuotes(drawn.question.question)}”`
          : drawn?.state === "failed"
            ? drawn.error
            : "Drawing a question…"}
      </span>
      <button
        type="button"
        onClick={onRedraw}
        disabled={busy}
        aria-label={`Another question for ${name}`}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-current hover:bg-black/10 disabled:opacity-40"
      >
        <Shuffle className="h-4 w-4" aria-hidden="true" />
      </button>
    </span>
  );
}
