import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { meetingSeries, profiles, seriesHosts, teamMeetings, teamMembers, users } from "~/db/schema";
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
  weekday: number;
  timeOfDay: string;
  pulse: boolean;
  /** Who opted in to host, in the order they did. */
  rotation: Person[];
  /** Who hosts the next meeting by the rotation; null when nobody opted in. */
  nextHost: Person | null;
};

const SERIES_NOT_FOUND = "This series does not exist in this team";

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

async function columnsOf(db: Database, form: SeriesForm) {
  const index = await categoryIndex(db);
  return {
    name: form.name,
    categoryId: form.category === "any" ? null : (index.idBySlug.get(form.category) ?? null),
    meetingContext: form.meetingContext,
    questionStyle: form.questionStyle,
    engagementLevel: form.engagementLevel,
    weekday: form.weekday,
    timeOfDay: form.timeOfDay,
    pulse: form.pulse,
  };
}

export async function createSeries(
  db: Database,
  teamId: string,
  form: SeriesForm,
): Promise<Outcome<{ seriesId: string }>> {
  const [row] = await db
    .insert(meetingSeries)
    .values({ teamId, ...(await columnsOf(db, form)) })
    .returning({ id: meetingSeries.id });
  if (!row) return failure("CONFLICT", "The series could not be saved: please try again");
  return { ok: true, seriesId: row.id };
}

export async function updateSeries(db: Database, teamId: string, seriesId: string, form: SeriesForm): Promise<Outcome> {
  const changed = await db
    .update(meetingSeries)
    .set({ ...(await columnsOf(db, form)), updatedAt: new Date() })
    .where(and(eq(meetingSeries.id, seriesId), eq(meetingSeries.teamId, teamId)))
    .returning({ id: meetingSeries.id });
  return changed.length ? { ok: true } : failure("NOT_FOUND", SERIES_NOT_FOUND);
}

/** Deletes the series; its meetings, recaps and pulse stay in the team's history, without a series. */
export async function deleteSeries(db: Database, teamId: string, seriesId: string): Promise<Outcome> {
  const deleted = await db
    .delete(meetingSeries)
    .where(and(eq(meetingSeries.id, seriesId), eq(meetingSeries.teamId, teamId)))
    .returning({ id: meetingSeries.id });
  return deleted.length ? { ok: true } : failure("NOT_FOUND", SERIES_NOT_FOUND);
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
        weekday: row.weekday,
        timeOfDay: row.timeOfDay,
        pulse: row.pulse,
        rotation,
        nextHost: rotation.find((p) => p.userId === nextId) ?? null,
      };
    }),
  );
}

/** The team's series, by name. */
export async function listSeries(db: Database, teamId: string): Promise<Series[]> {
  const rows = await db
    .select()
    .from(meetingSeries)
    .where(eq(meetingSeries.teamId, teamId))
    .orderBy(asc(meetingSeries.weekday), asc(meetingSeries.timeOfDay), asc(meetingSeries.name));
  return withRotation(db, rows);
}

/** One series of the team; another team's series is not found, as if it did not exist. */
export async function getSeries(db: Database, teamId: string, seriesId: string): Promise<Outcome<{ series: Series }>> {
  const rows = await db
    .select()
    .from(meetingSeries)
    .where(and(eq(meetingSeries.id, seriesId), eq(meetingSeries.teamId, teamId)));
  const [series] = await withRotation(db, rows);
  return series ? { ok: true, series } : failure("NOT_FOUND", SERIES_NOT_FOUND);
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
  if (!due || order.length < MIN_HOSTS_TO_SKIP)
    return failure("CONFLICT", `Skipping needs at least ${MIN_HOSTS_TO_SKIP} people in the rotation`);
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
