import { useEffect, useState } from "react";
import { Link } from "react-router";
import { hasAnalyticsConsent } from "~/lib/analytics-client";
import { writeStorage } from "~/lib/safe-storage";
import { COOKIE_CONSENT_KEY } from "~/shared/analytics";

/** Set on <html> before the first paint when consent is already stored, so the banner never flashes. */
export const CONSENT_GIVEN_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)})==="true")document.documentElement.dataset.consent="given"}catch(e){}`;

/**
 * Asks once for consent. It is in the server's HTML, so a first visit paints
 * it with the page instead of after the scripts; a stored answer hides it
 * before the first paint (CONSENT_GIVEN_SCRIPT). It floats over the page, so
 * nothing moves. Accept hides it even when storage is blocked.
 */
export function CookieBanner({ onAccept }: { onAccept: () => void }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => setVisible(!hasAnalyticsConsent()), []);
  if (!visible) return null;

  const accept = () => {
    // Private modes can refuse storage; the choice still holds for this visit.
    writeStorage("local", COOKIE_CONSENT_KEY, "true");
    setVisible(false);
    // The page in front of the visitor is the first one counted.
    onAccept();
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-40 [html[data-consent=given]_&]:hidden mx-auto max-w-2xl rounded-2xl border border-line bg-white p-4 shadow-lg sm:flex sm:items-center sm:gap-4"
    >
      <p className="text-sm leading-relaxed text-ink">
        We use essential cookies to keep you signed in. With your consent we also count page views in our own database;
        nothing is shared with third parties. Read our{" "}
        <Link to="/privacy-policy" className="font-medium text-brand-800 underline">
          privacy policy
        </Link>
        .
      </p>
      <button
        type="button"
        onClick={accept}
        className="mt-3 w-full shrink-0 rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:mt-0 sm:w-auto"
      >
        Accept
      </button>
    </section>
  );
}
