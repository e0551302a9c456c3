import type { Database } from "~/db/database.server";
import type { ServedQuestion } from "~/shared/questions";
import { nextOccurrence } from "~/shared/series";
import { type MeetingSummary, readyQuestion, recentMeetings } from "./meetings.server";
import { listSeries, type Series } from "./series.server";

export type SeriesCard = Series & {
  /** The next meeting: its instant and its day in the team's time zone. */
  next: { at: string; localDay: string };
  /** The question ready for it: fitting, and not used by the team yet while one exists. */
  question: ServedQuestion | null;
};

/** The team page: each series with its next meeting, host and question (soonest first), and the latest meetings. */
export async function teamOverview(
  db: Database,
  team: { teamId: string; timeZone: string },
  now = new Date(),
): Promise<{ series: SeriesCard[]; recent: MeetingSummary[] }> {
  const series = await listSeries(db, team.teamId);
  const cards: SeriesCard[] = [];
  // One after another: each draw is the ladder's query, and a team has a handful of series.
  for (const one of series) {
    const next = nextOccurrence(one.weekday, one.timeOfDay, team.timeZone, now);
    cards.push({
      ...one,
      next: { at: next.at.toISOString(), localDay: next.localDay },
      question: await readyQuestion(db, team.teamId, one),
    });
  }
  cards.sort((a, b) => a.next.at.localeCompare(b.next.at));
  return { series: cards, recent: await recentMeetings(db, team.teamId, { limit: 10 }) };
}
