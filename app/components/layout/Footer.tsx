import { Link } from "react-router";
import { FOOTER_SECTIONS } from "~/shared/navigation";
import { Logo } from "./Logo";

/** The site's first year; the copyright runs from it to the current year, which the server supplies. */
const FIRST_YEAR = 2024;

export function Footer({ appName, year }: { appName: string; year: number }) {
  return (
    <footer className="border-t border-line bg-sand">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <Logo appName={appName} />
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-ink-muted">
            AI-powered check-in, energizer and check-out questions that help teams feel safe, heard and connected.
          </p>
        </div>
        {FOOTER_SECTIONS.map((section) => (
          <nav key={section.title} aria-label={section.title}>
            <h2 className="text-sm font-semibold text-ink">{section.title}</h2>
            <ul className="mt-3 space-y-2">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded text-sm text-ink-muted hover:text-brand-800 hover:underline">
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
