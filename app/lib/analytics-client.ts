import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import type { ClientEvent } from "~/shared/analytics";
import { COOKIE_CONSENT_KEY } from "~/shared/analytics";
import { readStorage } from "./safe-storage";

export const hasAnalyticsConsent = () => readStorage("local", COOKIE_CONSENT_KEY) === "true";

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

/** Records a page view for every page the visitor opens, once they have accepted the cookie banner. */
export function usePageViews(): () => void {
  const { pathname, search } = useLocation();
  const page = usePageName();
  const track = () => sendClientEvent({ name: "page_view", page, path: pathname, search });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one view per address, not per render.
  useEffect(track, [pathname, search]);
  return track;
}
