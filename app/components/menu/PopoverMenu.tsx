import { type ReactNode, useEffect, useRef } from "react";

/**
 * Where a menu opens once scripts run:
 * - "end": under its button, right edges aligned (the header's menus);
 * - "sheet": across the screen under the header (the phone's main menu);
 * - "card": a sheet along the bottom edge on a phone (the stylesheet's
 *   `.card-menu`, in reach of a thumb), under its button on wider screens.
 */
export type MenuPlacement = "end" | "sheet" | "card";

/** Sets the panel's position just before it shows, so it never paints in the wrong place. */
function place(panel: HTMLElement, opener: HTMLElement, placement: MenuPlacement) {
  const anchor = opener.getBoundingClientRect();
  if (placement === "sheet") {
    // The header may sit below the cookie banner or be scrolled; the menu goes where it is now.
    panel.style.top = `${(opener.closest("header") ?? opener).getBoundingClientRect().bottom}px`;
  } else if (placement === "end") {
    panel.style.top = `${anchor.bottom + 6}px`;
    panel.style.right = `${Math.max(8, document.documentElement.clientWidth - anchor.right)}px`;
  } else if (window.matchMedia("(min-width: 640px)").matches) {
    const width = Number.parseFloat(getComputedStyle(panel).width) || 240;
    panel.style.left = `${Math.max(8, Math.min(anchor.right - width, window.innerWidth - width - 8))}px`;
    panel.style.top = `${anchor.bottom + 6}px`;
  } else {
    panel.style.removeProperty("top");
    panel.style.removeProperty("left");
  }
}

/** Once shown (its height known), a card menu that would run off the bottom opens above its button. */
function keepInWindow(panel: HTMLElement, opener: HTMLElement) {
  const box = panel.getBoundingClientRect();
  if (box.bottom <= window.innerHeight - 8 || !window.matchMedia("(min-width: 640px)").matches) return;
  panel.style.top = `${Math.max(8, opener.getBoundingClientRect().top - box.height - 6)}px`;
}

/**
 * A menu that opens from a button, built on the browser's popover: it opens
 * by click, tap, Enter or Space even before the page's scripts have run,
 * Escape or a click outside closes it and gives focus back to its button.
 * With `focusFirst` the first item takes the focus when it opens.
 */
export function PopoverMenu({
  id,
  button,
  buttonLabel,
  buttonClassName,
  placement,
  className,
  focusFirst = false,
  onOpen,
  children,
}: {
  id: string;
  button: ReactNode;
  /** The accessible name when the button's content is not enough. */
  buttonLabel?: string;
  buttonClassName: string;
  placement: MenuPlacement;
  className: string;
  focusFirst?: boolean;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    const opener = buttonRef.current;
    if (!panel || !opener) return;
    const beforeToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") place(panel, opener, placement);
    };
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      if (placement === "card") keepInWindow(panel, opener);
      if (focusFirst) panel.querySelector<HTMLElement>("a, button")?.focus();
      onOpen?.();
    };
    panel.addEventListener("beforetoggle", beforeToggle);
    panel.addEventListener("toggle", onToggle);
    return () => {
      panel.removeEventListener("beforetoggle", beforeToggle);
      panel.removeEventListener("toggle", onToggle);
    };
  }, [placement, focusFirst, onOpen]);

  return (
    <>
      <button ref={buttonRef} type="button" popoverTarget={id} aria-label={buttonLabel} className={buttonClassName}>
        {button}
      </button>
      <div ref={panelRef} id={id} popover="auto" className={className}>
        {children}
      </div>
    </>
  );
}

/** Closes every open menu inside `root`: a followed link leaves its menu behind. */
export function closeMenusIn(root: HTMLElement | null): void {
  for (const panel of root?.querySelectorAll<HTMLElement>("[popover]") ?? []) {
    if (panel.matches(":popover-open")) panel.hidePopover();
  }
}
