import { useId, useState } from "react";
import { control } from "~/components/buttons";
import { ChevronDown } from "~/components/icons";
import { DIRECTED_TONES, type DirectedTone } from "~/shared/directed-ai";

/** Under a question in the studio: a tone and Rewrite, and Follow-up; both wait while the AI writes. */
export function DirectedActions({
  busy,
  onRewrite,
  onFollowUp,
}: {
  busy: boolean;
  onRewrite: (tone: DirectedTone) => void;
  onFollowUp: () => void;
}) {
  const id = useId();
  const [tone, setTone] = useState<DirectedTone>(DIRECTED_TONES[0].value);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-1.5">
      <div className="min-w-0 flex-1 basis-40">
        <label htmlFor={id} className="block text-xs font-semibold uppercase tracking-wide text-ink-muted">
          Tone
        </label>
        <div className="relative mt-1">
          <select
            id={id}
            value={tone}
            onChange={(e) => setTone(e.target.value as DirectedTone)}
            className="h-11 w-full appearance-none rounded-xl border border-line-strong bg-white pl-3 pr-8 text-sm font-medium text-ink"
          >
            {DIRECTED_TONES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute right-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
        </div>
      </div>
      <button type="button" className={control} disabled={busy} onClick={() => onRewrite(tone)}>
        Rewrite
      </button>
      <button type="button" className={control} disabled={busy} onClick={onFollowUp}>
        Follow-up
      </button>
    </div>
  );
}
