import { NewerOlderPager } from "~/components/NewerOlderPager";
import { formatInZone } from "~/shared/series";
import { TEAM_USE_LABELS, type TeamHistoryHow } from "~/shared/team-question-schemas";

type Entry = {
  id: string;
  question: string;
  how: TeamHistoryHow;
  usedAt: string;
  usedBy: string | null;
  seriesName: string | null;
};

/** What the team asked and which questions its hosts drew, newest first: the question, when, how, by whom and in which series. */
export function TeamHistoryList({
  entries,
  page,
  pages,
  timeZone,
}: {
  entries: Entry[];
  page: number;
  pages: number;
  /** The team's: times are shown as its clocks read them. */
  timeZone: string;
}) {
  if (entries.length === 0)
    return (
      <p className="text-ink-muted">
        Nothing asked yet. Questions presented, run live or marked as asked in the team's meetings are listed here, and
        the generator gives the team fresh ones first.
      </p>
    );
  return (
    <>
      <ol className="divide-y divide-line rounded-3xl border border-line bg-white px-5">
        {entries.map((entry) => (
          <li key={entry.id} className="py-4">
            <p className="text-ink">{entry.question}</p>
            <p className="mt-1 text-sm text-ink-muted">
              {formatInZone(entry.usedAt, timeZone)} · {TEAM_USE_LABELS[entry.how]}
              {entry.seriesName ? ` · ${entry.seriesName}` : ""}
              {entry.usedBy ? ` · by ${entry.usedBy}` : ""}
            </p>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <div className="mt-4">
          <NewerOlderPager page={page} pageCount={pages} hrefFor={(to) => `?page=${to}`} label="History pages" />
        </div>
      )}
    </>
  );
}
