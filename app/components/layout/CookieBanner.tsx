import { useEffect, useState } from "react";
import { Link } from "react-router";
import { readStorage, writeStorage } from "~/lib/safe-storage";

export const COOKIE_CONSENT_KEY = "cookieConsent";

const storedConsent = () => readStorage("local", COOKIE_CONSENT_KEY) === "true";

/**
 * Asks once for consent. It floats over the page, so appearing after
 * hydration moves nothing; Accept hides it even when storage is blocked.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!storedConsent()), []);
  if (!visible) return null;

  const accept = () => {
    // Private modes can refuse storage; the choice still holds for this visit.
    writeStorage("local", COOKIE_CONSENT_KEY, "true");
    setVisible(false);
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-2xl rounded-2xl border border-line bg-white p-4 shadow-lg sm:flex sm:items-center sm:gap-4"
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
