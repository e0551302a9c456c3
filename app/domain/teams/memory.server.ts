import type { Database } from "~/db/database.server";
import { teamQuestionUses } from "~/db/schema";

/** How a question was used in a team's meeting. */
export type TeamUse = "presented" | "live" | "asked";

/**
 * Remembers that a question was used in one of the team's meetings: from
 * now on the ladder serves the team a fitting unused question first,
 * whoever hosts.
 */
export async function recordTeamUse(
  db: Database,
  use: {
    teamId: string;
    questionId: string;
    how: TeamUse;
    usedBy: string | null;
    meetingId?: string | null;
    seriesId?: string | null;
    at?: Date;
  },
): Promise<void> {
  await db.insert(teamQuestionUses).values({
    teamId: use.teamId,
    questionId: use.questionId,
    how: use.how,
    usedBy: use.usedBy,
    meetingId: use.meetingId ?? null,
    seriesId: use.seriesId ?? null,
    usedAt: use.at ?? new Date(),
  });
}
