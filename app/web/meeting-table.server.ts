import { redirect } from "react-router";
import type { Database } from "~/db/database.server";
import type { Meeting } from "~/domain/teams/meetings.server";
import { readyQuestion } from "~/domain/teams/prepared-questions.server";
import { weekdayIn } from "~/shared/cadence";
import { isUuid } from "~/shared/ids";

/**
 * A meeting page's table: the question prepared for the meeting (stored with
 * it) first, then the ones drawn on its page, which travel in its address
 * (`?q=id,id`), so reloading, going back or sharing the link keeps them.
 */
export const MAX_ON_TABLE = 10;

const unique = (ids: string[]) => [...new Set(ids)];

/** The question ids on the table, from the address: ids only, at most MAX_ON_TABLE. */
export const onTableOf = (url: URL) =>
  (url.searchParams.get("q") ?? "").split(",").filter(isUuid).slice(0, MAX_ON_TABLE);

/** `shown`: the questions the page shows (the table and those used, or only those used for who cannot run it). */
type Table = { shown: string[]; usedIds: string[]; anotherHref: string };

/**
 * Reads the table from the address. "Another question", or a meeting opened
 * with nothing on its table, draws the next question of the ladder (skipping
 * what is on the table or was used, and fitting the weekday the meeting
 * started on in the team's time zone) and throws the redirect to the address
 * with it on the table; a full table draws nothing.
 */
export async function meetingTable(
  db: Database,
  request: Request,
  team: { teamId: string; timeZone: string },
  meeting: Meeting,
  canRun: boolean,
): Promise<Table> {
  const { teamId } = team;
  const url = new URL(request.url);
  // The question prepared for the meeting is always first, whatever the address holds.
  const onTable = unique([...(meeting.questionId ? [meeting.questionId] : []), ...onTableOf(url)]).slice(
    0,
    MAX_ON_TABLE,
  );
  const usedIds = unique(meeting.uses.map((use) => use.questionId));
  if (canRun && (url.searchParams.has("another") || (onTable.length === 0 && usedIds.length === 0))) {
    const day = weekdayIn(new Date(meeting.heldAt), team.timeZone);
    const drawn = await readyQuestion(db, teamId, meeting.series, day, [...onTable, ...usedIds]);
    if (drawn && onTable.length < MAX_ON_TABLE) {
      url.searchParams.delete("another");
      url.searchParams.set("q", unique([...onTable, drawn.id]).join(","));
      throw redirect(`${url.pathname}?${url.searchParams}`);
    }
  }
  const another = new URLSearchParams({ q: onTable.join(","), another: "1" });
  return { shown: canRun ? unique([...onTable, ...usedIds]) : usedIds, usedIds, anotherHref: `?${another}` };
}
