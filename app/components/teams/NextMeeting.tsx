import { Form } from "react-router";
import { primaryButton, secondaryButton } from "~/components/buttons";
import { meetingDay } from "~/shared/cadence";
import { formatDay } from "~/shared/format";
import { stripSurroundingQuotes } from "~/shared/questions";

export type NextMeetingData = {
  id: string;
  timeOfDay: string;
  pulse: boolean;
  upcoming: { at: string; localDay: string; weekday: number }[];
  nextHost: { userId: string; name: string } | null;
  prepared: { question: { id: string; question: string }; drawnBy: { name: string; at: string } | null } | null;
};

/** "Thursday 3 December 2026, 10:00": a meeting as the team's calendar shows it. */
export function MeetingTime({
  meeting,
  timeOfDay,
}: {
  meeting: NextMeetingData["upcoming"][number];
  timeOfDay: string;
}) {
  return (
    <time dateTime={meeting.at}>
      {meetingDay(meeting)}, {timeOfDay}
    </time>
  );
}

/**
 * A series' next meeting: when, who hosts, the question prepared for it
 * (the same on every visit, until a host draws another or the meeting
 * starts with it) and, for those who run meetings, Start and Draw another.
 * The forms post to the page they are on; `primary` makes Start the page's
 * one filled button.
 */
export function NextMeeting({
  series,
  viewerId,
  canRun,
  primary,
  error,
}: {
  series: NextMeetingData;
  viewerId: string;
  canRun: boolean;
  primary: boolean;
  /** What went wrong with this series' last form, if anything. */
  error?: string | null;
}) {
  const host = series.nextHost;
  const next = series.upcoming[0];
  const prepared = series.prepared;
  return (
    <>
      {next && (
        <p className="mt-1 text-sm text-ink">
          Next: <MeetingTime meeting={next} timeOfDay={series.timeOfDay} />
        </p>
      )}
      <p className="text-sm text-ink-muted">
        {host
          ? host.userId === viewerId
            ? "You host next"
            : `Hosted next by ${host.name}`
          : "Nobody has opted in to host yet"}
        {series.pulse ? " · opens with the pulse" : ""}
      </p>
      {prepared ? (
        <figure className="mt-3 rounded-2xl bg-brand-50 px-4 py-3">
          <blockquote className="font-serif text-lg text-ink">
            “{stripSurroundingQuotes(prepared.question.question)}”
          </blockquote>
          <figcaption className="mt-1 text-xs text-ink-muted">
            {prepared.drawnBy
              ? `Drawn by ${prepared.drawnBy.name}, ${formatDay(prepared.drawnBy.at)}`
              : "Ready for the next meeting"}
          </figcaption>
        </figure>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">No question fits this series yet.</p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
      {canRun && (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-2">
          <input type="hidden" name="seriesId" value={series.id} />
          {prepared && <input type="hidden" name="questionId" value={prepared.question.id} />}
          <button type="submit" name="intent" value="start" className={primary ? primaryButton : secondaryButton}>
            Start this meeting
          </button>
          {prepared && (
            <button type="submit" name="intent" value="draw" className={secondaryButton}>
              Draw another question
            </button>
          )}
        </Form>
      )}
    </>
  );
}
