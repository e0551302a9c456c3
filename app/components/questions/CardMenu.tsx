import { createContext, type ReactNode, useContext, useId } from "react";
import { Link } from "react-router";
import { Ellipsis, type IconComponent } from "~/components/icons";
import { PopoverMenu } from "~/components/menu/PopoverMenu";

const CloseMenu = createContext<() => void>(() => {});

/**
 * A card's further actions behind one button (decision 014): the shared
 * popover menu, as a bottom sheet on a phone; an item closes it when chosen.
 */
export function CardMenu({ label, onOpen, children }: { label: string; onOpen?: () => void; children: ReactNode }) {
  const menuId = `menu-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  const close = () => document.getElementById(menuId)?.hidePopover();
  return (
    <PopoverMenu
      id={menuId}
      placement="card"
      focusFirst
      onOpen={onOpen}
      buttonLabel={label}
      buttonClassName="tap-box inline-flex h-11 w-11 items-center justify-center rounded-full border border-line-strong bg-white text-ink hover:bg-brand-50"
      button={<Ellipsis className="h-5 w-5" aria-hidden="true" />}
      className="card-menu"
    >
      <CloseMenu.Provider value={close}>
        <ul aria-label={label} className="py-1">
          {children}
        </ul>
      </CloseMenu.Provider>
    </PopoverMenu>
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
