import {
  OFFLINE_LIBRARY_PATH,
  type OfflineLibrary,
  type OfflinePick,
  pickOffline,
  unpackOfflineLibrary,
} from "~/shared/offline-library";
import type { GeneratorChoice } from "~/shared/questions";
import { seenIds } from "./local-questions";

/** Whether the browser says it has no connection (always online on the server). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

let library: Promise<OfflineLibrary | null> | null = null;

/** The slice the service worker keeps (from its cache when offline); null when it was never fetched. */
function offlineLibrary(): Promise<OfflineLibrary | null> {
  library ??= fetch(OFFLINE_LIBRARY_PATH)
    .then((response) => (response.ok ? response.json().then(unpackOfflineLibrary) : null))
    .catch(() => null)
    .then((value) => {
      if (!value) library = null;
      return value;
    });
  return library;
}

/**
 * The next question for the choice from the offline slice, by the
 * generator's own rules (pickOffline), avoiding what this browser was shown.
 */
export async function offlineQuestion(choice: GeneratorChoice): Promise<OfflinePick | null> {
  const slice = await offlineLibrary();
  return slice && pickOffline(slice, choice, seenIds());
}
