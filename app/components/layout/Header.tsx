import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ChevronDown, Menu } from "~/components/icons";
import { closeMenusIn, PopoverMenu } from "~/components/menu/PopoverMenu";
import { usePlanDraftCount } from "~/lib/plan-draft";
import type { SiteFeatures } from "~/shared/features";
import {
  accountLinks,
  type NavLink as Destination,
  HELP_LINKS,
  planCountLabel,
  productLinks,
  type Viewer,
} from "~/shared/navigation";
import { Logo } from "./Logo";

const barLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "bg-brand-50 text-brand-800" : "text-ink-muted"
  }`;

const menuLink = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-base font-medium hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "bg-brand-50 text-brand-800" : "text-ink"
  }`;

const menuButton =
  "inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-ink-muted hover:bg-brand-50 hover:text-brand-800";

const dropdown =
  "fixed top-16 right-4 bottom-auto left-auto m-0 w-56 rounded-xl border border-line bg-white p-2 text-ink shadow-lg";

const signUpClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-800";

/** The plan's count as a badge; screen readers hear it as words. */
function PlanCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-600 px-1.5 text-xs font-bold text-white"
      >
        {count}
      </span>
      <span className="sr-only">, {planCountLabel(count)}</span>
    </>
  );
}

function Links({ links, className }: { links: readonly Destination[]; className: typeof menuLink }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end className={className}>
        {link.label}
      </NavLink>
    </li>
  ));
}

/** Sign out ends the session on the server: a form, so it works before the scripts run too. */
function SignOut({ className }: { className: string }) {
  return (
    <form method="post" action="/sign-out">
      <button type="submit" className={className}>
        Sign out
      </button>
    </form>
  );
}

/**
 * The site's header. On a laptop: what the product does (Generate, Plan,
 * Join a round, Questions, Pricing or What's free), a More menu for the help pages,
 * and the account menu or Sign In and Sign Up. On a phone it is one row: the logo,
 * Plan and a Menu button that opens all of the above.
 */
export function Header({
  appName,
  viewer,
  planCount,
  features,
}: {
  appName: string;
  viewer: Viewer;
  planCount: number;
  /** What this server does: the account menu offers the studio and billing only where they do something. */
  features: SiteFeatures;
}) {
  const location = useLocation();
  // On /plan the page itself is the plan: no badge there, so a first matched set written after load moves nothing.
  const draftCount = usePlanDraftCount(planCount);
  const count = location.pathname === "/plan" ? 0 : draftCount;
  const header = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => closeMenusIn(header.current), [location.key]);

  const productItems = productLinks(features).map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end className={barLink}>
        {link.label}
        {link.to === "/plan" && <PlanCount count={count} />}
      </NavLink>
    </li>
  ));

  return (
    <header ref={header} className="sticky top-0 z-30 border-b border-line bg-cream/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:h-16">
        <Link to="/" className="mr-2 flex min-h-11 shrink-0 items-center rounded-md" aria-label={`${appName} home`}>
          <Logo appName={appName} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">{productItems}</ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {/* On a phone, the plan stays one tap away with its count. */}
          <NavLink to="/plan" className={(state) => `${barLink(state)} lg:hidden`}>
            Plan
            <PlanCount count={count} />
          </NavLink>

          <div className="hidden items-center gap-1 lg:flex">
            <Dropdown id="help-menu" label="More">
              <nav aria-label="More">
                <ul>
                  <Links links={HELP_LINKS} className={menuLink} />
                </ul>
              </nav>
            </Dropdown>
            {viewer ? (
              <Dropdown id="account-menu" label="Account">
                <nav aria-label="Account">
                  <p className="truncate px-3 pt-1 pb-2 text-sm text-ink-muted">Signed in as {viewer.name}</p>
                  <ul>
                    <Links links={accountLinks(viewer, features)} className={menuLink} />
                  </ul>
                  <div className="mt-1 border-t border-line pt-1">
                    <SignOut className={`${menuLink({ isActive: false })} w-full`} />
                  </div>
                </nav>
              </Dropdown>
            ) : (
              <>
                <NavLink to="/sign-in" className={barLink}>
                  Sign In
                </NavLink>
                <Link to="/sign-up" className={`${signUpClass} ml-1`}>
                  Sign Up
                </Link>
              </>
            )}
          </div>

          <PopoverMenu
            id="site-menu"
            placement="sheet"
            buttonClassName={`${menuButton} text-ink lg:hidden`}
            button={
              <>
                <Menu className="h-5 w-5" aria-hidden="true" /> Menu
              </>
            }
            className="fixed inset-x-0 top-14 bottom-auto m-0 max-h-[calc(100dvh-3.5rem)] w-full max-w-none overflow-y-auto border-b border-line bg-cream p-0 text-ink shadow-lg lg:hidden"
          >
            <MobileMenu viewer={viewer} count={count} features={features} />
          </PopoverMenu>
        </div>
      </div>
    </header>
  );
}

/** A wide screen's header menu: a word and a chevron, opening under it. */
function Dropdown({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <PopoverMenu
      id={id}
      placement="end"
      buttonClassName={menuButton}
      button={
        <>
          {label} <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </>
      }
      className={dropdown}
    >
      {children}
    </PopoverMenu>
  );
}

/** Everything the header offers, for a phone: the product, the account, then help. */
function MobileMenu({ viewer, count, features }: { viewer: Viewer; count: number; features: SiteFeatures }) {
  return (
    <nav aria-label="Menu" className="mx-auto max-w-6xl px-4 pt-2 pb-4 sm:px-6">
      <ul className="grid gap-0.5">
        {productLinks(features).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={menuLink}>
              {link.label}
              {link.to === "/plan" && <PlanCount count={count} />}
            </NavLink>
          </li>
        ))}
      </ul>
      <h2 className="mt-3 border-t border-line px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-ink-muted">
        {viewer ? `Account: ${viewer.name}` : "Account"}
      </h2>
      {viewer ? (
        <>
          <ul className="grid gap-0.5">
            <Links links={accountLinks(viewer, features)} className={menuLink} />
          </ul>
          <SignOut className={`${menuLink({ isActive: false })} w-full`} />
        </>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-2 px-3">
          <li>
            <Link
              to="/sign-in"
              className="inline-flex min-h-11 w-full items-center justify-center rounded-full border border-brand-700 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              Sign In
            </Link>
          </li>
          <li>
            <Link to="/sign-up" className={`${signUpClass} w-full`}>
              Sign Up
            </Link>
          </li>
        </ul>
      )}
      <h2 className="mt-3 border-t border-line px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-ink-muted">
        Help
      </h2>
      <ul className="grid grid-cols-3 gap-0.5">
        <Links links={HELP_LINKS} className={menuLink} />
      </ul>
    </nav>
  );
}

/** The header of a focused page: the logo, home. */
export function FocusedHeader({ appName }: { appName: string }) {
  return (
    <header className="border-b border-line bg-cream">
      <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
        <Link to="/" className="flex min-h-11 items-center rounded-md" aria-label={`${appName} home`}>
          <Logo appName={appName} />
        </Link>
      </div>
    </header>
  );
}
