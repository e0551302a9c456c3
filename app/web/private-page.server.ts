import type { HeadersFunction } from "react-router";

/**
 * The headers of a page that shows a signed-in person's data or carries a
 * secret in its address (a recap, a host's screen, a reset link): no browser
 * cache, back-forward copy or proxy keeps it, so the next person at a shared
 * computer cannot open it from history. A route exports it as its `headers`;
 * documents and client navigations' data both get it.
 */
export const privatePageHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};
