type Props = {
  code: string;
  /** The join page's address as people type it, without https://. */
  joinAddress: string;
  /** The QR code of the round's own page, drawn on the server; null once the host put it away. */
  qrSvg: string | null;
};

/** "3KM 7QP" reads better from across a room than "3KM7QP". */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * How people get in, sized for the back of the room: the address and the
 * code in large type, and the QR code. The host's buttons for it (copy the
 * link, put the QR code away) are with the host's controls, not here.
 */
export function JoinPanel({ code, joinAddress, qrSvg }: Props) {
  return (
    <section aria-labelledby="join-panel-title" className="rounded-3xl bg-white/10 p-6">
      <h2 id="join-panel-title" className="text-base font-semibold uppercase tracking-wide text-brand-100">
        Join on your phone
      </h2>
      <p className="mt-3 text-xl text-brand-50">Go to</p>
      <p className="break-all text-3xl font-semibold leading-tight text-white">{joinAddress}</p>
      <p className="mt-4 text-xl text-brand-50">and type the code</p>
      <p className="whitespace-nowrap font-mono text-7xl font-semibold leading-tight tracking-[0.08em] text-white">
        <span aria-hidden="true">{spaced(code)}</span>
        {/* Letter by letter, as a screen reader should spell it. */}
        <span className="sr-only">Code {code.split("").join(" ")}</span>
      </p>
      {qrSvg && (
        <div
          className="mx-auto mt-6 aspect-square w-full max-w-64 rounded-2xl bg-white p-3 [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label="QR code that opens this round"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG our server drew from the round's own address.
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
      )}
    </section>
  );
}
