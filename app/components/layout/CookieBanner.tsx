import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PinnedToTop } from "~/components/PinnedToTop";
import { useConsentChoice, writeConsentChoice } from "~/lib/analytics-client";
import { COOKIE_CONSENT_KEY, type ConsentChoice, STORED_CONSENT } from "~/shared/analytics";
import { COOKIE_SETTINGS_PATH } from "~/shared/navigation";

/** Set on <html> before the first paint when a choice is already stored (either one), so the banner never flashes. */
export const CONSENT_CHOSEN_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)});if(c===${JSON.stringify(STORED_CONSENT.accepted)}||c===${JSON.stringify(STORED_CONSENT.essential)})document.documentElement.dataset.consent="chosen"}catch(e){}`;

/** Both answers look and weigh the same: refusing is as easy as accepting. */
const CHOICE_BUTTON =
  "min-h-11 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 sm:min-w-36";

const CONFIRMATIONS: Record<ConsentChoice, string> = {
  accepted: "You accepted analytics cookies.",
  essential: "You chose essential cookies only.",
};

/**
 * Asks once whether we may count page views, with two equal answers. It sits
 * at the top of the page in the normal flow, before the header, so it covers
 * nothing and is the first stop after the skip link. It is in the server's
 * HTML, so a first visit paints it with the page; a stored answer hides it
 * before the first paint (CONSENT_CHOSEN_SCRIPT). An answer closes the banner
 * and is confirmed for a few seconds in a line over the header, which says
 * where to change it.
 */
export function CookieBanner() {
  const stored = useConsentChoice();
  const [madeHere, setMadeHere] = useState<ConsentChoice | null>(null);
  const [confirmationHidden, setConfirmationHidden] = useState(false);
  const hideConfirmation = useCallback(() => setConfirmationHidden(true), []);

  if (madeHere) return confirmationHidden ? null : <Confirmation choice={madeHere} onHide={hideConfirmation} />;
  // Undefined until the browser's storage is read; until then the server's banner stands (or the script hid it).
  if (stored) return null;

  const choose = (choice: ConsentChoice) => {
    setMadeHere(choice);
    // Private modes can refuse storage; the choice still holds for this visit.
    writeConsentChoice(choice);
  };

  return (
    <section aria-label="Cookie consent" className="border-b border-line bg-white [html[data-consent=chosen]_&]:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
        <p className="text-sm leading-5 text-ink sm:flex-1">
          May we count page views? They stay in our own database, never shared. See our{" "}
          <Link to="/privacy-policy" className="font-medium text-brand-800 underline">
            privacy policy
          </Link>
          .
        </p>
        <div className="grid shrink-0 grid-cols-2 gap-2">
          <button type="button" onClick={() => choose("accepted")} className={CHOICE_BUTTON}>
            Accept
          </button>
          <button type="button" onClick={() => choose("essential")} className={CHOICE_BUTTON}>
            Only essential
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * The line that confirms a choice, over the header for a few seconds. It
 * takes the focus the pressed button had; when it goes with the focus in it,
 * the focus moves on to the header, the next stop after the banner.
 */
function Confirmation({ choice, onHide }: { choice: ConsentChoice; onHide: () => void }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  const hide = useCallback(() => {
    const focusWasHere = message.current?.parentElement?.contains(document.activeElement);
    onHide();
    if (focusWasHere) document.querySelector<HTMLElement>("header a")?.focus();
  }, [onHide]);
  return (
    <PinnedToTop label="Cookie choice" closeLabel="Hide cookie message" onGone={hide}>
      <p ref={message} tabIndex={-1} role="status" className="flex-1 outline-none">
        {CONFIRMATIONS[choice]} Change it any time in{" "}
        <Link to={COOKIE_SETTINGS_PATH} className="font-medium text-brand-800 underline">
          cookie settings
        </Link>
        .
      </p>
    </PinnedToTop>
  );
}
