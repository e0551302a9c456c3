import { Link } from "react-router";
import { formatInZone } from "~/shared/series";

export type RecentMeeting = { id: string; heldAt: string; seriesName: string | null; hostName: string | null };

/** The team's latest meetings: when, which series, who hosted, and the way to each one's page. */
export function RecentMeetings({
  teamId,
  timeZone,
  meetings,
  title = "Recent meetings",
}: {
  teamId: string;
  /** The team's: times are shown as its clocks read them. */
  timeZone: string;
  meetings: RecentMeeting[];
  title?: string;
}) {
  return (
    <section aria-labelledby="recent-meetings" className="mt-8">
      <h2 id="recent-meetings" className="font-serif text-xl font-semibold text-ink">
        {title}
      </h2>
      {meetings.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No meetings yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {meetings.map((m) => (
            <li key={m.id} className="py-2">
              <Link to={`/teams/${teamId}/meetings/${m.id}`} className="block min-h-11 py-1 hover:underline">
                <span className="font-medium text-ink">{m.seriesName ?? "Meeting"}</span>
                <span className="text-sm text-ink-muted">
                  {" "}
                  · <time dateTime={m.heldAt}>{formatInZone(m.heldAt, timeZone)}</time>
                  {m.hostName ? ` · hosted by ${m.hostName}` : ""}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
