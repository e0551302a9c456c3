import { type Dispatch, type SetStateAction, useCallback, useState } from "react";
import { Pause, Play, RotateCcw, Shuffle } from "~/components/icons";
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
import { ENGAGEMENT_LEVELS } from "~/shared/questions";

/** Buttons on the dark facilitation screens (present mode, a live round's host screen). */
export const darkButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-white/50 px-4 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-40";
export const darkPrimary =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-white px-5 text-sm font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-40";

/** The answer time a question's depth suggests: quick 30 s, standard 90 s, deep 4 min. */
export function answerSecondsFor(engagementLevel: string | undefined): number {
  return ENGAGEMENT_LEVELS.find((e) => e.value === engagementLevel)?.answerSeconds ?? 90;
}

export type Turns = ReturnType<typeof useTurns>;

/**
 * Whose turn it is and how long they have, for one question at a time. A
 * new speaker and a new question both start the full time again.
 */
export function useTurns(seconds: number) {
  const timer = useCountdown(seconds);
  const [order, setOrder] = useState<SpeakingOrder>(startOrder([]));
  const { reset } = timer;

  /** Another question: the same people from the top, with the time that question suggests. */
  const nextQuestion = useCallback(
    (questionSeconds: number) => {
      reset(questionSeconds);
      setOrder((current) => startOrder(current.names));
    },
    [reset],
  );

  const begin = (names: string[]) => {
    setOrder(startOrder(names));
    timer.reset();
  };

  const moveOn = (change: (order: SpeakingOrder) => SpeakingOrder) => {
    setOrder(change);
    timer.reset();
  };

  return { timer, order, setOrder: setOrder as Dispatch<SetStateAction<SpeakingOrder>>, nextQuestion, begin, moveOn };
}

/** The per-person countdown with start, pause, reset and ±15 seconds. */
export function TimerPanel({ turns, headingId }: { turns: Turns; headingId: string }) {
  const { timer } = turns;
  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-white/10 p-5 sm:p-6">
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-brand-100">
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
        <button type="button" className={darkPrimary} onClick={timer.toggle} aria-keyshortcuts="Space">
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
        <button type="button" className={darkButton} onClick={() => timer.reset()}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reset
        </button>
        <button
          type="button"
          className={darkButton}
          onClick={() => timer.reset(Math.max(15, timer.total - 15))}
          aria-label="15 seconds less"
        >
          −15 s
        </button>
        <button
          type="button"
          className={darkButton}
          onClick={() => timer.reset(timer.total + 15)}
          aria-label="15 seconds more"
        >
          +15 s
        </button>
      </div>
    </section>
  );
}

type OrderProps = {
  turns: Turns;
  headingId: string;
  /**
   * The people in the room when the screen knows them (a live round's joined
   * names); without them the host types the names.
   */
  knownNames?: string[];
};

/** Who speaks now and next, with pass always one click and never remarked on. */
export function SpeakingOrderPanel({ turns, headingId, knownNames }: OrderProps) {
  const { order } = turns;
  const [namesText, setNamesText] = useState("");
  const typed = parseNames(namesText);
  const names = knownNames ?? typed;
  const now = speakerNow(order);
  const after = speakerAfter(order);
  const finished = roundFinished(order);
  // People who joined after the order was made are not left out of it.
  const latecomers = knownNames ? knownNames.filter((name) => !order.names.includes(name)) : [];

  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-white/10 p-5 sm:p-6">
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-brand-100">
        Speaking order
      </h2>
      {order.names.length === 0 ? (
        <>
          {knownNames ? (
            <p className="mt-2 text-brand-50">
              {knownNames.length === 0
                ? "The names of the people who join appear here."
                : `${knownNames.length} ${knownNames.length === 1 ? "person has" : "people have"} joined: ${knownNames.join(", ")}`}
            </p>
          ) : (
            <>
              <label htmlFor={`${headingId}-names`} className="mt-2 block text-brand-50">
                Participants, one per line or separated by commas
              </label>
              <textarea
                id={`${headingId}-names`}
                value={namesText}
                onChange={(event) => setNamesText(event.target.value)}
                rows={3}
                className="mt-2 w-full rounded-2xl border border-white/25 bg-white/5 p-3 text-white placeholder:text-brand-100/70"
                placeholder="Ada, Grace, Linus"
              />
            </>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={darkPrimary}
              disabled={names.length === 0}
              onClick={() => turns.begin(shuffled(names))}
            >
              <Shuffle className="h-4 w-4" aria-hidden="true" /> Shuffle
            </button>
            <button
              type="button"
              className={darkButton}
              disabled={names.length === 0}
              onClick={() => turns.begin(names)}
            >
              {knownNames ? "Joining order" : "Keep this order"}
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
              <button type="button" className={darkPrimary} onClick={() => turns.begin(shuffled(order.names))}>
                <Shuffle className="h-4 w-4" aria-hidden="true" /> New round
              </button>
            ) : (
              <>
                <button type="button" className={darkPrimary} onClick={() => turns.moveOn(nextSpeaker)}>
                  Next speaker
                </button>
                <button type="button" className={darkButton} onClick={() => turns.moveOn(passTurn)}>
                  Pass
                </button>
              </>
            )}
            {latecomers.length > 0 && (
              <button
                type="button"
                className={darkButton}
                onClick={() => turns.setOrder((current) => ({ ...current, names: [...current.names, ...latecomers] }))}
              >
                Add {latecomers.length} who joined since
              </button>
            )}
            <button type="button" className={darkButton} onClick={() => turns.setOrder(startOrder([]))}>
              {knownNames ? "Start over" : "Change names"}
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
  );
}
