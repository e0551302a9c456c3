import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { meetingSeries, profiles, seriesHosts, teamMeetings, teamMembers, users } from "~/db/schema";
import type { OpensAhead } from "~/shared/answers-ahead";
import { type Cadence, cadenceWeekday, type WeekOfMonth } from "~/shared/cadence";
import type { Reminder } from "~/shared/notices";
import type { EngagementLevel, MeetingContext, QuestionStyle } from "~/shared/questions";
import { MIN_HOSTS_TO_SKIP, nextHost } from "~/shared/series";
import type { SeriesForm } from "~/shared/series-schemas";
import { categoryIndex } from "../categories.server";
import { failure, type Outcome } from "../errors";
import type { Choice } from "../questions/library-pick.server";

export type Person = { userId: string; name: string };

export type Series = {
  id: string;
  teamId: string;
  name: string;
  /** Null: any meeting. */
  categorySlug: string | null;
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  /** How often it meets, at `timeOfDay` on the team's wall clock. */
  cadence: Cadence;
  timeOfDay: string;
  pulse: boolean;
  /** When each meeting's round opens for answers ahead of it, and whether that round is anonymous. */
  opensAhead: OpensAhead;
  aheadAnonymous: boolean;
  /** The one reminder before each meeting in the team's chat. */
  reminder: Reminder;
  /** Who opted in to host, in the order they did. */
  rotation: Person[];
  /** Who hosts the next meeting by the rotation; null when nobody opted in. */
  nextHost: Person | null;
};

/** How a name shows: the profile's full name, else the account's. */
export const personName = sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.name})`;

/** The series' choice for the question ladder. */
export function seriesChoice(
  series: Pick<Series, "meetingContext" | "questionStyle" | "engagementLevel" | "categorySlug">,
): Choice {
  return {
    meetingContext: series.meetingContext,
    questionStyle: series.questionStyle,
    engagementLevel: series.engagementLevel,
    categorySlug: series.categorySlug,
  };
}

/** A cadence as its columns: each kind fills the ones it uses and leaves the others empty (a check holds it so). */
function cadenceColumns(cadence: Cadence) {
  return {
    cadence: cadence.kind,
    weekday: cadenceWeekday(cadence),
    weekOfMonth: cadence.kind === "monthly-weekday" ? cadence.week : null,
    dayOfMonth: cadence.kind === "monthly-date" ? cadence.day : null,
    startsOn: cadence.kind === "every-two-weeks" ? cadence.startsOn : null,
  };
}

/** The cadence a stored series meets by. */
function cadenceOfRow(row: typeof meetingSeries.$inferSelect): Cadence {
  switch (row.cadence) {
    case "every-two-weeks":
      return { kind: "every-two-weeks", startsOn: row.startsOn ?? "" };
    case "monthly-weekday":
      return { kind: "monthly-weekday", weekday: row.weekday ?? 0, week: (row.weekOfMonth ?? 1) as WeekOfMonth };
    case "monthly-date":
      return { kind: "monthly-date", day: row.dayOfMonth ?? 1 };
    default:
      return { kind: "weekly", weekday: row.weekday ?? 0 };
  }
}

async function columnsOf(db: Database, form: SeriesForm) {
  const index = await categoryIndex(db);
  return {
    name: form.name,
    categoryId: form.category === "any" ? null : (index.idBySlug.get(form.category) ?? null),
    meetingContext: form.meetingContext,
    questionStyle: form.questionStyle,
    engagementLevel: form.engagementLevel,
    ...cadenceColumns(form.cadence),
    timeOfDay: form.timeOfDay,
    pulse: form.pulse,
    opensAhead: form.opensAhead,
    aheadAnonymous: form.aheadAnonymous,
    reminder: form.reminder,
  };
}

/** Creates the series with its creator first in the rotation: whoever sets up a meeting can start it at once. */
export async function createSeries(
  db: Database,
  teamId: string,
  form: SeriesForm,
  creatorId: string,
): Promise<Outcome<{ seriesId: string }>> {
  const columns = await columnsOf(db, form);
  const seriesId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meetingSeries)
      .values({ teamId, ...columns })
      .returning({ id: meetingSeries.id });
    if (row) await tx.insert(seriesHosts).values({ seriesId: row.id, userId: creatorId, position: 1 });
    return row?.id;
  });
  if (!seriesId) return failure("SERIES_NOT_SAVED");
  return { ok: true, seriesId };
}

/**
 * Saves the series. A question prepared for its next meeting stays while
 * the kind of question (category, moment, style, depth) stays; otherwise
 * it no longer fits, and the next reader draws one that does.
 */
export async function updateSeries(db: Database, teamId: string, seriesId: string, form: SeriesForm): Promise<Outcome> {
  const columns = await columnsOf(db, form);
  const sameChoice = and(
    sql`${meetingSeries.categoryId} is not distinct from ${columns.categoryId}`,
    eq(meetingSeries.meetingContext, columns.meetingContext),
    eq(meetingSeries.questionStyle, columns.questionStyle),
    eq(meetingSeries.engagementLevel, columns.engagementLevel),
  );
  const changed = await db
    .update(meetingSeries)
    .set({
      ...columns,
      nextQuestionId: sql`case when ${sameChoice} then ${meetingSeries.nextQuestionId} end`,
      nextQuestionBy: sql`case when ${sameChoice} then ${meetingSeries.nextQuestionBy} end`,
      nextQuestionAt: sql`case when ${sameChoice} then ${meetingSeries.nextQuestionAt} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(meetingSeries.id, seriesId), eq(meetingSeries.teamId, teamId)))
    .returning({ id: meetingSeries.id });
  return changed.length ? { ok: true } : failure("SERIES_NOT_FOUND");
}

/** Deletes the series; its meetings, recaps and pulse stay in the team's history, without a series. */
export async function deleteSeries(db: Database, teamId: string, seriesId: string): Promise<Outcome> {
  const deleted = await db
    .delete(meetingSeries)
    .where(and(eq(meetingSeries.id, seriesId), eq(meetingSeries.teamId, teamId)))
    .returning({ id: meetingSeries.id });
  return deleted.length ? { ok: true } : failure("SERIES_NOT_FOUND");
}

/**
 * Each series' rotation, in opt-in order: only people still in the team
 * with a role that runs meetings (a facilitator made a member drops out).
 */
async function rotations(db: Database, seriesIds: string[]): Promise<Map<string, Person[]>> {
  const byId = new Map<string, Person[]>(seriesIds.map((id) => [id, []]));
  if (seriesIds.length === 0) return byId;
  const rows = await db
    .select({ seriesId: seriesHosts.seriesId, userId: seriesHosts.userId, name: personName })
    .from(seriesHosts)
    .innerJoin(meetingSeries, eq(meetingSeries.id, seriesHosts.seriesId))
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.teamId, meetingSeries.teamId), eq(teamMembers.userId, seriesHosts.userId)),
    )
    .innerJoin(users, eq(users.id, seriesHosts.userId))
    .leftJoin(profiles, eq(profiles.userId, seriesHosts.userId))
    .where(and(inArray(seriesHosts.seriesId, seriesIds), inArray(teamMembers.role, ["owner", "facilitator"])))
    .orderBy(asc(seriesHosts.position), asc(seriesHosts.userId));
  for (const row of rows) byId.get(row.seriesId)?.push({ userId: row.userId, name: row.name });
  return byId;
}

/** The hosts of a series' latest meetings, newest first: enough to find the latest one still in the rotation. */
async function recentHosts(db: Database, seriesId: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ hostId: teamMeetings.hostId })
    .from(teamMeetings)
    .where(eq(teamMeetings.seriesId, seriesId))
    .orderBy(desc(teamMeetings.heldAt))
    .limit(50);
  return rows.map((row) => row.hostId);
}

async function withRotation(db: Database, rows: (typeof meetingSeries.$inferSelect)[]): Promise<Series[]> {
  const index = await categoryIndex(db);
  const rotationOf = await rotations(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const rotation = rotationOf.get(row.id) ?? [];
      const nextId = nextHost(
        rotation.map((p) => p.userId),
        rotation.length ? await recentHosts(db, row.id) : [],
      );
      return {
        id: row.id,
        teamId: row.teamId,
        name: row.name,
        categorySlug: row.categoryId ? (index.slugById.get(row.categoryId) ?? null) : null,
        meetingContext: row.meetingContext as MeetingContext,
        questionStyle: row.questionStyle as QuestionStyle,
        engagementLevel: row.engagementLevel as EngagementLevel,
        cadence: cadenceOfRow(row),
        timeOfDay: row.timeOfDay,
        pulse: row.pulse,
        opensAhead: row.opensAhead as OpensAhead,
        aheadAnonymous: row.aheadAnonymous,
        reminder: row.reminder as Reminder,
        rotation,
        nextHost: rotation.find((p) => p.userId === nextId) ?? null,
      };
    }),
  );
}

/** The team's series, by name (the team page orders them by their next meeting). */
export async function listSeries(db: Database, teamId: string): Promise<Series[]> {
  const rows = await db
    .select()
    .from(meetingSeries)
    .where(eq(meetingSeries.teamId, teamId))
    .orderBy(asc(meetingSeries.name), asc(meetingSeries.id));
  return withRotation(db, rows);
}

/** One series of the team; another team's series is not found, as if it did not exist. */
export async function getSeries(db: Database, teamId: string, seriesId: string): Promise<Outcome<{ series: Series }>> {
  const rows = await db
    .select()
    .from(meetingSeries)
    .where(and(eq(meetingSeries.id, seriesId), eq(meetingSeries.teamId, teamId)));
  const [series] = await withRotation(db, rows);
  return series ? { ok: true, series } : failure("SERIES_NOT_FOUND");
}

/** Opts the person in to host the series: they join the end of the rotation (once, however often they ask). */
export async function joinRotation(db: Database, teamId: string, seriesId: string, userId: string): Promise<Outcome> {
  const found = await getSeries(db, teamId, seriesId);
  if (!found.ok) return found;
  await db
    .insert(seriesHosts)
    .values({
      seriesId,
      userId,
      position: sql`(select coalesce(max(${seriesHosts.position}), 0) + 1 from ${seriesHosts} where ${seriesHosts.seriesId} = ${seriesId})`,
    })
    .onConflictDoNothing();
  return { ok: true };
}

/** Opts the person out: the rotation goes on without them. */
export async function leaveRotation(db: Database, teamId: string, seriesId: string, userId: string): Promise<Outcome> {
  const found = await getSeries(db, teamId, seriesId);
  if (!found.ok) return found;
  await db.delete(seriesHosts).where(and(eq(seriesHosts.seriesId, seriesId), eq(seriesHosts.userId, userId)));
  return { ok: true };
}

/**
 * "Skip to next": the person due to host swaps places with the one after
 * them, who hosts next; the skipped person follows. With two in the
 * rotation the one after them hosted last, so there is nobody to skip to.
 */
export async function skipNextHost(db: Database, teamId: string, seriesId: string): Promise<Outcome> {
  const found = await getSeries(db, teamId, seriesId);
  if (!found.ok) return found;
  const order = found.series.rotation.map((p) => p.userId);
  const due = found.series.nextHost?.userId;
  if (!due || order.length < MIN_HOSTS_TO_SKIP) return failure("SKIP_NEEDS_HOSTS", { minimum: MIN_HOSTS_TO_SKIP });
  const at = order.indexOf(due);
  const following = order[(at + 1) % order.length] ?? due;
  const reordered = order.filter((id) => id !== due);
  reordered.splice(reordered.indexOf(following) + 1, 0, due);
  await db.transaction(async (tx) => {
    for (const [index, userId] of reordered.entries())
      await tx
        .update(seriesHosts)
        .set({ position: index + 1 })
        .where(and(eq(seriesHosts.seriesId, seriesId), eq(seriesHosts.userId, userId)));
  });
  return { ok: true };
}
