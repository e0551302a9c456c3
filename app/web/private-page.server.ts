import type { HeadersFunction } from "react-router";

const PRIVATE = "private, no-store";

/**
 * The headers of a page that shows a signed-in person's data or carries a
 * secret in its address (a recap, a host's screen, a reset link): no browser
 * cache, back-forward copy or proxy keeps it, so the next person at a shared
 * computer cannot open it from history. A route exports it as its `headers`;
 * documents and client navigations' data both get it.
 */
export const privatePageHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", PRIVATE);
  return headers;
};

/**
 * The same for an answer a resource route passes on as it is (better-auth's
 * JSON: the session, the list of signed-in devices, an account's details),
 * which React Router gives no `headers` export.
 */
export function privateAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PRIVATE);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
