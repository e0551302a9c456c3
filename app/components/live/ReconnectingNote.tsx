import { WifiOff } from "~/components/icons";

/**
 * A quiet note while the live connection is down; the browser reconnects by
 * itself and catches up on what it missed. It floats under the site header,
 * so it is seen wherever the page is scrolled and moves nothing when it
 * comes and goes; the status region itself is always there for screen readers.
 */
export function ReconnectingNote({ show, tone = "light" }: { show: boolean; tone?: "light" | "dark" }) {
  return (
    <span role="status">
      {show && (
        <span
          className={`fixed left-1/2 top-20 z-40 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium shadow-lg ${
            tone === "dark" ? "bg-white text-brand-900" : "bg-ink text-white"
          }`}
        >
          <WifiOff className="h-4 w-4" aria-hidden="true" /> Reconnecting…
        </span>
      )}
    </span>
  );
}
