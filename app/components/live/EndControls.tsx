import { useId, useState } from "react";
import { darkButton, darkPrimary } from "./TurnPanels";

/**
 * Ending and deleting ask once more: on a shared screen a slip would end it
 * for everyone. Ending also asks whether participants get the recap's link:
 * off unless the host ticks it, because the recap holds every question's
 * answers, also those the host never revealed to the room.
 */
export function EndControls({
  pending,
  onEnd,
  onDelete,
}: {
  pending?: boolean;
  onEnd?: (shareRecap: boolean) => void;
  onDelete: () => Promise<string | null>;
}) {
  const id = useId();
  const [asking, setAsking] = useState<"end" | "delete" | null>(null);
  const [shareRecap, setShareRecap] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    setBusy(true);
    setError(await onDelete());
    setBusy(false);
  };

  return (
    <section aria-label="End or delete the round" className="rounded-3xl border border-white/15 p-5">
      {asking === "end" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="w-full">End the round? Nobody can answer after this; the recap keeps what was said.</p>
          <label htmlFor={`${id}-share`} className="mr-auto flex min-h-11 cursor-pointer items-center gap-3">
            <input
              id={`${id}-share`}
              type="checkbox"
              checked={shareRecap}
              onChange={(event) => setShareRecap(event.target.checked)}
              aria-describedby={`${id}-share-note`}
              className="h-5 w-5 accent-accent-400"
            />
            <span>
              Share the recap with participants
              <span id={`${id}-share-note`} className="block text-sm text-brand-100">
                Their phones show a link to every question and its answers, also ones you did not reveal; hidden answers
                stay out.
              </span>
            </span>
          </label>
          <button
            type="button"
            className={darkPrimary}
            disabled={pending}
            onClick={() => {
              setAsking(null);
              onEnd?.(shareRecap);
            }}
          >
            End the round
          </button>
          <button type="button" className={darkButton} onClick={() => setAsking(null)}>
            Keep going
          </button>
        </div>
      ) : asking === "delete" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="mr-auto">Delete the round? Its answers and recap are gone for good, for everyone.</p>
          <button
            type="button"
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-accent-600 px-5 text-sm font-semibold text-white hover:bg-[#963f12] disabled:opacity-60"
            disabled={busy}
            onClick={confirmDelete}
          >
            {busy ? "Deleting…" : "Delete for good"}
          </button>
          <button type="button" className={darkButton} onClick={() => setAsking(null)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {onEnd && (
            <button type="button" className={darkButton} onClick={() => setAsking("end")} disabled={pending}>
              End round
            </button>
          )}
          <button type="button" className={darkButton} onClick={() => setAsking("delete")}>
            Delete round
          </button>
        </div>
      )}
      <p role="alert" className="mt-2 min-h-5 text-sm font-medium text-accent-400">
        {error}
      </p>
    </section>
  );
}
