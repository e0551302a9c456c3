import { Form, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/buttons";
import { formatDay } from "~/shared/format";
import { stripSurroundingQuotes } from "~/shared/questions";
import { usualMoment } from "~/shared/series";

export type SeriesCardData = {
  id: string;
  name: string;
  weekday: number;
  timeOfDay: string;
  pulse: boolean;
  next: { at: string; localDay: string };
  nextHost: { userId: string; name: string } | null;
  question: { id: string; question: string } | null;
};

/**
 * A series on the team page: when it meets next, who hosts, the question
 * ready for it, and (for those who run meetings) the button that starts it.
 * Only the soonest series' button is the page's primary one.
 */
export function SeriesCard({
  teamId,
  timeZone,
  series,
  viewerId,
  canRun,
  primary,
}: {
  teamId: string;
  timeZone: string;
  series: SeriesCardData;
  viewerId: string;
  canRun: boolean;
  primary: boolean;
}) {
  const host = series.nextHost;
  return (
    <article aria-labelledby={`series-${series.id}`} className="rounded-3xl border border-line bg-white p-4 sm:p-6">
      <h2 id={`series-${series.id}`} className="font-serif text-xl font-semibold text-ink">
        <Link to={`/teams/${teamId}/series/${series.id}`} className="hover:underline">
          {series.name}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-ink">
        Next:{" "}
        <time dateTime={series.next.at}>
          {usualMoment(series.weekday, series.timeOfDay, timeZone)}, {formatDay(series.next.localDay)}
        </time>
      </p>
      <p className="text-sm text-ink-muted">
        {host
          ? host.userId === viewerId
            ? "You host next"
            : `Hosted next by ${host.name}`
          : "Nobody has opted in to host yet"}
        {series.pulse ? " · opens with the pulse" : ""}
      </p>
      {series.question ? (
        <blockquote className="mt-3 rounded-2xl bg-brand-50 px-4 py-3 font-serif text-lg text-ink">
          “{stripSurroundingQuotes(series.question.question)}”
        </blockquote>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">No question fits this series yet.</p>
      )}
      {canRun && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="seriesId" value={series.id} />
          {series.question && <input type="hidden" name="questionId" value={series.question.id} />}
          <button type="submit" className={primary ? primaryButton : secondaryButton}>
            Start this meeting
          </button>
        </Form>
      )}
    </article>
  );
}
