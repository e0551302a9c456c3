/** The events admins chart, per UTC day. */
export const CHARTED_EVENTS = ["page_view", "generation", "sign_up", "vote"] as const;
export type ChartedEvent = (typeof CHARTED_EVENTS)[number];
export type DailyActivity = { day: string } & Record<ChartedEvent, number>;

/** The localStorage key where the browser keeps the visitor's answer to the cookie banner. */
export const COOKIE_CONSENT_KEY = "cookieConsent";

/** The two answers to the cookie banner, equally easy to give: analytics accepted, or essential cookies only. */
export type ConsentChoice = "accepted" | "essential";

/** How each answer is stored; "true" is what Accept has always stored, so earlier consents still count. */
export const STORED_CONSENT: Record<ConsentChoice, string> = { accepted: "true", essential: "essential" };

/** The answer a stored value means; anything else is no answer yet. */
export function consentChoiceOf(stored: string | null): ConsentChoice | null {
  if (stored === STORED_CONSENT.accepted) return "accepted";
  if (stored === STORED_CONSENT.essential) return "essential";
  return null;
}

/** Query parameters worth keeping in a page view's URL; anything else (tokens, e-mail addresses) is dropped. */
export const TRACKED_QUERY_PARAMS = ["sort", "category", "page"] as const;

/** What the browser may report, and only after cookie consent: a page view or an error it met. */
export type ClientEvent =
  | { name: "page_view"; page: string; path: string; search?: string }
  | { name: "error"; page: string; path: string; message?: string };

/** The URL stored with a page view: the page's address with only the list's own parameters. */
export function trackedUrl(publicUrl: string, path: string, search: string): string {
  const kept = new URLSearchParams();
  const given = new URLSearchParams(search);
  for (const key of TRACKED_QUERY_PARAMS) {
    const value = given.get(key);
    if (value) kept.set(key, value.slice(0, 40));
  }
  const query = kept.toString();
  return `${publicUrl}${path}${query ? `?${query}` : ""}`;
}
