import { createContext, type ReactNode, useContext, useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { Ellipsis, type IconComponent } from "~/components/icons";

const CloseMenu = createContext<() => void>(() => {});

/** Where the menu opens on a wide screen: under its button, right-aligned, kept inside the window. */
function placeUnder(menu: HTMLElement, button: HTMLElement) {
  if (!window.matchMedia("(min-width: 640px)").matches) {
    // On a phone the stylesheet makes it a sheet at the bottom of the screen, in reach of a thumb.
    menu.style.removeProperty("top");
    menu.style.removeProperty("left");
    return;
  }
  const anchor = button.getBoundingClientRect();
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  const left = Math.max(8, Math.min(anchor.right - width, window.innerWidth - width - 8));
  const below = anchor.bottom + 6;
  const top = below + height > window.innerHeight - 8 ? Math.max(8, anchor.top - height - 6) : below;
  menu.style.top = `${top}px`;
  menu.style.left = `${left}px`;
}

/**
 * A card's further actions behind one button. Built on the browser's popover:
 * it opens by click, tap, Enter or Space even before the page's scripts run,
 * closes on Escape or a click outside, and returns focus to its button.
 */
export function CardMenu({ label, onOpen, children }: { label: string; onOpen?: () => void; children: ReactNode }) {
  const menuId = `menu-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open" || !button.current) return;
      placeUnder(element, button.current);
      onOpen?.();
      element.querySelector<HTMLElement>("a, button")?.focus();
    };
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, [onOpen]);

  const close = () => menu.current?.hidePopover();
  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={menuId}
        aria-label={label}
        aria-haspopup="true"
        className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-line-strong bg-white text-ink hover:bg-brand-50"
      >
        <Ellipsis className="h-5 w-5" aria-hidden="true" />
      </button>
      <div ref={menu} id={menuId} popover="auto" className="card-menu">
        <CloseMenu.Provider value={close}>
          <ul aria-label={label} className="py-1">
            {children}
          </ul>
        </CloseMenu.Provider>
      </div>
    </>
  );
}

const itemClass =
  "flex min-h-12 w-full items-center gap-3 px-4 text-left text-base text-ink hover:bg-brand-50 focus-visible:bg-brand-50 sm:min-h-11 sm:text-sm";

type ItemProps = { icon: IconComponent; children: ReactNode; tone?: "danger" };

/** One action of a card menu; the menu closes when it is chosen. */
export function MenuButton({ icon: Icon, children, tone, onSelect }: ItemProps & { onSelect: () => void }) {
  const close = useContext(CloseMenu);
  return (
    <li>
      <button
        type="button"
        className={`${itemClass} ${tone === "danger" ? "text-accent-600" : ""}`}
        onClick={() => {
          close();
          onSelect();
        }}
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {children}
      </button>
    </li>
  );
}

export function MenuLink({ icon: Icon, children, to }: ItemProps & { to: string }) {
  return (
    <li>
      <Link to={to} className={itemClass}>
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {children}
      </Link>
    </li>
  );
}
