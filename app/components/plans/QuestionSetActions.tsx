import type { ReactNode } from "react";
import { primaryButton, secondaryButton } from "~/components/buttons";
import { MonitorSmartphone, Presentation } from "~/components/icons";
import { prefetchStartRound } from "~/components/live/use-start-round";

/**
 * What a host does with a set of questions, first thing: Present them on a
 * shared screen (the primary action), or start a live round where everyone
 * answers on their own phone. `children` add the page's other actions.
 */
export function QuestionSetActions({
  onPresent,
  onLiveRound,
  disabled,
  presentLabel = "Present",
  children,
}: {
  onPresent: () => void;
  onLiveRound: () => void;
  disabled: boolean;
  presentLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={primaryButton} onClick={onPresent} disabled={disabled}>
        <Presentation className="h-4 w-4" aria-hidden="true" /> {presentLabel}
      </button>
      <button
        type="button"
        className={secondaryButton}
        onClick={onLiveRound}
        onPointerEnter={prefetchStartRound}
        onFocus={prefetchStartRound}
        disabled={disabled}
      >
        <MonitorSmartphone className="h-4 w-4" aria-hidden="true" /> Live round
      </button>
      {children}
    </div>
  );
}
