import type { Database } from "~/db/database.server";
import type { Outcome } from "../errors";
import { type MeetingSummary, recentMeetings } from "./meetings.server";
import { meetingDayOf, type PreparedQuestion, preparedQuestion, upcomingOf } from "./prepared-questions.server";
import { getSeries, listSeries, type Series } from "./series.server";

type Team = { teamId: string; timeZone: string };

export type SeriesCard = Series & {
  /** Its next meetings, soonest first: the instant, and the day and weekday in the team's time zone. */
  upcoming: { at: string; localDay: string; weekday: number }[];
  /** The question prepared for the next one: fitting, not used by the team yet while one exists. */
  prepared: PreparedQuestion | null;
};

/**
 * A series with its next `count` meetings and the question prepared for the
 * first of them, fitting that meeting's weekday on the team's calendar.
 */
async function withNextMeetings(
  db: Database,
  team: Team,
  series: Series,
  now: Date,
  count: number,
): Promise<SeriesCard> {
  const upcoming = await upcomingOf(db, team.timeZone, series, now, count);
  return {
    ...series,
    upcoming: upcoming.map((o) => ({ at: o.at.toISOString(), localDay: o.localDay, weekday: o.weekday })),
    prepared: await preparedQuestion(db, team.teamId, series, meetingDayOf(upcoming, team.timeZone, now)),
  };
}

/** The team page: each series with its next meeting, host and question (soonest first), and the latest meetings. */
export async function teamOverview(
  db: Database,
  team: Team,
  now = new Date(),
): Promise<{ series: SeriesCard[]; recent: MeetingSummary[] }> {
  const cards: SeriesCard[] = [];
  // One after another: a draw is the ladder's query, and a team has a handful of series.
  for (const one of await listSeries(db, team.teamId)) cards.push(await withNextMeetings(db, team, one, now, 1));
  const soonest = (card: SeriesCard) => card.upcoming[0]?.at ?? "~";
  cards.sort((a, b) => soonest(a).localeCompare(soonest(b)));
  return { series: cards, recent: await recentMeetings(db, team.teamId, { limit: 10 }) };
}

/** How many of a series' next dates its page lists. */
export const DATES_LISTED = 3;

/** A series' page: the series, its next dates and the question prepared for the next meeting. */
export async function seriesOverview(
  db: Database,
  team: Team,
  seriesId: string,
  now = new Date(),
): Promise<Outcome<{ series: SeriesCard }>> {
  const found = await getSeries(db, team.teamId, seriesId);
  if (!found.ok) return found;
  return { ok: true, series: await withNextMeetings(db, team, found.series, now, DATES_LISTED) };
}
