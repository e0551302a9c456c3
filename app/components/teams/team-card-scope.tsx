import { createContext, type ReactNode, useContext } from "react";

const TeamCardContext = createContext<string | null>(null);

/** Cards inside are shown for this team: their menus offer "Not for this team" and "Mark as asked". */
export function TeamCardScope({ teamId, children }: { teamId: string; children: ReactNode }) {
  return <TeamCardContext.Provider value={teamId}>{children}</TeamCardContext.Provider>;
}

/** The team a card is shown for, if any. */
export function useCardTeam(): string | null {
  return useContext(TeamCardContext);
}
