import { spacedCode } from "~/shared/live";

type Props = {
  code: string;
  /** The join page's address as people type it, without https://. */
  joinAddress: string;
  /** The QR code of the round's own page, drawn on the server. */
  qrSvg: string;
};

/**
 * How people get in, on the room's screen: the address and the code in
 * type sized by the screen's height (readable from the back of the room on
 * a 720p projector and a 1080p screen alike), and the QR code in the room
 * that is left, so the panel never makes the screen scroll.
 */
export function JoinPanel({ code, joinAddress, qrSvg }: Props) {
  return (
    <section
      aria-labelledby="join-panel-title"
      className="flex min-h-0 flex-col rounded-[2.4vh] bg-white/10 px-[2.6vh] py-[2.4vh]"
    >
      <h2
        id="join-panel-title"
        className="text-[min(2.4vh,1.5vw)] font-semibold uppercase tracking-wide text-brand-100"
      >
        Join on your phone
      </h2>
      <p className="mt-[1.2vh] text-[min(2.8vh,1.8vw)] text-brand-50">Go to</p>
      <p className="break-all text-[min(4vh,2.4vw)] font-semibold leading-tight text-white">{joinAddress}</p>
      <p className="mt-[1.6vh] text-[min(2.8vh,1.8vw)] text-brand-50">and type the code</p>
      <p className="whitespace-nowrap font-mono text-[min(8vh,4.8vw)] font-semibold leading-tight tracking-[0.06em] text-white">
        <span aria-hidden="true">{spacedCode(code)}</span>
        {/* Letter by letter, as a screen reader should spell it. */}
        <span className="sr-only">Code {code.split("").join(" ")}</span>
      </p>
      <div className="mt-[2vh] flex min-h-0 flex-1 items-center justify-center">
        <div
          className="aspect-square h-full max-h-[38vh] rounded-[1.6vh] bg-white p-[1.2vh] [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label="QR code that opens this round"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG our server drew from the round's own address.
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
      </div>
    </section>
  );
}
