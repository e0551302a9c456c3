import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { meetingSeries, teamMeetings, teamMembers, teams } from "~/db/schema";
import { nextOpening, type Opening } from "~/shared/answers-ahead";
import { upcomingMeetings, weekdayIn } from "~/shared/cadence";
import type { LiveSettings } from "~/shared/live";
import type { TeamRole } from "~/shared/teams";
import { dropWaitingJobs, type JobSender } from "../jobs/queue.server";
import { startTeamRound } from "./meetings.server";
import { preparedQuestion, takePrepared } from "./prepared-questions.server";
import { getSeries, type Series } from "./series.server";

/**
 * A series whose meetings open their round ahead: one `round-opening` job
 * per meeting, due at its opening time on the team's clock, keyed by series
 * and meeting so it is queued once however often the series is saved. The
 * job opens the meeting's round through startTeamRound (the one way a team
 * round starts) and queues the next meeting's opening: a chain, one link a
 * meeting.
 */

const JOB = "round-opening" as const;

/** The job's key: one waiting or running opening per series and meeting. */
const keyOf = (seriesId: string, meetingAt: Date) => `${seriesId}@${meetingAt.toISOString()}`;

async function teamOfSeries(db: Database, seriesId: string) {
  const [row] = await db
    .select({ teamId: teams.id, teamName: teams.name, timeZone: teams.timeZone })
    .from(meetingSeries)
    .innerJoin(teams, eq(teams.id, meetingSeries.teamId))
    .where(eq(meetingSeries.id, seriesId));
  return row ?? null;
}

/**
 * Queues the opening of the series' first meeting after `after` (none when
 * it does not open ahead), due at its opening time; a time already past is
 * due at once. Openings of the series still waiting are dropped first, in
 * the same transaction: a series moved to another time or rule opens by
 * its new one only.
 */
export async function scheduleOpening(
  db: Database,
  jobs: JobSender,
  seriesId: string,
  after = new Date(),
): Promise<Opening | null> {
  const team = await teamOfSeries(db, seriesId);
  if (!team) return null;
  const found = await getSeries(db, team.teamId, seriesId);
  if (!found.ok) return null;
  return queueOpening(db, jobs, found.series, team.timeZone, after, { replace: true });
}

async function queueOpening(
  db: Database,
  jobs: JobSender,
  series: Pick<Series, "id" | "cadence" | "timeOfDay" | "opensAhead">,
  timeZone: string,
  after: Date,
  { replace }: { replace: boolean },
): Promise<Opening | null> {
  const next = nextOpening(series, timeZone, after);
  await db.transaction(async (tx) => {
    // A running opening finishes: its meeting check stops a stale one.
    if (replace) await dropWaitingJobs(tx, JOB, "seriesId", series.id);
    if (next)
      await jobs.send(tx, JOB, [{ seriesId: series.id, meetingAt: next.meetingAt.toISOString() }], {
        startAfter: next.opensAt,
        singletonKey: keyOf(series.id, next.meetingAt),
      });
  });
  return next;
}

/** Whom a round opened ahead belongs to: the host due by the rotation, else the team's first owner. */
async function hostFor(db: Database, teamId: string, series: Series): Promise<{ userId: string; role: TeamRole }> {
  if (series.nextHost) {
    const [row] = await db
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, series.nextHost.userId)));
    if (row) return { userId: series.nextHost.userId, role: row.role as TeamRole };
  }
  const [owner] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "owner")))
    .orderBy(asc(teamMembers.joinedAt))
    .limit(1);
  if (!owner) throw new Error(`Team ${teamId} has no owner to host its round`);
  return { userId: owner.userId, role: "owner" };
}

/** The meeting opened ahead for this series and moment: made by the first opening, found by any other. */
async function meetingOpenedAhead(
  db: Database,
  teamId: string,
  seriesId: string,
  meetingAt: Date,
  hostId: string,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    // The unique index on (series, planned time) of meetings opened ahead makes a second insert do nothing.
    const [made] = await tx
      .insert(teamMeetings)
      .values({ teamId, seriesId, hostId, heldAt: meetingAt, answersOpenAt: now })
      .onConflictDoNothing()
      .returning({ id: teamMeetings.id });
    if (made) {
      const questionId = await takePrepared(tx, seriesId);
      if (questionId) await tx.update(teamMeetings).set({ questionId }).where(eq(teamMeetings.id, made.id));
      return made.id;
    }
    const [found] = await tx
      .select({ id: teamMeetings.id })
      .from(teamMeetings)
      .where(
        and(
          eq(teamMeetings.seriesId, seriesId),
          eq(teamMeetings.heldAt, meetingAt),
          isNotNull(teamMeetings.answersOpenAt),
        ),
      );
    if (!found) throw new Error("The meeting opened ahead was neither made nor found");
    return found.id;
  });
}

export type OpeningOutcome =
  | { opened: true; meetingId: string; code: string }
  | { opened: false; why: "series-gone" | "not-ahead" | "moved" | "past" | "already-open" | "no-question" };

/**
 * The `round-opening` job: opens the meeting's round if the series still
 * meets then and still opens ahead, and queues the next meeting's opening.
 * Safe to run twice, on two servers at once, or again after a failure: the
 * meeting is made once (unique index), its round claimed once (startTeamRound's
 * one round per meeting), and the next opening is queued under its key once.
 */
export async function openRoundAhead(
  db: Database,
  jobs: JobSender,
  payload: { seriesId: string; meetingAt: string },
  settings: LiveSettings,
  now = new Date(),
): Promise<OpeningOutcome> {
  const team = await teamOfSeries(db, payload.seriesId);
  if (!team) return { opened: false, why: "series-gone" };
  const found = await getSeries(db, team.teamId, payload.seriesId);
  if (!found.ok) return { opened: false, why: "series-gone" };
  const { series } = found;
  if (series.opensAhead === "no") return { opened: false, why: "not-ahead" };
  const meetingAt = new Date(payload.meetingAt);
  // A series moved since this was queued: its save queued the opening by its new time.
  const [planned] = upcomingMeetings(
    series.cadence,
    series.timeOfDay,
    team.timeZone,
    new Date(meetingAt.getTime() - 1),
    1,
  );
  if (planned?.at.getTime() !== meetingAt.getTime()) return { opened: false, why: "moved" };
  const outcome = await openFor(db, jobs, team, series, meetingAt, settings, now);
  await queueOpening(db, jobs, series, team.timeZone, meetingAt, { replace: false });
  return outcome;
}

async function openFor(
  db: Database,
  jobs: JobSender,
  team: { teamId: string; teamName: string; timeZone: string },
  series: Series,
  meetingAt: Date,
  settings: LiveSettings,
  now: Date,
): Promise<OpeningOutcome> {
  // Late (the servers were down past the meeting): nobody would answer ahead any more.
  if (meetingAt <= now) return { opened: false, why: "past" };
  const host = await hostFor(db, team.teamId, series);
  await preparedQuestion(db, team.teamId, series, weekdayIn(meetingAt, team.timeZone));
  const meetingId = await meetingOpenedAhead(db, team.teamId, series.id, meetingAt, host.userId, now);
  const access = { ...team, userId: host.userId, role: host.role };
  const started = await startTeamRound(
    db,
    access,
    meetingId,
    { questionIds: [], anonymous: series.aheadAnonymous },
    settings,
    jobs,
    { ahead: { meetingAt } },
  );
  if (started.ok) return { opened: true, meetingId, code: started.code };
  if (started.error.code === "MEETING_ROUND_TAKEN") return { opened: false, why: "already-open" };
  if (started.error.code === "ROUND_NEEDS_QUESTION") return { opened: false, why: "no-question" };
  throw new Error(`The round could not open ahead: ${started.error.code}`);
}

/** The series' meeting whose round is open ahead of it now, with its round's code and count, if there is one. */
export async function openAheadMeeting(db: Database, seriesId: string) {
  const [row] = await db
    .select({ id: teamMeetings.id, heldAt: teamMeetings.heldAt })
    .from(teamMeetings)
    .where(
      and(
        eq(teamMeetings.seriesId, seriesId),
        isNotNull(teamMeetings.answersOpenAt),
        isNotNull(teamMeetings.liveRoundId),
        sql`${teamMeetings.recap} is null`,
        sql`${teamMeetings.heldAt} > now() - interval '12 hours'`,
      ),
    )
    .orderBy(asc(teamMeetings.heldAt))
    .limit(1);
  return row ?? null;
}
