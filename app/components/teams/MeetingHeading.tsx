import { Link } from "react-router";
import { livePaths } from "~/shared/live";
import { formatInZone } from "~/shared/series";

type Props = {
  teamId: string;
  seriesId: string | null;
  seriesName: string | null;
  heldAt: string;
  timeZone: string;
  /** Who hosts, as the viewer reads it: "you" for their own meeting. */
  host: string | null;
  /** The AI studio for this team's meetings, when the team's owner has Premium. */
  studio: string | null;
  round: { code: string; open: boolean } | null;
  canRun: boolean;
  error?: string | null;
};

/** A meeting's heading: its series, when and by whom, the studio link, a form's error, and the open team round. */
export function MeetingHeading({
  teamId,
  seriesId,
  seriesName,
  heldAt,
  timeZone,
  host,
  studio,
  round,
  canRun,
  error,
}: Props) {
  return (
    <>
      <h2 className="font-serif text-2xl font-semibold text-ink">
        {seriesId ? (
          <Link to={`/teams/${teamId}/series/${seriesId}`} className="hover:underline">
            {seriesName}
          </Link>
        ) : (
          "Meeting"
        )}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        <time dateTime={heldAt}>{formatInZone(heldAt, timeZone)}</time>
        {host ? ` · hosted by ${host}` : ""}
      </p>
      {studio && (
        <p className="mt-2 text-sm">
          <Link to={studio} className="font-semibold text-brand-800 underline">
            Direct the AI for this meeting
          </Link>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
      {round?.open && (
        <p className="mt-4 rounded-2xl bg-brand-50 px-4 py-3 text-ink">
          The team round is open: join at{" "}
          <Link to={livePaths.participant(round.code)} className="font-semibold underline">
            {livePaths.participant(round.code)}
          </Link>
          {canRun && (
            <>
              {" · "}
              <Link to={livePaths.host(round.code)} className="font-semibold underline">
                the room's screen
              </Link>
            </>
          )}
        </p>
      )}
    </>
  );
}
