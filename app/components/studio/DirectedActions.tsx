import { useState } from "react";
import { control } from "~/components/buttons";
import { Choice } from "~/components/generator/ChoiceRow";
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
  const [tone, setTone] = useState<DirectedTone>(DIRECTED_TONES[0].value);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-1.5">
      <Choice
        label="Tone"
        value={tone}
        options={DIRECTED_TONES}
        onChange={(value) => setTone(value as DirectedTone)}
        className="min-w-0 flex-1 basis-40"
      />
      <button type="button" className={control} disabled={busy} onClick={() => onRewrite(tone)}>
        Rewrite
      </button>
      <button type="button" className={control} disabled={busy} onClick={onFollowUp}>
        Follow-up
      </button>
    </div>
  );
}
