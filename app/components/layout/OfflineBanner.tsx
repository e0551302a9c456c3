import { useEffect, useSyncExternalStore } from "react";
import { WifiOff } from "~/components/icons";
import { sendQueuedSaves } from "~/lib/offline-saves";
import { OFFLINE_WORDS } from "~/shared/offline-library";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Follows the browser's connectivity and says what still works without it;
 * the server always renders it hidden. Saves made offline are sent when the
 * page opens online and whenever the connection comes back.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    if (online) void sendQueuedSaves();
  }, [online]);
  if (online) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950">
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      {OFFLINE_WORDS.banner}
    </div>
  );
}
