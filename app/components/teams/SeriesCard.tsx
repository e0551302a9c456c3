import { Link } from "react-router";
import { type Cadence, cadenceWords } from "~/shared/cadence";
import { NextMeeting, type NextMeetingData } from "./NextMeeting";

export type SeriesCardData = NextMeetingData & { name: string; cadence: Cadence };

/**
 * A series on the team page: how often it meets, when next, who hosts, the
 * question prepared for it, and (for those who run meetings) the button that
 * starts it. Only the soonest series' button is the page's primary one.
 */
export function SeriesCard({
  teamId,
  timeZone,
  series,
  viewerId,
  canRun,
  primary,
  error,
}: {
  teamId: string;
  timeZone: string;
  series: SeriesCardData;
  viewerId: string;
  canRun: boolean;
  primary: boolean;
  error?: string | null;
}) {
  return (
    <article aria-labelledby={`series-${series.id}`} className="rounded-3xl border border-line bg-white p-4 sm:p-6">
      <h2 id={`series-${series.id}`} className="font-serif text-xl font-semibold text-ink">
        <Link to={`/teams/${teamId}/series/${series.id}`} className="hover:underline">
          {series.name}
        </Link>
      </h2>
      <p className="text-sm text-ink-muted">{cadenceWords(series.cadence, series.timeOfDay, timeZone)}</p>
      <NextMeeting series={series} viewerId={viewerId} canRun={canRun} primary={primary} error={error} />
    </article>
  );
}
