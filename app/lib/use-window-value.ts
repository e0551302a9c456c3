import { useSyncExternalStore } from "react";

/**
 * A value the browser holds (a cookie, storage) that this page changes by
 * announcing events on `window`: the server's value while the page is
 * rendered and hydrated, then the browser's, kept current on every event.
 * `read` must answer a primitive, so an unchanged value is the same value.
 */
export function useWindowValue<T extends string | number | boolean | null | undefined>(
  events: readonly string[],
  read: () => T,
  serverValue: T,
): T {
  return useSyncExternalStore(
    (onChange) => {
      for (const event of events) window.addEventListener(event, onChange);
      return () => {
        for (const event of events) window.removeEventListener(event, onChange);
      };
    },
    read,
    () => serverValue,
  );
}
