import { type Dispatch, type ReactNode, type SetStateAction, useCallback, useState } from "react";
import { control } from "~/components/buttons";
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
import { type CountdownState, formatSeconds, useCountdown } from "~/lib/use-countdown";
import { LIVE_TIMER_MAX_SECONDS } from "~/shared/live";
import { ENGAGEMENT_LEVELS } from "~/shared/questions";

/** Buttons on the dark facilitation screen (present mode). */
export const darkButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-white/50 px-4 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-40";
export const darkPrimary =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-white px-5 text-sm font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-40";

/**
 * The panels' looks: dark on present mode's shared screen, light on a live
 * round's host screen, which is the host's own (the room sees its own screen).
 */
export type PanelTone = "dark" | "light";

const PANEL_STYLES = {
  dark: {
    panel: "rounded-3xl bg-white/10 p-4 sm:p-6",
    heading: "text-sm font-semibold uppercase tracking-wide text-brand-100",
    quiet: "text-brand-100",
    text: "text-brand-50",
    time: "text-6xl",
    primary: darkPrimary,
    button: darkButton,
    step: darkButton.replace("px-4", "px-3"),
    field: "border-white/25 bg-white/5 text-white placeholder:text-brand-100/70",
    now: "bg-white text-brand-900",
    done: "bg-white/5 text-brand-100 line-through",
    doneRow: "bg-white/5 text-brand-100",
    ahead: "bg-white/10",
  },
  light: {
    panel: "rounded-3xl border border-line bg-white p-4 sm:p-5",
    heading: "text-sm font-semibold uppercase tracking-wide text-ink-muted",
    quiet: "text-ink-muted",
    text: "text-ink",
    time: "text-5xl text-ink",
    // The host's screen has one filled button, the round's next step: the timer and the order are outlined beside it.
    primary: control,
    button: control,
    step: control,
    field: "border-line-strong bg-white text-ink placeholder:text-ink-muted",
    now: "bg-brand-700 text-white",
    done: "bg-sand text-ink-muted line-through",
    doneRow: "bg-sand text-ink-muted",
    ahead: "bg-sand text-ink",
  },
} as const;

/** The answer time a question's depth suggests: quick 30 s, standard 90 s, deep 4 min. */
export function answerSecondsFor(engagementLevel: string | undefined): number {
  return ENGAGEMENT_LEVELS.find((e) => e.value === engagementLevel)?.answerSeconds ?? 90;
}

export type Turns = ReturnType<typeof useTurns>;

/**
 * Whose turn it is and how long they have, for one question at a time. A
 * new speaker and a new question both start the full time again.
 */
export function useTurns(seconds: number, onTimer?: (state: CountdownState) => void) {
  const timer = useCountdown(seconds, onTimer);
  const [order, setOrder] = useState<SpeakingOrder>(startOrder([]));
  const { reset } = timer;

  /** Another question: the same people from the top, with the time that question suggests. */
  const nextQuestion = useCallback(
    (questionSeconds: number) => {
      reset(questionSeconds, { quiet: true });
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
export function TimerPanel({ turns, headingId, tone = "dark" }: { turns: Turns; headingId: string; tone?: PanelTone }) {
  const { timer } = turns;
  const look = PANEL_STYLES[tone];
  return (
    <section aria-labelledby={headingId} className={look.panel}>
      <h2 id={headingId} className={look.heading}>
        Answer timer
      </h2>
      <p
        className={`mt-2 font-mono font-semibold tabular-nums ${look.time}`}
        role="timer"
        aria-label={`Time left ${formatSeconds(timer.remainingSeconds)}`}
        data-testid="timer"
      >
        {formatSeconds(timer.remainingSeconds)}
      </p>
      <p className={`mt-1 min-h-6 ${look.quiet}`} aria-live="assertive">
        {timer.finished ? "Time's up" : ""}
      </p>
      {/* One row at 390 px: Reset is its icon alone on a phone, the steps are short. */}
      <div className="mt-4 flex flex-wrap gap-1.5 sm:gap-2">
        <button type="button" className={look.primary} onClick={timer.toggle} aria-keyshortcuts="Space">
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
        <button type="button" className={look.button} onClick={() => timer.reset()}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Reset</span>
        </button>
        <button
          type="button"
          className={look.step}
          onClick={() => timer.reset(Math.max(15, timer.total - 15))}
          aria-label="15 seconds less"
        >
          −15 s
        </button>
        <button
          type="button"
          className={look.step}
          onClick={() => timer.reset(Math.min(LIVE_TIMER_MAX_SECONDS, timer.total + 15))}
          aria-label="15 seconds more"
        >
          +15 s
        </button>
      </div>
    </section>
  );
}

/**
 * A question for each person (present mode): the switch, and what stands
 * beside each name in the order once it is on (their question and a way to
 * draw another).
 */
export type QuestionForEach = {
  on: boolean;
  onToggle: (on: boolean) => void;
  beside: (name: string) => ReactNode;
  /** A new round of the same people: everyone gets a new question. */
  onNewRound: () => void;
};

type OrderProps = {
  turns: Turns;
  headingId: string;
  tone?: PanelTone;
  /**
   * The people in the room when the screen knows them (a live round's joined
   * names); without them the host types the names.
   */
  knownNames?: string[];
  forEach?: QuestionForEach;
};

/** Who speaks now and next, with pass always one click and never remarked on. */
export function SpeakingOrderPanel({ turns, headingId, knownNames, forEach, tone = "dark" }: OrderProps) {
  const { order } = turns;
  const look = PANEL_STYLES[tone];
  const [namesText, setNamesText] = useState("");
  const typed = parseNames(namesText);
  const names = knownNames ?? typed;
  const now = speakerNow(order);
  const after = speakerAfter(order);
  const finished = roundFinished(order);
  // People who joined after the order was made are not left out of it.
  const latecomers = knownNames ? knownNames.filter((name) => !order.names.includes(name)) : [];

  return (
    <section aria-labelledby={headingId} className={look.panel}>
      <h2 id={headingId} className={look.heading}>
        Speaking order
      </h2>
      {forEach && (
        <label className={`mt-2 flex min-h-11 items-center gap-3 ${look.text}`}>
          <input
            type="checkbox"
            checked={forEach.on}
            onChange={(event) => forEach.onToggle(event.target.checked)}
            className="h-5 w-5 shrink-0 accent-brand-700"
          />
          <span>
            <span className="font-semibold">A question for each person</span>
            <span className={`block text-sm ${look.quiet}`}>Everyone gets their own, none asked twice</span>
          </span>
        </label>
      )}
      {order.names.length === 0 ? (
        <>
          {knownNames ? (
            <p className={`mt-2 ${look.text}`}>
              {knownNames.length === 0
                ? "The names of the people who join appear here."
                : `${knownNames.length} ${knownNames.length === 1 ? "person has" : "people have"} joined: ${knownNames.join(", ")}`}
            </p>
          ) : (
            <>
              <label htmlFor={`${headingId}-names`} className={`mt-2 block ${look.text}`}>
                Participants, one per line or separated by commas
              </label>
              <textarea
                id={`${headingId}-names`}
                value={namesText}
                onChange={(event) => setNamesText(event.target.value)}
                rows={3}
                className={`mt-2 w-full rounded-2xl border p-3 ${look.field}`}
                placeholder="Ada, Grace, Linus"
              />
            </>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={look.primary}
              disabled={names.length === 0}
              onClick={() => turns.begin(shuffled(names))}
            >
              <Shuffle className="h-4 w-4" aria-hidden="true" /> Shuffle
            </button>
            <button
              type="button"
              className={look.button}
              disabled={names.length === 0}
              onClick={() => turns.begin(names)}
            >
              {knownNames ? "Joining order" : "Keep this order"}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={`mt-2 text-3xl font-semibold ${look.text}`} aria-live="polite" data-testid="speaker-now">
            {finished ? "Everyone has had a turn" : `Now: ${now}`}
          </p>
          <p className={`mt-1 min-h-6 ${look.quiet}`}>{after && !finished ? `Next: ${after}` : ""}</p>
          <p className={`mt-1 text-sm ${look.quiet}`}>Say "pass" and the next person goes.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            {finished ? (
              <button
                type="button"
                className={look.primary}
                onClick={() => {
                  forEach?.onNewRound();
                  turns.begin(shuffled(order.names));
                }}
              >
                <Shuffle className="h-4 w-4" aria-hidden="true" /> New round
              </button>
            ) : (
              <>
                <button type="button" className={look.primary} onClick={() => turns.moveOn(nextSpeaker)}>
                  Next speaker
                </button>
                <button type="button" className={look.button} onClick={() => turns.moveOn(passTurn)}>
                  Pass
                </button>
              </>
            )}
            {latecomers.length > 0 && (
              <button
                type="button"
                className={look.button}
                onClick={() => turns.setOrder((current) => ({ ...current, names: [...current.names, ...latecomers] }))}
              >
                Add {latecomers.length} who joined since
              </button>
            )}
            <button type="button" className={look.button} onClick={() => turns.setOrder(startOrder([]))}>
              {knownNames ? "Start over" : "Change names"}
            </button>
          </div>
          {forEach?.on ? (
            // Each name beside its own question, one row each: the list is what the host reads from.
            <ol className="mt-4 space-y-2" aria-label="Order">
              {order.names.map((name, position) => (
                <li
                  key={name}
                  aria-current={position === order.current ? "step" : undefined}
                  className={`flex items-start gap-2 rounded-2xl py-2 pl-3 pr-1.5 ${
                    position === order.current ? look.now : position < order.current ? look.doneRow : look.ahead
                  }`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold" data-testid="person-name">
                      {name}
                      {order.passed.includes(name) ? " (passed)" : ""}
                    </span>
                    {forEach.beside(name)}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <ol className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Order">
              {order.names.map((name, position) => (
                <li
                  key={name}
                  aria-current={position === order.current ? "step" : undefined}
                  className={`rounded-full px-3 py-1 ${
                    position === order.current ? look.now : position < order.current ? look.done : look.ahead
                  }`}
                >
                  {name}
                  {order.passed.includes(name) ? " (passed)" : ""}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
