import { useState } from "react";
import { darkButton, darkPrimary } from "./TurnPanels";

/** Ending and deleting ask once more: on a shared screen a slip would end it for everyone. */
export function EndControls({
  pending,
  onEnd,
  onDelete,
}: {
  pending?: boolean;
  onEnd?: () => void;
  onDelete: () => Promise<string | null>;
}) {
  const [asking, setAsking] = useState<"end" | "delete" | null>(null);
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
          <p className="mr-auto">End the round? Nobody can answer after this; the recap keeps what was said.</p>
          <button
            type="button"
            className={darkPrimary}
            disabled={pending}
            onClick={() => {
              setAsking(null);
              onEnd?.();
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
