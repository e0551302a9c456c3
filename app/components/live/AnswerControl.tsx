import { type ClipboardEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { AnswerInput } from "~/lib/live-client";
import { LIVE_TEXT_MAX, LIVE_WORD_MAX, type LiveAnswer, type RoundQuestion } from "~/shared/live";
import { scaleSteps } from "~/shared/live-modes";
import { primaryButton } from "./JoinForm";

type Props = {
  question: RoundQuestion;
  /** The answer being changed, if any: its text or choice is where the control starts. */
  previous: LiveAnswer | null;
  /** The host locked answers: the control stays, with what was typed, and waits. */
  locked: boolean;
  pending: boolean;
  error: string | null;
  onAnswer: (input: AnswerInput) => void;
};

const passButton =
  "inline-flex min-h-12 w-full items-center justify-center rounded-full border border-ink-muted bg-white px-6 text-base font-semibold text-ink hover:bg-sand disabled:opacity-60 sm:w-auto";

const choiceButton =
  "flex min-h-14 w-full items-center gap-3 rounded-2xl border-2 px-4 py-3 text-left text-lg font-medium text-ink disabled:opacity-60";

/** Within this many characters of the limit, the counter stands out and a screen reader hears how close it is. */
const NEAR_LIMIT = 30;

/** What a screen reader is told as the limit comes near: a few steps, not every keystroke. */
function limitAnnouncement(length: number, max: number): string {
  const left = max - length;
  if (left < 0) return `${-left} characters too many`;
  if (left === 0) return `Limit of ${max} characters reached`;
  if (left <= 10) return "10 characters or fewer left";
  if (left <= NEAR_LIMIT) return `${NEAR_LIMIT} characters or fewer left`;
  return "";
}

/**
 * How the current question is answered: free text with a counter, one word,
 * a tap on a scale step or a choice. Pass is always one tap, beside the
 * answer and just as easy.
 *
 * The text field is the browser's own (uncontrolled) and read when sending,
 * so what a slow phone's owner typed before the scripts ran is kept, and a
 * lock only disables it: the text waits for the unlock. Typing stops at the
 * limit; a longer paste is kept whole and flagged, never cut mid-word.
 */
export function AnswerControl({ question, previous, locked, pending, error, onAnswer }: Props) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const [text, setText] = useState(previous?.text ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const typed = question.mode === "text" || question.mode === "word";
  const max = question.mode === "word" ? LIVE_WORD_MAX : LIVE_TEXT_MAX;

  // What was typed before the page could run its scripts is in the field; the counter starts from it.
  useEffect(() => {
    if (field.current) setText(field.current.value);
  }, []);

  const tooLong = (length: number) =>
    `${length} characters: an answer holds ${max}. Shorten it by ${length - max} to send it.`;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending || locked) return;
    const value = (field.current?.value ?? text).trim();
    setText(field.current?.value ?? text);
    if (!value)
      setProblem(question.mode === "word" ? "Write a word first, or pass." : "Write an answer first, or pass.");
    else if (value.length > max) setProblem(tooLong(value.length));
    else {
      setProblem(null);
      onAnswer({ text: value });
    }
  };

  // The browser would cut a long paste at the limit without a word; it is kept whole instead, and flagged.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    const target = event.currentTarget;
    const raw = event.clipboardData.getData("text");
    const pasted = question.mode === "word" ? raw.replace(/\s*[\r\n]+\s*/g, " ") : raw;
    const start = target.selectionStart ?? target.value.length;
    const end = target.selectionEnd ?? start;
    const whole = target.value.slice(0, start) + pasted + target.value.slice(end);
    if (whole.length <= max) return;
    event.preventDefault();
    target.value = whole;
    target.setSelectionRange(start + pasted.length, start + pasted.length);
    setText(whole);
  };

  const pass = (
    <button
      type="button"
      className={passButton}
      disabled={pending || locked}
      onClick={() => !locked && onAnswer({ pass: true })}
    >
      Pass
    </button>
  );
  const over = text.length > max;
  const shownError = over ? tooLong(text.length) : (problem ?? error);
  const errorLine = (
    <p id={errorId} role="alert" className="min-h-5 text-sm font-medium text-accent-600">
      {shownError}
    </p>
  );
  const lockedNote = locked && (
    <p className="rounded-2xl bg-sand px-4 py-3 font-medium text-ink">
      Answers are locked for now.{typed && text ? " What you wrote stays here in case the host unlocks." : ""}
    </p>
  );

  const steps = question.mode === "scale" ? scaleSteps(question) : null;
  if (steps?.numeric) {
    // The numbers once, in one row, with the two ends named under them.
    const ends = `${id}-ends`;
    return (
      <div className="space-y-4">
        {lockedNote}
        <fieldset aria-describedby={ends}>
          <legend className="sr-only">Your place on the scale</legend>
          <ul className="flex gap-2">
            {steps.labels.map((label, index) => {
              const chosen = previous?.choice === index;
              const end = index === 0 ? steps.low : index === steps.labels.length - 1 ? steps.high : null;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position; the scale never reorders.
                <li key={`${index}-${label}`} className="min-w-0 flex-1">
                  <button
                    type="button"
                    disabled={pending || locked}
                    aria-pressed={chosen}
                    aria-label={end ? `${index + 1}, ${end}` : String(index + 1)}
                    aria-describedby={error ? errorId : undefined}
                    onClick={() => onAnswer({ choice: index })}
                    className={`flex min-h-14 w-full items-center justify-center rounded-2xl border-2 text-xl font-semibold text-ink disabled:opacity-60 ${chosen ? "border-brand-600 bg-brand-50" : "border-line-strong bg-white hover:border-brand-600 hover:bg-brand-50"}`}
                  >
                    {index + 1}
                  </button>
                </li>
              );
            })}
          </ul>
          <p id={ends} className="mt-2 flex justify-between gap-4 text-sm text-ink-muted">
            <span>
              <span className="sr-only">1 means </span>
              {steps.low}
            </span>
            <span className="text-right">
              <span className="sr-only">{steps.labels.length} means </span>
              {steps.high}
            </span>
          </p>
        </fieldset>
        {errorLine}
        {pass}
      </div>
    );
  }

  if (!typed) {
    return (
      <div className="space-y-4">
        {lockedNote}
        <fieldset>
          <legend className="sr-only">{question.mode === "scale" ? "Your place on the scale" : "Your choice"}</legend>
          <ul className="space-y-2.5">
            {question.options.map((label, index) => {
              const chosen = previous?.choice === index;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position; the list never reorders.
                <li key={`${index}-${label}`}>
                  <button
                    type="button"
                    disabled={pending || locked}
                    aria-pressed={chosen}
                    aria-describedby={error ? errorId : undefined}
                    onClick={() => onAnswer({ choice: index })}
                    className={`${choiceButton} ${chosen ? "border-brand-600 bg-brand-50" : "border-line-strong bg-white hover:border-brand-600 hover:bg-brand-50"}`}
                  >
                    {question.mode === "scale" && (
                      <span
                        aria-hidden={label === String(index + 1) || undefined}
                        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-base font-semibold text-white"
                      >
                        {index + 1}
                      </span>
                    )}
                    <span className="min-w-0 break-words">{label}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {errorLine}
        {pass}
      </div>
    );
  }

  const near = max - text.length <= NEAR_LIMIT;
  const fieldProps = {
    ref: field,
    id: `${id}-text`,
    defaultValue: previous?.text ?? undefined,
    maxLength: max,
    disabled: locked,
    autoComplete: "off",
    enterKeyHint: "send" as const,
    onChange: (event: { currentTarget: { value: string } }) => {
      setText(event.currentTarget.value);
      setProblem(null);
    },
    onPaste,
    "aria-invalid": shownError ? true : undefined,
    "aria-describedby": `${counterId}${shownError ? ` ${errorId}` : ""}`,
    className:
      "block w-full rounded-xl border border-line-strong bg-white px-3.5 py-3 text-lg text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-sand disabled:text-ink-muted aria-[invalid]:border-accent-600",
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {lockedNote}
      <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-ink">
        {question.mode === "word" ? "Your word" : "Your answer"}
      </label>
      {question.mode === "word" ? <input {...fieldProps} /> : <textarea {...fieldProps} rows={4} />}
      <div className="flex items-baseline justify-between gap-3 text-sm text-ink-muted">
        <p>{question.mode === "word" ? "One word, or a few." : ""}</p>
        <p
          id={counterId}
          data-testid="answer-counter"
          className={`shrink-0 tabular-nums ${over ? "font-semibold text-accent-600" : near ? "font-semibold text-ink" : ""}`}
        >
          {text.length} / {max}
          <span className="sr-only"> characters</span>
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {limitAnnouncement(text.length, max)}
      </p>
      {errorLine}
      <div className="flex flex-col gap-2.5 sm:flex-row">
        {/* A plain button: a tap before the page is ready is repeated once it is (see AppScripts). */}
        <button type="button" onClick={() => submit()} disabled={pending || locked} className={primaryButton}>
          {pending ? "Sending…" : previous?.kind === "answer" ? "Send new answer" : "Send answer"}
        </button>
        {pass}
      </div>
    </form>
  );
}
