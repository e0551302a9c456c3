import { is, SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { RoundEvent } from "~/shared/live";
import { PULSE_QUESTION } from "~/shared/series";
import type { Audience } from "./events.server";

/**
 * The one way a round changes: a single statement moves the round's row
 * (taking its next event number under the row's lock, so events are
 * numbered in commit order and every check made in the statement holds
 * until it commits), does what else the change needs (store an answer,
 * seat a participant, hide an answer), and appends the event. The round's
 * row is held only while the statement runs, never across a round trip.
 */

/**
 * A value as an event template holds it: known here, or read by the
 * statement (an answer's id, the round's new count), as SQL of that type.
 */
type Template<T> = T extends readonly (infer Item)[]
  ? readonly Template<Item>[] | SQL
  : T extends object
    ? { [K in keyof T]: Template<T[K]> } | SQL
    : T | SQL;

/** Every event as the statement writes it: the event's own type, any field of which the statement may fill. */
type EventTemplate = Template<RoundEvent>;

/**
 * The typed encoder of every event: a template becomes one jsonb value.
 * Fields the statement fills are its SQL; known values are parameters, so
 * nothing is ever spliced into the statement's text.
 */
export function eventJson(template: unknown): SQL {
  if (is(template, SQL)) return template;
  // A part the statement fills nothing in goes as one parameter.
  if (!fillsIn(template)) return sql`${JSON.stringify(template ?? null)}::jsonb`;
  if (Array.isArray(template)) {
    return sql`jsonb_build_array(${sql.join(
      template.map((item) => eventJson(item)),
      sql`, `,
    )})`;
  }
  const entries = Object.entries(template as object).filter(([, value]) => value !== undefined);
  return sql`jsonb_build_object(${sql.join(
    entries.map(([key, value]) => sql`${key}::text, ${eventJson(value)}`),
    sql`, `,
  )})`;
}

/** Whether the statement fills in any part of the value. */
function fillsIn(value: unknown): boolean {
  if (is(value, SQL)) return true;
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some(fillsIn);
}

/**
 * What a screen shows of who wrote an answer: the name, except on a pass
 * and in an anonymous round, for the host too. The one place this is
 * decided: every read and every event takes the name through it.
 */
export function shownName(anonymous: SQL, kind: SQL, name: SQL): SQL {
  return sql`case when ${anonymous} or ${kind} = 'pass' then null else ${name} end`;
}

/**
 * Whether the round's question at a position is the pulse (isPulseQuestion,
 * in SQL): statements leave its answers out of every list and event, so
 * they are counted and never shown one by one.
 */
export function isPulseAt(roundId: SQL, position: SQL): SQL {
  return sql`exists (
    select 1 from live_round_questions pq
    where pq.round_id = ${roundId} and pq.position = ${position}
      and pq.question_id is null and pq.text = ${PULSE_QUESTION.text}
  )`;
}

type RoundChange = {
  roundId: string;
  /** What else must hold for the change (the round being open is checked unless `evenIfEnded`). */
  where?: SQL;
  /** The round's columns the change sets, as SQL assignments. */
  set?: SQL;
  /** A change an ended round still takes (moderation: the recap leaves hidden answers out). */
  evenIfEnded?: boolean;
  /** Further steps of the statement, after `round` (which returns the round's row as changed). */
  steps?: SQL;
  /** The rows the event is made from, besides `round`. */
  from?: SQL;
  audience: Audience | SQL;
  event: EventTemplate;
  /** What the statement answers; by default the event's number. */
  returning?: SQL;
};

/** Applies the change and appends its event in one statement; the rows it answers, none when it did not apply. */
export async function changeRound<Row>(db: Database, change: RoundChange): Promise<Row[]> {
  const open = change.evenIfEnded ? sql`true` : sql`status = 'open' and closes_at > now()`;
  const from = change.from ? sql`round, ${change.from}` : sql`round`;
  const audience = typeof change.audience === "string" ? sql`${change.audience}::text` : change.audience;
  const result = (await db.execute(sql`
    with round as (
      update live_rounds set last_seq = last_seq + 1${change.set ? sql`, ${change.set}` : sql``}
      where id = ${change.roundId} and ${open}${change.where ? sql` and ${change.where}` : sql``}
      returning *
    )${change.steps ? sql`, ${change.steps}` : sql``}, event as (
      insert into live_round_events (round_id, seq, audience, data)
      select round.id, round.last_seq, ${audience}, ${eventJson(change.event)} from ${from}
      returning seq
    )
    select ${change.returning ?? sql`(select seq from event) as seq`} from ${from}
  `)) as unknown as { rows: Row[] };
  return result.rows;
}
