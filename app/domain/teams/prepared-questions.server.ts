import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import {
  meetingSeries,
  profiles,
  questions,
  teamMeetings,
  teamQuestionDraws,
  teamQuestionUses,
  users,
} from "~/db/schema";
import { localDayOf, type Occurrence, upcomingMeetings, weekdayIn } from "~/shared/cadence";
import { fitsDay, type NotWhen, type Weekday, weekdayNamed } from "~/shared/meeting-day";
import type { ServedQuestion } from "~/shared/questions";
import { categoryIndex } from "../categories.server";
import { failure, type Outcome } from "../errors";
import { rowColumns, toServed } from "../questions/cards.server";
import { type Choice, pickForChoice } from "../questions/library-pick.server";
import type { TeamAccess } from "./access.server";
import { getSeries, personName, type Series, seriesChoice } from "./series.server";
import { askableByTeam } from "./visibility.server";

/**
 * The question a series' next meeting opens with is drawn once and stored
 * on the series, so the team page, the meeting and its round all show the
 * same one on every server and every reload, and a lead can prepare it. It
 * stays until a host draws another (logged, for the team's history) or the
 * meeting starts and takes it; then the next meeting gets a fresh draw.
 */

/** A meeting held without a series asks what a plain check-in would. */
const PLAIN_CHOICE: Choice = {
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  categorySlug: null,
};

export type PreparedQuestion = {
  question: ServedQuestion;
  /** The host who drew it, and when; null when CircleUp drew it by itself. */
  drawnBy: { name: string; at: string } | null;
};

/** The questions with these ids the team may ask, in the order given; others are left out. */
export async function askableQuestions(
  db: Database,
  teamId: string,
  ids: readonly string[],
): Promise<ServedQuestion[]> {
  if (ids.length === 0) return [];
  const index = await categoryIndex(db);
  const rows = await db
    .select(rowColumns)
    .from(questions)
    .where(and(inArray(questions.id, [...ids]), askableByTeam(teamId)));
  const byId = new Map(rows.map((row) => [row.id, toServed(row, index)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A fitting question for a series' meeting (or a meeting on its own) held
 * on `day`, the team's weekday: the ladder for the series' choice with the
 * team's memory, skipping `seen`.
 */
export async function readyQuestion(
  db: Database,
  teamId: string,
  series: Series | null,
  day: Weekday,
  seen: readonly string[] = [],
): Promise<ServedQuestion | null> {
  const pick = await pickForChoice(db, series ? seriesChoice(series) : PLAIN_CHOICE, seen, null, teamId, "none", day);
  return pick?.question ?? null;
}

/** The series' latest meeting: its day (a date already met is done) and its question (not prepared again at once). */
export async function lastMeetingOf(
  db: Database,
  seriesId: string,
): Promise<{ heldAt: Date; questionId: string | null } | null> {
  const [row] = await db
    .select({ heldAt: teamMeetings.heldAt, questionId: teamMeetings.questionId })
    .from(teamMeetings)
    .where(eq(teamMeetings.seriesId, seriesId))
    .orderBy(desc(teamMeetings.heldAt))
    .limit(1);
  return row ?? null;
}

/**
 * The series' next `count` meetings on the team's calendar after `now`; a
 * day it already met on is done (a meeting started early is not still to come).
 */
export async function upcomingOf(
  db: Database,
  timeZone: string,
  series: Series,
  now: Date,
  count: number,
): Promise<Occurrence[]> {
  const last = await lastMeetingOf(db, series.id);
  const metOn = last ? localDayOf(last.heldAt, timeZone) : null;
  return upcomingMeetings(series.cadence, series.timeOfDay, timeZone, now, count, metOn);
}

/** The weekday the series' next meeting falls on in the team's time zone (today's there if none is found). */
export function meetingDayOf(upcoming: readonly Occurrence[], timeZone: string, now: Date): Weekday {
  const next = upcoming[0];
  return next ? weekdayNamed(next.weekday) : weekdayIn(now, timeZone);
}

type Stored = { id: string | null; at: Date | null; by: string | null; byName: string | null };

async function storedFor(db: Database, seriesId: string): Promise<Stored> {
  const [row] = await db
    .select({
      id: meetingSeries.nextQuestionId,
      at: meetingSeries.nextQuestionAt,
      by: meetingSeries.nextQuestionBy,
      byName: sql<string | null>`${personName}`,
    })
    .from(meetingSeries)
    .leftJoin(users, eq(users.id, meetingSeries.nextQuestionBy))
    .leftJoin(profiles, eq(profiles.userId, meetingSeries.nextQuestionBy))
    .where(eq(meetingSeries.id, seriesId));
  return row ?? { id: null, at: null, by: null, byName: null };
}

/**
 * The stored question while the team may still ask it, has not used it
 * since it was drawn, and it fits the meeting's day (the series may have
 * moved to a Monday since a "yesterday" question was drawn).
 */
async function stillFresh(
  db: Database,
  teamId: string,
  stored: Stored,
  day: Weekday,
): Promise<PreparedQuestion | null> {
  if (!stored.id) return null;
  const [question] = await askableQuestions(db, teamId, [stored.id]);
  if (!question) return null;
  const [days] = await db.select({ notWhen: questions.notWhen }).from(questions).where(eq(questions.id, stored.id));
  if (!fitsDay((days?.notWhen ?? []) as NotWhen[], day)) return null;
  const [used] = await db
    .select({ id: teamQuestionUses.id })
    .from(teamQuestionUses)
    .where(
      and(
        eq(teamQuestionUses.teamId, teamId),
        eq(teamQuestionUses.questionId, stored.id),
        gte(teamQuestionUses.usedAt, stored.at ?? new Date(0)),
      ),
    )
    .limit(1);
  if (used) return null;
  const drawnBy = stored.by && stored.at ? { name: stored.byName ?? "", at: stored.at.toISOString() } : null;
  return { question, drawnBy };
}

/**
 * What a new draw for the series leaves out: the question of its last
 * meeting, the questions prepared for the team's other series (two series
 * never open with the same one), and those of the series' last 20 draws,
 * so "draw another" moves on and a question a host put back does not
 * return for the next meeting either.
 */
async function notToDraw(db: Database, teamId: string, seriesId: string): Promise<string[]> {
  const last = await lastMeetingOf(db, seriesId);
  const others = await db
    .select({ id: meetingSeries.nextQuestionId })
    .from(meetingSeries)
    .where(
      and(eq(meetingSeries.teamId, teamId), ne(meetingSeries.id, seriesId), isNotNull(meetingSeries.nextQuestionId)),
    );
  const draws = await db
    .select({ questionId: teamQuestionDraws.questionId, replacedId: teamQuestionDraws.replacedId })
    .from(teamQuestionDraws)
    .where(eq(teamQuestionDraws.seriesId, seriesId))
    .orderBy(desc(teamQuestionDraws.drawnAt))
    .limit(20);
  return [
    last?.questionId,
    ...others.map((row) => row.id),
    ...draws.flatMap((row) => [row.questionId, row.replacedId]),
  ].filter((id): id is string => !!id);
}

/** Where the series' prepared question is still `current`: a change made meanwhile (here or on another server) wins. */
const stillOn = (seriesId: string, current: string | null) =>
  and(
    eq(meetingSeries.id, seriesId),
    current ? eq(meetingSeries.nextQuestionId, current) : isNull(meetingSeries.nextQuestionId),
  );

/**
 * The question prepared for the series' next meeting, held on `day` (the
 * team's weekday): the stored one while it is fresh, else a new draw,
 * stored for everyone (null when nothing fits).
 */
export async function preparedQuestion(
  db: Database,
  teamId: string,
  series: Series,
  day: Weekday,
): Promise<PreparedQuestion | null> {
  const stored = await storedFor(db, series.id);
  const fresh = await stillFresh(db, teamId, stored, day);
  if (fresh) return fresh;
  const seen = [...(await notToDraw(db, teamId, series.id)), ...(stored.id ? [stored.id] : [])];
  const drawn = await readyQuestion(db, teamId, series, day, seen);
  await db
    .update(meetingSeries)
    .set({ nextQuestionId: drawn?.id ?? null, nextQuestionBy: null, nextQuestionAt: new Date() })
    .where(stillOn(series.id, stored.id));
  // Two readers may draw at once: the first write stands, and both show what is stored now.
  return stillFresh(db, teamId, await storedFor(db, series.id), day);
}

/**
 * A host draws another question for the series' next meeting, in place of
 * `shownId`, the one their page showed. When someone changed it meanwhile,
 * their draw stands and nothing more happens. The draw is logged with its
 * host for the team's history.
 */
export async function drawAnother(
  db: Database,
  access: TeamAccess,
  seriesId: string,
  shownId: string | null,
  now = new Date(),
): Promise<Outcome> {
  const found = await getSeries(db, access.teamId, seriesId);
  if (!found.ok) return found;
  const stored = await storedFor(db, seriesId);
  if (stored.id !== shownId) return { ok: true };
  const seen = [...(await notToDraw(db, access.teamId, seriesId)), ...(shownId ? [shownId] : [])];
  const upcoming = await upcomingOf(db, access.timeZone, found.series, now, 1);
  const day = meetingDayOf(upcoming, access.timeZone, now);
  const drawn = await readyQuestion(db, access.teamId, found.series, day, seen);
  if (!drawn || drawn.id === shownId) return failure("NO_OTHER_QUESTION");
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(meetingSeries)
      .set({ nextQuestionId: drawn.id, nextQuestionBy: access.userId, nextQuestionAt: new Date() })
      .where(stillOn(seriesId, shownId))
      .returning({ id: meetingSeries.id });
    if (changed.length === 0) return;
    await tx.insert(teamQuestionDraws).values({
      teamId: access.teamId,
      seriesId,
      questionId: drawn.id,
      replacedId: shownId,
      drawnBy: access.userId,
    });
  });
  return { ok: true };
}

/**
 * Takes the series' prepared question for the meeting being started (inside
 * its transaction, the series' row locked): the meeting keeps it, and the
 * series' next meeting gets a fresh draw.
 */
export async function takePrepared(tx: Database, seriesId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: meetingSeries.nextQuestionId })
    .from(meetingSeries)
    .where(eq(meetingSeries.id, seriesId))
    .for("update");
  await tx
    .update(meetingSeries)
    .set({ nextQuestionId: null, nextQuestionBy: null, nextQuestionAt: null })
    .where(eq(meetingSeries.id, seriesId));
  return row?.id ?? null;
}
