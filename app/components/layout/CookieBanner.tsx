import { useEffect, useState } from "react";
import { Link, useLocation, useNavigation } from "react-router";
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

/** How long the confirmation stays: long enough to read a line, gone before it is in the way. */
const CONFIRMATION_MS = 4000;
/** The last part of that time, in which it fades instead of vanishing. */
const FADE_MS = 500;

/**
 * Asks once whether we may count page views, with two equal answers. It sits
 * at the top of the page in the normal flow, before the header, so it covers
 * nothing and is the first stop after the skip link. It is in the server's
 * HTML, so a first visit paints it with the page; a stored answer hides it
 * before the first paint (CONSENT_CHOSEN_SCRIPT).
 *
 * An answer turns the banner into a one-line confirmation in the same place
 * (it shrinks with the click that chose, a move the click caused), announced
 * by a status line that was in the page from the start. The line says where
 * to change the choice and fades by itself, held while the pointer or focus
 * rests on it; its room stays until the visitor leaves the page, so nothing
 * moves when it goes, and it covers nothing, the header included.
 */
export function CookieBanner() {
  const stored = useConsentChoice();
  const [madeHere, setMadeHere] = useState<ConsentChoice | null>(null);
  const { phase, hold, release, kept } = useConfirmation(madeHere !== null);

  // Undefined until the browser's storage is read; until then the server's banner stands (or the script hid it).
  if (madeHere ? !kept : stored) return null;

  const choose = (choice: ConsentChoice) => {
    setMadeHere(choice);
    // Private modes can refuse storage; the choice still holds for this visit.
    writeConsentChoice(choice);
  };

  return (
    <div className={madeHere ? "h-14 sm:h-11" : "[html[data-consent=chosen]_&]:hidden"}>
      <p
        role="status"
        onPointerEnter={madeHere ? hold : undefined}
        onPointerLeave={madeHere ? release : undefined}
        onFocus={madeHere ? hold : undefined}
        onBlur={(event) => {
          if (madeHere && !event.currentTarget.contains(event.relatedTarget)) release();
        }}
        className={
          madeHere
            ? `flex h-full items-center border-b border-line bg-white text-sm leading-5 text-ink transition-opacity duration-500 ${
                phase === "shown" ? "opacity-100" : "opacity-0"
              }`
            : "sr-only"
        }
      >
        {madeHere && phase !== "gone" && (
          <span className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            {CONFIRMATIONS[madeHere]} Change it any time in{" "}
            <Link to={COOKIE_SETTINGS_PATH} className="font-medium text-brand-800 underline">
              cookie settings
            </Link>
            .
          </span>
        )}
      </p>
      {!madeHere && (
        <section aria-label="Cookie consent" className="border-b border-line bg-white">
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
      )}
    </div>
  );
}

/**
 * The confirmation's few seconds once a choice is made: shown, fading, gone
 * (held, and shown again, while the pointer or focus rests on it, so it
 * never goes from under either), and whether its room is still kept: until
 * another page is on its way, for good.
 */
function useConfirmation(chosen: boolean) {
  const [held, setHeld] = useState(false);
  const [phase, setPhase] = useState<"shown" | "fading" | "gone">("shown");
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [chosenOn, setChosenOn] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  if (chosen && chosenOn === null) setChosenOn(pathname);
  if (chosenOn !== null && !left && (navigation.state !== "idle" || pathname !== chosenOn)) setLeft(true);

  // The full time again after each hold; once gone, it stays gone.
  useEffect(() => {
    if (!chosen || held) return;
    const fade = setTimeout(
      () => setPhase((current) => (current === "gone" ? current : "fading")),
      CONFIRMATION_MS - FADE_MS,
    );
    const gone = setTimeout(() => setPhase("gone"), CONFIRMATION_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, [chosen, held]);

  return {
    phase,
    hold: () => {
      setHeld(true);
      setPhase((current) => (current === "fading" ? "shown" : current));
    },
    release: () => setHeld(false),
    kept: !left,
  };
}
