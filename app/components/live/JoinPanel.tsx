import { useState } from "react";
import { Check, Copy } from "~/components/icons";
import { useCopy } from "~/lib/use-copy";
import { darkButton } from "./TurnPanels";

type Props = {
  code: string;
  /** The round's own page, which the QR code opens. */
  joinUrl: string;
  /** The join page's address as people type it, without https://. */
  joinAddress: string;
  /** The QR code of joinUrl, drawn on the server. */
  qrSvg: string;
};

/** "3 KM 7QP" reads better from across a room than "3KM7QP". */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** How people get in: the code in large type, the address, and the QR code, which can be put away once everyone is in. */
export function JoinPanel({ code, joinUrl, joinAddress, qrSvg }: Props) {
  const [showQr, setShowQr] = useState(true);
  const { copied, copy } = useCopy();
  return (
    <section aria-labelledby="join-panel-title" className="rounded-3xl bg-white/10 p-5 sm:p-6">
      <h2 id="join-panel-title" className="text-sm font-semibold uppercase tracking-wide text-brand-100">
        Join on your phone
      </h2>
      <p className="mt-2 text-lg text-brand-50">
        Go to <strong className="font-semibold text-white">{joinAddress}</strong> and type
      </p>
      <p className="mt-1 whitespace-nowrap font-mono text-5xl font-semibold tracking-[0.12em] text-white">
        <span aria-hidden="true">{spaced(code)}</span>
        {/* Letter by letter, as a screen reader should spell it. */}
        <span className="sr-only">Code {code.split("").join(" ")}</span>
      </p>
      {showQr && (
        <div
          className="mx-auto mt-5 aspect-square w-full max-w-72 rounded-2xl bg-white p-3 [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label="QR code that opens this round"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG our server drew from the round's own address.
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <button
          type="button"
          className={darkButton}
          onClick={() => setShowQr((shown) => !shown)}
          aria-expanded={showQr}
        >
          {showQr ? "Hide QR code" : "Show QR code"}
        </button>
        <button type="button" className={darkButton} onClick={() => copy(joinUrl)}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          <span aria-live="polite">{copied ? "Copied" : "Copy join link"}</span>
        </button>
      </div>
    </section>
  );
}
