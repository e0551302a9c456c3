import { Link } from "react-router";
import { useFeatures } from "~/lib/use-features";
import { FOOTER_SECTIONS } from "~/shared/navigation";
import { Logo } from "./Logo";

/** The site's first year; the copyright runs from it to the current year, which the server supplies. */
const FIRST_YEAR = 2024;

export function Footer({ appName, year }: { appName: string; year: number }) {
  const { ai } = useFeatures();
  return (
    <footer className="border-t border-line bg-sand">
      {/* On a phone the link lists stand in two columns, so the footer stays short with 24 px targets. */}
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr] md:gap-10 md:py-12">
        <div className="col-span-2 md:col-span-1">
          <Logo appName={appName} />
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-ink-muted">
            {ai ? "AI-powered check-in" : "Check-in"}, energizer and check-out questions that help teams feel safe,
            heard and connected.
          </p>
        </div>
        {FOOTER_SECTIONS.map((section) => (
          <nav key={section.title} aria-label={section.title}>
            <h2 className="text-sm font-semibold text-ink">{section.title}</h2>
            <ul className="mt-2 space-y-1">
              {section.links.map((link) => (
                <li key={link.to}>
                  {/* At least 24 px high: a target a thumb can hit without a neighbour (WCAG 2.5.8). */}
                  <Link
                    to={link.to}
                    className="inline-block rounded py-0.5 text-sm leading-5 text-ink-muted hover:text-brand-800 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-ink-muted sm:flex-row sm:justify-between sm:px-6">
          <p>Made in Copenhagen</p>
          <p>{`© ${year > FIRST_YEAR ? `${FIRST_YEAR}–${year}` : year} ${appName}`}</p>
        </div>
      </div>
    </footer>
  );
}
