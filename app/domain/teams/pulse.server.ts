import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { teamMeetings } from "~/db/schema";
import { PULSE_QUESTION, type PulsePoint, pulsePoints } from "~/shared/series";
import type { OpeningQuestion } from "../live/rounds.server";

/** The pulse scale a series' team round opens with, as the live round asks it. */
export const pulseOpening: OpeningQuestion = {
  text: PULSE_QUESTION.text,
  mode: "scale",
  options: [...PULSE_QUESTION.options],
};

/**
 * A series' pulse over time: one point per meeting where at least three
 * people answered the scale, counts only (the counts were stored as a sum
 * when the round ended, so nobody's answer is kept apart).
 */
export async function pulseTrend(db: Database, teamId: string, seriesId: string): Promise<PulsePoint[]> {
  const rows = await db
    .select({ heldAt: teamMeetings.heldAt, counts: teamMeetings.pulseCounts })
    .from(teamMeetings)
    .where(
      and(eq(teamMeetings.teamId, teamId), eq(teamMeetings.seriesId, seriesId), isNotNull(teamMeetings.pulseCounts)),
    )
    .orderBy(asc(teamMeetings.heldAt));
  return pulsePoints(rows.map((row) => ({ heldAt: row.heldAt.toISOString(), counts: row.counts })));
}
