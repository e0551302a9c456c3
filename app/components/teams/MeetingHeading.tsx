import { Link } from "react-router";
import { answersOpenWords } from "~/shared/answers-ahead";
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
  round: { code: string; open: boolean; answered: number } | null;
  /** When the round opened ahead of the meeting (ISO), if it did. */
  answersOpenAt: string | null;
  /** The site's address, so the join link can be copied whole and sent ahead. */
  siteUrl: string;
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
  answersOpenAt,
  siteUrl,
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
      {round?.open && answersOpenAt ? (
        <AnswersOpen
          round={round}
          answersOpenAt={answersOpenAt}
          timeZone={timeZone}
          siteUrl={siteUrl}
          canRun={canRun}
        />
      ) : null}
      {round?.open && !answersOpenAt && (
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

/**
 * A round taking answers ahead of its meeting: since when, how many have
 * answered (never what), and the join link whole, to send to the team.
 */
export function AnswersOpen({
  round,
  answersOpenAt,
  timeZone,
  siteUrl,
  canRun,
}: {
  round: { code: string; answered: number };
  answersOpenAt: string;
  timeZone: string;
  siteUrl: string;
  canRun: boolean;
}) {
  const join = `${siteUrl}${livePaths.participant(round.code)}`;
  return (
    <section aria-label="Answers ahead" className="mt-4 space-y-2 rounded-2xl bg-brand-50 px-4 py-3 text-ink">
      <p className="font-semibold">{answersOpenWords(round.answered)}</p>
      <p className="text-sm text-ink-muted">
        Open since <time dateTime={answersOpenAt}>{formatInZone(answersOpenAt, timeZone)}</time>. Share the join link
        with the team ahead: people answer on their phone, and anyone can still answer live in the meeting.
      </p>
      <p className="break-all">
        <Link to={livePaths.participant(round.code)} className="font-semibold underline">
          {join}
        </Link>
      </p>
      {canRun && (
        <p className="text-sm">
          <Link to={livePaths.host(round.code)} className="font-semibold text-brand-800 underline">
            Host screen: who has answered so far
          </Link>
        </p>
      )}
    </section>
  );
}
