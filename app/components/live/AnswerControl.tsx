import { type FormEvent, useId, useState } from "react";
import type { AnswerInput } from "~/lib/live-client";
import { LIVE_TEXT_MAX, LIVE_WORD_MAX, type LiveAnswer, type RoundQuestion } from "~/shared/live";
import { primaryButton } from "./JoinForm";

type Props = {
  question: RoundQuestion;
  /** The answer being changed, if any: its text or choice is where the control starts. */
  previous: LiveAnswer | null;
  pending: boolean;
  error: string | null;
  onAnswer: (input: AnswerInput) => void;
};

const passButton =
  "inline-flex min-h-12 w-full items-center justify-center rounded-full border border-line bg-white px-6 text-base font-semibold text-ink hover:bg-sand disabled:opacity-60 sm:w-auto";

const choiceButton =
  "flex min-h-14 w-full items-center gap-3 rounded-2xl border-2 px-4 py-3 text-left text-lg font-medium text-ink disabled:opacity-60";

/**
 * How the current question is answered: free text with a counter, one word,
 * a tap on a scale step or a choice. Pass is always one tap, beside the
 * answer and just as easy.
 */
export function AnswerControl({ question, previous, pending, error, onAnswer }: Props) {
  const id = useId();
  const [text, setText] = useState(previous?.text ?? "");
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const typed = question.mode === "text" || question.mode === "word";
  const max = question.mode === "word" ? LIVE_WORD_MAX : LIVE_TEXT_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !text.trim()) return;
    onAnswer({ text: text.trim() });
  };

  const pass = (
    <button type="button" className={passButton} disabled={pending} onClick={() => onAnswer({ pass: true })}>
      Pass
    </button>
  );
  const errorLine = (
    <p id={errorId} role="alert" className="min-h-5 text-sm font-medium text-accent-600">
      {error}
    </p>
  );

  if (!typed) {
    return (
      <div className="space-y-4">
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
                    disabled={pending}
                    aria-pressed={chosen}
                    aria-describedby={error ? errorId : undefined}
                    onClick={() => onAnswer({ choice: index })}
                    className={`${choiceButton} ${chosen ? "border-brand-600 bg-brand-50" : "border-line bg-white hover:border-brand-200 hover:bg-brand-50"}`}
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

  const fieldProps = {
    id: `${id}-text`,
    value: text,
    maxLength: max,
    autoComplete: "off",
    enterKeyHint: "send" as const,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": `${counterId}${error ? ` ${errorId}` : ""}`,
    className:
      "block w-full rounded-xl border border-line bg-white px-3.5 py-3 text-lg text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-accent-600",
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-ink">
        {question.mode === "word" ? "Your word" : "Your answer"}
      </label>
      {question.mode === "word" ? (
        <input {...fieldProps} onChange={(event) => setText(event.target.value)} />
      ) : (
        <textarea {...fieldProps} rows={4} onChange={(event) => setText(event.target.value)} />
      )}
      <p id={counterId} className="text-right text-sm tabular-nums text-ink-muted">
        {question.mode === "word" ? "One word, or a few. " : ""}
        {text.length} of {max} characters
      </p>
      {errorLine}
      <div className="flex flex-col gap-2.5 sm:flex-row">
        <button type="submit" disabled={pending || !text.trim()} className={primaryButton}>
          {pending ? "Sending…" : previous ? "Send new answer" : "Send answer"}
        </button>
        {pass}
      </div>
    </form>
  );
}
