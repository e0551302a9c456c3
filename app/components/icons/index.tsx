import type { SVGProps } from "react";
import type { IconName } from "./names";
import spriteUrl from "./sprite.svg?url&no-inline";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "name">;
export type IconComponent = (props: IconProps) => React.JSX.Element;

/**
 * Lucide's icons drawn from one cached sprite file: a card's five icons are
 * five short <use> references instead of five inline drawings, which keeps
 * the server-rendered HTML, the DOM and the JavaScript small. Icons are
 * decorative: the control they sit in carries the name.
 */
function SpriteIcon({ name, className, ...props }: IconProps & { name: IconName }) {
  return (
    // Size and stroke come from the .lucide rule in app.css.
    <svg viewBox="0 0 24 24" className={className ? `lucide ${className}` : "lucide"} aria-hidden="true" {...props}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

export const AlertTriangle: IconComponent = (props) => <SpriteIcon name="triangle-exclamation-point" {...props} />;
export const ArrowDown: IconComponent = (props) => <SpriteIcon name="arrow-down" {...props} />;
export const ArrowRight: IconComponent = (props) => <SpriteIcon name="arrow-right" {...props} />;
export const ArrowUp: IconComponent = (props) => <SpriteIcon name="arrow-up" {...props} />;
export const Bookmark: IconComponent = (props) => <SpriteIcon name="bookmark" {...props} />;
export const BookmarkCheck: IconComponent = (props) => <SpriteIcon name="bookmark-check" {...props} />;
export const Check: IconComponent = (props) => <SpriteIcon name="check" {...props} />;
export const ChevronDown: IconComponent = (props) => <SpriteIcon name="chevron-down" {...props} />;
export const ChevronLeft: IconComponent = (props) => <SpriteIcon name="chevron-left" {...props} />;
export const ChevronRight: IconComponent = (props) => <SpriteIcon name="chevron-right" {...props} />;
export const ChevronUp: IconComponent = (props) => <SpriteIcon name="chevron-up" {...props} />;
export const CircleAlert: IconComponent = (props) => <SpriteIcon name="circle-exclamation-point" {...props} />;
export const CircleCheck: IconComponent = (props) => <SpriteIcon name="circle-check" {...props} />;
export const Copy: IconComponent = (props) => <SpriteIcon name="copy" {...props} />;
export const Crown: IconComponent = (props) => <SpriteIcon name="crown" {...props} />;
export const Download: IconComponent = (props) => <SpriteIcon name="download" {...props} />;
export const Ellipsis: IconComponent = (props) => <SpriteIcon name="ellipsis" {...props} />;
export const EyeOff: IconComponent = (props) => <SpriteIcon name="eye-off" {...props} />;
export const HeartHandshake: IconComponent = (props) => <SpriteIcon name="heart-handshake" {...props} />;
export const History: IconComponent = (props) => <SpriteIcon name="rotate-ccw-clock" {...props} />;
export const Info: IconComponent = (props) => <SpriteIcon name="info" {...props} />;
export const KeyRound: IconComponent = (props) => <SpriteIcon name="key-round" {...props} />;
export const ListPlus: IconComponent = (props) => <SpriteIcon name="list-plus" {...props} />;
export const Library: IconComponent = (props) => <SpriteIcon name="library" {...props} />;
export const LogOut: IconComponent = (props) => <SpriteIcon name="log-out" {...props} />;
export const Mail: IconComponent = (props) => <SpriteIcon name="mail" {...props} />;
export const MailCheck: IconComponent = (props) => <SpriteIcon name="mail-check" {...props} />;
export const Maximize: IconComponent = (props) => <SpriteIcon name="maximize" {...props} />;
export const Menu: IconComponent = (props) => <SpriteIcon name="menu" {...props} />;
export const MessageCircleHeart: IconComponent = (props) => <SpriteIcon name="message-circle-heart" {...props} />;
export const MessageSquarePlus: IconComponent = (props) => <SpriteIcon name="message-square-plus" {...props} />;
export const Minus: IconComponent = (props) => <SpriteIcon name="minus" {...props} />;
export const MonitorSmartphone: IconComponent = (props) => <SpriteIcon name="monitor-smartphone" {...props} />;
export const Pause: IconComponent = (props) => <SpriteIcon name="pause" {...props} />;
export const Pencil: IconComponent = (props) => <SpriteIcon name="pencil" {...props} />;
export const Play: IconComponent = (props) => <SpriteIcon name="play" {...props} />;
export const Plus: IconComponent = (props) => <SpriteIcon name="plus" {...props} />;
export const Presentation: IconComponent = (props) => <SpriteIcon name="presentation" {...props} />;
export const Printer: IconComponent = (props) => <SpriteIcon name="printer" {...props} />;
export const RefreshCw: IconComponent = (props) => <SpriteIcon name="refresh-cw" {...props} />;
export const RotateCcw: IconComponent = (props) => <SpriteIcon name="rotate-ccw" {...props} />;
export const Search: IconComponent = (props) => <SpriteIcon name="search" {...props} />;
export const Share2: IconComponent = (props) => <SpriteIcon name="share-2" {...props} />;
export const ShieldCheck: IconComponent = (props) => <SpriteIcon name="shield-check" {...props} />;
export const Shuffle: IconComponent = (props) => <SpriteIcon name="shuffle" {...props} />;
export const SlidersHorizontal: IconComponent = (props) => <SpriteIcon name="sliders-horizontal" {...props} />;
export const Sparkles: IconComponent = (props) => <SpriteIcon name="sparkles" {...props} />;
export const Sun: IconComponent = (props) => <SpriteIcon name="sun" {...props} />;
export const Trash2: IconComponent = (props) => <SpriteIcon name="trash" {...props} />;
export const UserRound: IconComponent = (props) => <SpriteIcon name="user-round" {...props} />;
export const Users: IconComponent = (props) => <SpriteIcon name="users" {...props} />;
export const WifiOff: IconComponent = (props) => <SpriteIcon name="wifi-off" {...props} />;
export const X: IconComponent = (props) => <SpriteIcon name="x" {...props} />;
export const Zap: IconComponent = (props) => <SpriteIcon name="zap" {...props} />;
