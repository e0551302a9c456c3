import { createContext, type ReactNode, useContext } from "react";

type CardTeam = { teamId: string; offersMarkAsked: boolean };

const TeamCardContext = createContext<CardTeam | null>(null);

/**
 * Cards inside are shown for this team: their menus offer "Not for this
 * team" and, unless the page has its own way to record a question in a
 * meeting (`offersMarkAsked={false}`), "Mark as asked".
 */
export function TeamCardScope({
  teamId,
  offersMarkAsked = true,
  children,
}: {
  teamId: string;
  offersMarkAsked?: boolean;
  children: ReactNode;
}) {
  return <TeamCardContext.Provider value={{ teamId, offersMarkAsked }}>{children}</TeamCardContext.Provider>;
}

/** The team a card is shown for, if any. */
export function useCardTeam(): CardTeam | null {
  return useContext(TeamCardContext);
}
