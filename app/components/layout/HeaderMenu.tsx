import { type ReactNode, useEffect, useRef } from "react";

/**
 * A menu that opens from a button, built on the browser's popover: it opens
 * by click, tap, Enter or Space even before the page's scripts have run,
 * Escape or a click outside closes it, and its links come next in the tab
 * order after its button. Once scripts run it opens right under its button
 * ("end" aligns the right edges) or, for "sheet", across the width of the
 * screen under the header.
 */
export function HeaderMenu({
  id,
  button,
  buttonLabel,
  buttonClassName,
  placement,
  className,
  children,
}: {
  id: string;
  button: ReactNode;
  /** The accessible name when the button's content is not enough. */
  buttonLabel?: string;
  buttonClassName: string;
  placement: "end" | "sheet";
  className: string;
  children: ReactNode;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    const opener = buttonRef.current;
    if (!panel || !opener) return;
    const place = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      const header = opener.closest("header") ?? opener;
      // The header may sit below the cookie banner or be scrolled; the menu goes where it is now.
      if (placement === "sheet") {
        panel.style.top = `${header.getBoundingClientRect().bottom}px`;
        return;
      }
      const rect = opener.getBoundingClientRect();
      panel.style.top = `${rect.bottom + 6}px`;
      panel.style.right = `${Math.max(8, document.documentElement.clientWidth - rect.right)}px`;
    };
    panel.addEventListener("beforetoggle", place);
    return () => panel.removeEventListener("beforetoggle", place);
  }, [placement]);

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
