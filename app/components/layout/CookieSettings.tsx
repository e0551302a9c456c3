import { useConsentChoice, writeConsentChoice } from "~/lib/analytics-client";
import type { ConsentChoice } from "~/shared/analytics";

const STATES: Record<ConsentChoice | "none", string> = {
  accepted: "You accepted analytics cookies: we count the pages you open, in our own database.",
  essential: "You chose essential cookies only: we count none of the pages you open.",
  none: "You have not chosen yet, so we count none of the pages you open.",
};

const OPTIONS: { choice: ConsentChoice; label: string }[] = [
  { choice: "accepted", label: "Accept" },
  { choice: "essential", label: "Only essential" },
];

/** Where people change their mind about cookies: the same two answers as the banner, the current one pressed. */
export function CookieSettings() {
  const choice = useConsentChoice();
  return (
    <section
      id="cookie-settings"
      aria-labelledby="cookie-settings-title"
      className="scroll-mt-24 rounded-2xl border border-line bg-white p-5"
    >
      <h2 id="cookie-settings-title" className="mt-0! font-serif text-xl! font-semibold text-ink">
        Cookie settings
      </h2>
      <p className="mt-2 min-h-10 text-sm text-ink" aria-live="polite">
        {choice === undefined ? "" : STATES[choice ?? "none"]}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:inline-grid">
        {OPTIONS.map((option) => (
          <button
            key={option.choice}
            type="button"
            aria-pressed={choice === option.choice}
            onClick={() => writeConsentChoice(option.choice)}
            className="min-h-11 rounded-full border-2 border-brand-700 px-5 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white sm:min-w-36"
          >
            {option.label}
          </button>
        ))}
      </div>
    </section>
  );
}
