import { useEffect, useId, useRef, useState } from "react";
import { control, primaryButton } from "~/components/buttons";

const deleteButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-accent-600 bg-white px-4 text-sm font-semibold text-accent-600 hover:bg-accent-100 disabled:opacity-60";
const confirmDeleteButton =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-accent-600 px-5 text-sm font-semibold text-white hover:bg-[#963f12] disabled:opacity-60";

/**
 * Ending and deleting ask once more: a slip would end the round for
 * everyone. Ending also asks whether participants get the recap's link:
 * off unless the host ticks it, because the recap holds every question's
 * answers, also those the host never revealed to the room. Without `onEnd`
 * (the round is over) only deleting is offered, as one quiet line under
 * what the host came for, never a box of its own.
 */
export type EndQuestion = "end" | "delete" | null;

export function EndControls({
  pending,
  onEnd,
  onDelete,
  asking: askedOutside,
  onAsk,
  endElsewhere,
}: {
  pending?: boolean;
  onEnd?: (shareRecap: boolean) => void;
  onDelete: () => Promise<string | null>;
  /** Which question is open, when the screen asks it from another button too (End round as the next step). */
  asking?: EndQuestion;
  onAsk?: (question: EndQuestion) => void;
  /** End round is offered elsewhere on the screen (the next step): not twice. */
  endElsewhere?: boolean;
}) {
  const id = useId();
  const [askedHere, setAskedHere] = useState<EndQuestion>(null);
  const asking = askedOutside === undefined ? askedHere : askedOutside;
  const setAsking = (question: EndQuestion) => (onAsk ? onAsk(question) : setAskedHere(question));
  const confirmation = useRef<HTMLDivElement>(null);

  // Asked from a button elsewhere on the screen (the next step): the question comes into view with the focus.
  useEffect(() => {
    if (asking) confirmation.current?.focus();
  }, [asking]);
  const [shareRecap, setShareRecap] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    setBusy(true);
    setError(await onDelete());
    setBusy(false);
  };

  return (
    <section aria-label={onEnd ? "End or delete the round" : "Delete the round"} className="text-ink">
      {asking === "end" ? (
        <div ref={confirmation} tabIndex={-1} className="space-y-3 rounded-3xl border border-line bg-white p-4 sm:p-5">
          <p>End the round? Nobody can answer after this; the recap keeps what was said.</p>
          <label htmlFor={`${id}-share`} className="flex min-h-11 cursor-pointer items-start gap-3">
            <input
              id={`${id}-share`}
              type="checkbox"
              checked={shareRecap}
              onChange={(event) => setShareRecap(event.target.checked)}
              aria-describedby={`${id}-share-note`}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            />
            <span>
              Share the recap with participants
              <span id={`${id}-share-note`} className="block text-sm text-ink-muted">
                Their phones show a link to every question and its answers, also ones you did not reveal; hidden answers
                stay out.
              </span>
            </span>
          </label>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButton}
              disabled={pending}
              onClick={() => {
                setAsking(null);
                onEnd?.(shareRecap);
              }}
            >
              End the round
            </button>
            <button type="button" className={control} onClick={() => setAsking(null)}>
              Keep going
            </button>
          </div>
        </div>
      ) : asking === "delete" ? (
        <div
          ref={confirmation}
          tabIndex={-1}
          className="space-y-3 rounded-3xl border border-accent-600 bg-white p-4 sm:p-5"
        >
          <p>Delete the round? Its answers and recap are gone for good, for everyone.</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={confirmDeleteButton} disabled={busy} onClick={confirmDelete}>
              {busy ? "Deleting…" : "Delete for good"}
            </button>
            <button type="button" className={control} onClick={() => setAsking(null)}>
              Keep it
            </button>
          </div>
        </div>
      ) : onEnd ? (
        <div className="flex flex-wrap gap-2">
          {!endElsewhere && (
            <button type="button" className={control} onClick={() => setAsking("end")} disabled={pending}>
              End round
            </button>
          )}
          <button type="button" className={deleteButton} onClick={() => setAsking("delete")}>
            Delete round
          </button>
        </div>
      ) : (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-muted">
          <span>Done with it? Deleting takes the answers and the recap away for good.</span>
          <button type="button" className={deleteButton} onClick={() => setAsking("delete")}>
            Delete round
          </button>
        </p>
      )}
      <p role="alert" className="mt-2 min-h-5 text-sm font-medium text-accent-600">
        {error}
      </p>
    </section>
  );
}
