import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import type { ClientEvent, ConsentChoice } from "~/shared/analytics";
import { COOKIE_CONSENT_KEY, consentChoiceOf, STORED_CONSENT } from "~/shared/analytics";
import { readStorage, writeStorage } from "./safe-storage";
import { useWindowValue } from "./use-window-value";

/** Fired on `window` when the visitor makes or changes their cookie choice, so the banner and the settings agree. */
const CONSENT_EVENT = "circleup:consent";

/** The choice made on this page, kept for the visit when the browser refuses storage. */
let choiceThisVisit: ConsentChoice | null = null;

/** The visitor's cookie choice: stored, or made on this page; null before they have chosen. */
export function readConsentChoice(): ConsentChoice | null {
  return choiceThisVisit ?? consentChoiceOf(readStorage("local", COOKIE_CONSENT_KEY));
}

/** Analytics only after an explicit Accept; "Only essential" and no answer both mean none. */
const hasAnalyticsConsent = () => readConsentChoice() === "accepted";

/** Stores the choice (private modes may refuse; it then holds for this visit) and tells the page. */
export function writeConsentChoice(choice: ConsentChoice): void {
  choiceThisVisit = choice;
  writeStorage("local", COOKIE_CONSENT_KEY, STORED_CONSENT[choice]);
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT));
}

/** The current choice, following changes on this page; undefined until the browser's storage is read (the server cannot know). */
export function useConsentChoice(): ConsentChoice | null | undefined {
  return useWindowValue<ConsentChoice | null | undefined>([CONSENT_EVENT], readConsentChoice, undefined);
}

/** Sends one event to our own endpoint, only with consent; analytics never gets in the user's way. */
export function sendClientEvent(event: ClientEvent): void {
  if (!hasAnalyticsConsent()) return;
  void fetch("/api/v1/events", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => {});
}

/** The page's name: the id of its route ("home", "category-remote-teams", "articles.$slug"). */
export function usePageName(): string {
  const matches = useMatches();
  // Route ids carry their area folder ("routes/site/about"); a page's name is the module's own ("about").
  return (matches.at(-1)?.id ?? "unknown").replace(/^routes\/(?:[a-z0-9-]+\/)?/, "");
}

/**
 * Records a page view for every page the visitor opens once they have
 * accepted cookies, and the page in front of them at the moment they accept
 * (from the banner or the cookie settings), so that page is the first counted.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const page = usePageName();
  const track = () => sendClientEvent({ name: "page_view", page, path: pathname, search });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one view per address, not per render.
  useEffect(track, [pathname, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener reads the current page through track.
  useEffect(() => {
    let before = readConsentChoice();
    const onChange = () => {
      const now = readConsentChoice();
      if (now === "accepted" && before !== "accepted") track();
      before = now;
    };
    window.addEventListener(CONSENT_EVENT, onChange);
    return () => window.removeEventListener(CONSENT_EVENT, onChange);
  }, [pathname, search]);
}
