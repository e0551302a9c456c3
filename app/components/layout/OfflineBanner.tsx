import { useSyncExternalStore } from "react";
import { WifiOff } from "~/components/icons";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Follows the browser's connectivity; the server always renders it hidden. */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950">
      <WifiOff className="h-4 w-4" aria-hidden="true" />
      You are currently offline. Some features may not work properly.
    </div>
  );
}
