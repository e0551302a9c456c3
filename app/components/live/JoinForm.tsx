import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { joinRound } from "~/lib/live-client";
import { readStorage, writeStorage } from "~/lib/safe-storage";
import { LIVE_NAME_MAX, type RoundView } from "~/shared/live";

const NAME_KEY = "circleup:live-name";

type Props = {
  view: RoundView;
  /** A name typed before the page could run its scripts (the form then reloaded with it). */
  prefillName?: string;
  onJoined: (view: RoundView) => void;
};

export const primaryButton =
  "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto";

/**
 * Joining a round: a name in a named round, nothing in an anonymous one.
 * The button is a plain button, so a tap before the page is ready is
 * repeated once it is, instead of reloading the page. The name field is
 * the browser's own (uncontrolled) and read when joining: a name typed on
 * a slow phone before the scripts ran is in the field, not in React's state.
 */
export function JoinForm({ view, prefillName, onJoined }: Props) {
  const id = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const named = !view.anonymous;

  // The name used last time on this device, unless one is typed already; the server cannot know it.
  useEffect(() => {
    const field = nameField.current;
    if (field && !field.value) field.value = readStorage("local", NAME_KEY) ?? "";
  }, []);

  const join = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    const typed = (nameField.current?.value ?? "").trim();
    if (named && !typed) {
      setError("Please give a name the host will see");
      return;
    }
    setPending(true);
    setError(null);
    const outcome = await joinRound(view.code, named ? typed : undefined);
    setPending(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return;
    }
    if (named) writeStorage("local", NAME_KEY, typed);
    onJoined(outcome.body.view);
  };

  const errorId = `${id}-error`;
  return (
    <form onSubmit={join} noValidate className="space-y-5">
      <p className="rounded-2xl bg-brand-50 px-4 py-3 text-sm text-ink">
        {named ? (
          <>
            <strong>The host will see your name</strong> next to your answers.
          </>
        ) : (
          <>
            <strong>Answers are anonymous.</strong> Nobody sees who wrote what, not even the host.
          </>
        )}
      </p>
      {named && (
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-semibold text-ink">
            Your name
          </label>
          <input
            id={`${id}-name`}
            ref={nameField}
            name="name"
            defaultValue={prefillName}
            autoComplete="given-name"
            maxLength={LIVE_NAME_MAX}
            enterKeyHint="go"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1.5 block w-full rounded-xl border border-line bg-white px-3.5 py-3 text-lg text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-accent-600"
          />
        </div>
      )}
      <p id={errorId} role="alert" className="min-h-5 text-sm font-medium text-accent-600">
        {error}
      </p>
      <button type="button" onClick={() => join()} disabled={pending} className={primaryButton}>
        {pending ? "Joining…" : "Join the round"}
      </button>
    </form>
  );
}
