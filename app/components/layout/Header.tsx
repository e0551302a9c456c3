import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Menu, X } from "~/components/icons";
import { headerLinks, type Viewer } from "~/shared/navigation";
import { Logo } from "./Logo";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "text-brand-800 bg-brand-50" : "text-ink-muted"
  }`;

export function Header({ appName, viewer }: { appName: string; viewer: Viewer }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const links = headerLinks(viewer);

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const signUp = viewer ? null : (
    <Link
      to="/sign-up"
      className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
    >
      Sign Up
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-cream/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label={`${appName} home`}>
          <Logo appName={appName} />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
          {signUp && <span className="ml-2">{signUp}</span>}
        </nav>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-brand-50 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-line bg-cream px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={(s) => `block ${linkClass(s)} text-base`}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {signUp && <li className="pt-2">{signUp}</li>}
        </ul>
      </nav>
    </header>
  );
}

/** The header of a focused page: the logo, home. */
export function FocusedHeader({ appName }: { appName: string }) {
  return (
    <header className="border-b border-line bg-cream">
      <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label={`${appName} home`}>
          <Logo appName={appName} />
        </Link>
      </div>
    </header>
  );
}
