import { useEffect, useId, useRef } from "react";

/**
 * The team's time zone, from the server's list. A new team starts on the
 * browser's zone once scripts run (UTC before, or without them); a chosen
 * zone is never replaced.
 */
export function TimeZoneField({
  zones,
  value,
  guessFromBrowser = false,
}: {
  zones: string[];
  value: string;
  guessFromBrowser?: boolean;
}) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (!guessFromBrowser || !select.current || select.current.value !== value) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zones.includes(browser)) select.current.value = browser;
  }, [guessFromBrowser, value, zones]);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Time zone
      </label>
      <select
        id={id}
        ref={select}
        name="timeZone"
        defaultValue={value}
        aria-describedby={`${id}-hint`}
        className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        The days and times of the team's meetings are read in it.
      </p>
    </div>
  );
}
