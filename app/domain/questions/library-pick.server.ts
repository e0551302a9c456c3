import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type PreparedStatement, preparedRows, prepareStatement } from "~/db/prepared.server";
import { type CategoryIndex, categoryIndex } from "~/domain/categories.server";
import { isUuid } from "~/shared/ids";
import { unfitOn, type Weekday } from "~/shared/meeting-day";
import type { EngagementLevel, MeetingContext, QuestionStyle, Relaxed, ServedQuestion } from "~/shared/questions";
import { fittingSteps, type LibraryFilter, relaxedChoice } from "~/shared/widening";
import { TEAM_OWN_STATUSES } from "../teams/visibility.server";
import { type QuestionRow, toServed } from "./cards.server";

/** Only well-formed UUIDs count as seen ids; anything else a browser sends is ignored. */
export function validSeenIds(ids: readonly string[]): string[] {
  return ids.filter(isUuid).map((id) => id.toLowerCase());
}

/** What the host chose: the meeting moment, style and depth, and the meeting category when on its page. */
export type Choice = {
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  categorySlug: string | null;
};

const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/** A category slug nobody has matches nothing rather than everything. */
const NO_CATEGORY = "00000000-0000-0000-0000-000000000000";

const listOf = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** The moment, style and depth of a filter, on the candidate row `q` or on a question_categories row. */
function labelConditions(filter: LibraryFilter, alias: "q" | "qc"): SQL[] {
  const list: SQL[] = [];
  const on = (column: string) => sql.raw(`${alias}.${column}`);
  if (filter.meetingContext) list.push(sql`${on("meeting_context")} in ${listOf(asList(filter.meetingContext))}`);
  if (filter.questionStyle) list.push(sql`${on("question_style")} in ${listOf(asList(filter.questionStyle))}`);
  if (filter.engagementLevel) list.push(sql`${on("engagement_level")} in ${listOf(asList(filter.engagementLevel))}`);
  return list;
}

/**
 * The rows of `questions q` that fit one step of the ladder, as FROM-clause
 * sources meeting `where`. With a category: its own questions, and the ones
 * filed under it with the step's labels (question_categories), as two
 * sources so each uses its index. Without one ("any meeting", or widening to
 * other categories) no question that names a kind of meeting fits.
 */
function stepSources(filter: LibraryFilter, index: CategoryIndex, where: SQL[], columns: SQL): SQL[] {
  const labels = labelConditions(filter, "q");
  const categoryId = filter.categorySlug ? (index.idBySlug.get(filter.categorySlug) ?? NO_CATEGORY) : null;
  const select = (extra: SQL[]) =>
    sql`select ${columns} from questions q where ${sql.join([...labels, ...extra, ...where], sql` and `)}`;
  if (!categoryId) return [select([sql`not q.meeting_bound`])];
  const filed = sql.join([sql`qc.category_id = ${categoryId}`, ...labelConditions(filter, "qc")], sql` and `);
  return [
    select([sql`q.category_id = ${categoryId}`]),
    select([sql`not q.meeting_bound`, sql`q.id in (select qc.question_id from question_categories qc where ${filed})`]),
  ];
}

/**
 * No row of `from` (a table and its condition on the candidate `q`). Written
 * as a scalar subquery rather than NOT EXISTS so the planner keeps it a
 * per-row index probe instead of planning an anti-join in every branch:
 * planning the whole statement then costs less than running it.
 */
const none = (from: SQL) => sql`(select 1 from ${from} limit 1) is null`;

/** Well-formed seen ids, each once at its last position (oldest first), comma-separated for the statement. */
function seenList(seenIds: readonly string[]): string {
  const valid = validSeenIds(seenIds);
  return valid.filter((id, position) => valid.lastIndexOf(id) === position).join(",");
}

/** The browser's seen ids as a uuid[], from one text parameter, so the statement's text does not depend on them. */
const SEEN = sql`string_to_array(${sql.placeholder("seen")}::text, ',')::uuid[]`;
const USER_ID = sql`${sql.placeholder("userId")}::text`;
/** The days the meeting's day leaves out (unfitOn), from one text parameter, so every day shares one statement. */
const UNFIT = sql`string_to_array(${sql.placeholder("unfit")}::text, ',')`;
const TEAM_ID = sql`${sql.placeholder("teamId")}::uuid`;

/**
 * Which pick the statement itself records as served, the way serveQuestion
 * would after it: the member's history (recordServed) and one "generation"
 * analytics event with the question's source. "unseen" when only an unseen
 * pick is served at once, "any" when whatever it picks is served, "none"
 * (pages, plans, series) writes nothing. The caller records any other
 * question it serves.
 */
export type RecordServed = "none" | "unseen" | "any";

/**
 * What a pick is: the question, what of the choice it relaxed (nothing when
 * it fits exactly), whether it was unseen, and whether the statement recorded it.
 */
export type RankedPick = { question: ServedQuestion; relaxed: Relaxed[]; unseen: boolean; recorded: boolean };

type PickedRow = QuestionColumns & { createdAt: string; klass: number; rank: number };
type QuestionColumns = Omit<QuestionRow, "createdAt">;

const CARD_COLUMNS = sql`q.id, q.text as "question", q.type, q.meeting_context as "meetingContext",
  q.question_style as "questionStyle", q.engagement_level as "engagementLevel",
  q.category_id as "categoryId", q.source, q.author_id as "authorId", q.status,
  q.vote_score as "voteScore", q.total_votes as "totalVotes",
  to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

const PICKED_COLUMNS = sql.raw(
  'c."id", c."question", c."type", c."meetingContext", c."questionStyle", c."engagementLevel", c."categoryId", c."source", c."authorId", c."status", c."voteScore", c."totalVotes", c."createdAt"',
);

/** Class of a pick: 0 unseen (by step), 1 the exact choice seen longest ago, 2 anything of the moment seen longest ago. */
const UNSEEN = 0;
const EXACT_SEEN = 1;
const SAME_MOMENT = 2;

/**
 * Starts a choice afresh for one visitor: of the browser's seen ids, the ones
 * of the exact choice are dropped (the others are kept, in order), and for a
 * member every question of the choice they were served counts as unseen
 * again (it stays in their history). The next pick can then serve the exact
 * choice instead of widening it.
 */
export async function startChoiceAfresh(
  db: Database,
  choice: Choice,
  seenIds: readonly string[],
  userId: string | null,
): Promise<{ seenIds: string[]; forgotten: number }> {
  const index = await categoryIndex(db);
  const seen = validSeenIds(seenIds);
  const rows = async (statement: SQL) => ((await db.execute(statement)) as unknown as { rows: { id: string }[] }).rows;
  const ofChoice = (where: SQL[]) => sql.join(stepSources(choice, index, where, sql`q.id`), sql` union `);
  const inBrowser = seen.length ? await rows(ofChoice([sql`q.id = any(${`{${seen.join(",")}}`}::uuid[])`])) : [];
  const dropped = new Set(inBrowser.map((row) => row.id));
  const unseenAgain = userId
    ? await rows(sql`update generation_history set seen = false
        where user_id = ${userId} and seen and question_id in (${ofChoice([])})
        returning question_id as id`)
    : [];
  return { seenIds: seen.filter((id) => !dropped.has(id)), forgotten: dropped.size + unseenAgain.length };
}

/**
 * The ladder as ONE statement: the best question to serve for the choice.
 *
 * Unseen means: not in the browser's seen ids, for a member never served to
 * them (generation_history), for a team never used in its meetings
 * (team_question_uses). The statement is a UNION ALL of branches in rank
 * order under one LIMIT 1, and PostgreSQL runs an Append's branches in
 * order and stops at the limit, so a request pays only for the steps it
 * needs:
 *   class 0, one branch per ladder step (fittingSteps, nearest first): an
 *     unseen question of the step, at random;
 *   class 1, the exact choice: the question seen longest ago;
 *   class 2 (an empty choice: a tiny library, a new category): anything of
 *     the same moment not bound to a kind of meeting, seen longest ago.
 * Seen longest ago: never in this browser first, then by its position in the
 * browser's list, then by the later of the team's last use and the member's
 * served_at. A question the member hid or the team marked "not for this
 * team" never comes back; a team's own questions (TEAM_OWN_STATUSES: private,
 * waiting for review, or turned down for the community) are candidates in
 * that team's meetings only. A question that does not fit the meeting's
 * `day` (shared/meeting-day.ts: "yesterday" on a Monday) is never a
 * candidate; a day nobody knows (null) leaves out every question bound to one.
 */
export async function pickForChoice(
  db: Database,
  choice: Choice,
  seenIds: readonly string[],
  userId: string | null = null,
  teamId: string | null = null,
  record: RecordServed = "none",
  day: Weekday | null = null,
): Promise<RankedPick | null> {
  const index = await categoryIndex(db);
  const steps = fittingSteps(choice);
  const statement = rankedPick(index, choice, userId !== null, teamId !== null, record);
  const [row] = await preparedRows<PickedRow>(db, statement, {
    seen: seenList(seenIds),
    userId,
    teamId,
    unfit: unfitOn(day).join(","),
  });
  if (!row) return null;
  const { klass, rank, createdAt, ...columns } = row;
  const question = toServed({ ...columns, createdAt: new Date(createdAt) }, index);
  const unseen = Number(klass) === UNSEEN;
  const recorded = record === "any" || (record === "unseen" && unseen);
  // An unseen pick relaxed what its step relaxed; anything of the moment (class 2) may differ in style,
  // depth and category alike; the exact choice seen longest ago (class 1) relaxed nothing.
  const leftCategory = unseen
    ? steps[Number(rank)]?.widened === "category"
    : Number(klass) === SAME_MOMENT && question.categorySlug !== choice.categorySlug;
  const relaxed = unseen || Number(klass) === SAME_MOMENT ? relaxedChoice(choice, question, leftCategory) : [];
  return { question, relaxed, unseen, recorded };
}

/**
 * Rendered statements of one database (its category ids are in them), by
 * choice and by whose memory applies: a few thousand shapes at most.
 */
const rendered = new WeakMap<CategoryIndex, Map<string, PreparedStatement>>();

function rankedPick(
  index: CategoryIndex,
  choice: Choice,
  forMember: boolean,
  forTeam: boolean,
  record: RecordServed,
): PreparedStatement {
  let ofDatabase = rendered.get(index);
  if (!ofDatabase) {
    ofDatabase = new Map();
    rendered.set(index, ofDatabase);
  }
  const key = JSON.stringify([choice, forMember, forTeam, record]);
  let statement = ofDatabase.get(key);
  if (!statement) {
    statement = prepareStatement(
      recordingPick(rankedPickStatement(index, choice, forMember, forTeam), forMember, record),
    );
    ofDatabase.set(key, statement);
  }
  return statement;
}

/**
 * The pick, and what serving it writes, in the same statement (data-modifying
 * WITHs): a member's generation costs one round trip instead of three. The
 * pick is materialised, so the row recorded is the row answered.
 */
function recordingPick(pick: SQL, forMember: boolean, record: RecordServed): SQL {
  if (record === "none") return pick;
  const served =
    record === "unseen" ? sql`from picked where picked.klass = ${sql.raw(String(UNSEEN))}` : sql`from picked`;
  const history = forMember
    ? sql`recorded as (insert into generation_history (user_id, question_id, served_at)
        select ${USER_ID}, picked.id, now() ${served}
        on conflict (user_id, question_id) do update set served_at = excluded.served_at, seen = true),`
    : sql``;
  return sql`with picked as materialized (${pick}), ${history}
    counted as (insert into analytics_events (name, user_id, properties)
      select 'generation', ${forMember ? USER_ID : sql`null`}, jsonb_build_object('source', picked.source) ${served})
    select * from picked`;
}

/**
 * The statement pickForChoice runs, with placeholders for the seen ids, the
 * member, the team and the days left out (exported so the benchmark can show its plan).
 */
export function rankedPickStatement(index: CategoryIndex, choice: Choice, forMember: boolean, forTeam: boolean): SQL {
  const steps = fittingSteps(choice);
  const seen = SEEN;
  const userId = forMember ? USER_ID : null;
  const teamId = forTeam ? TEAM_ID : null;
  const kept: SQL[] = [
    teamId
      ? sql`(q.status = 'published' or (q.team_id = ${teamId} and q.status in ${listOf(TEAM_OWN_STATUSES)}))`
      : sql`q.status = 'published'`,
    sql`not (q.not_when && ${UNFIT})`,
  ];
  if (userId) kept.push(none(sql`hidden_questions h where h.user_id = ${userId} and h.question_id = q.id`));
  if (teamId) kept.push(none(sql`team_hidden_questions th where th.team_id = ${teamId} and th.question_id = q.id`));
  const unseen: SQL[] = [...kept, sql`not (q.id = any(${seen}))`];
  if (teamId) unseen.push(none(sql`team_question_uses u where u.team_id = ${teamId} and u.question_id = q.id`));
  if (userId)
    unseen.push(none(sql`generation_history g where g.user_id = ${userId} and g.question_id = q.id and g.seen`));
  const teamLast = teamId
    ? sql`(select max(u.used_at) from team_question_uses u where u.team_id = ${teamId} and u.question_id = q.id)`
    : sql`null::timestamptz`;
  const memberLast = userId
    ? sql`(select g.served_at from generation_history g where g.user_id = ${userId} and g.question_id = q.id)`
    : sql`null::timestamptz`;
  const recency = sql`${CARD_COLUMNS}, array_position(${seen}, q.id) as browser_position,
    greatest(${teamLast}, ${memberLast}) as last_seen`;

  const branch = (klass: number, rank: number, sources: SQL[], order: SQL) =>
    sql`(select ${PICKED_COLUMNS}, ${sql.raw(`${klass} as klass, ${rank} as rank`)} from (${sql.join(sources, sql` union all `)}) c order by ${order} limit 1)`;
  const leastRecent = sql`c.browser_position asc nulls first, c.last_seen asc nulls first, random()`;
  const branches = [
    ...steps.map((step, rank) =>
      branch(UNSEEN, rank, stepSources(step.filter, index, unseen, CARD_COLUMNS), sql`random()`),
    ),
    branch(EXACT_SEEN, 0, stepSources(choice, index, kept, recency), leastRecent),
    branch(
      SAME_MOMENT,
      0,
      [
        sql`select ${recency} from questions q where ${sql.join([sql`q.meeting_context = ${choice.meetingContext}`, sql`not q.meeting_bound`, ...kept], sql` and `)}`,
      ],
      leastRecent,
    ),
  ];
  return sql`select * from (${sql.join(branches, sql` union all `)}) picked limit 1`;
}
