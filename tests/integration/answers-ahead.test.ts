import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { liveRoundQuestions, liveRounds, profiles, teamMeetings, teamMembers, teams, users } from "~/db/schema";
import type { JobQueue } from "~/domain/jobs/queue.server";
import { openRoundAhead, scheduleOpening } from "~/domain/teams/answers-ahead.server";
import { startMeeting } from "~/domain/teams/meetings.server";
import { createSeries } from "~/domain/teams/series.server";
import type { LiveSettings } from "~/shared/live";
import { PULSE_QUESTION } from "~/shared/series";
import { seriesFormSchema } from "~/shared/series-schemas";
import { freshDatabase, testEngines } from "../support/databases";
import { startJobQueue } from "../support/jobs";
import { onTeamClock } from "../support/teams";

const SETTINGS: LiveSettings = { roundHours: 24, recapDays: 30, maxParticipants: 2000, streamsPerAddress: 2500 };

/**
 * A series whose rounds open ahead, on the domain and the job queue (which
 * here only queues, so the test decides the clock): the opening job opens
 * the meeting's round once however often it runs, asks the meeting's
 * question first and the pulse after it, and queues the next meeting's
 * opening by the team's clock across a daylight-saving change.
 */
describe.each(testEngines())("rounds opened ahead on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let queue: JobQueue;
  let teamId: string;
  let ownerId: string;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine, { library: true }));
    queue = await startJobQueue(handle);
    const [user] = await handle.db
      .insert(users)
      .values({ name: "Ana", email: `ana-ahead-${engine}@team.example`, emailVerified: true })
      .returning({ id: users.id });
    ownerId = user?.id ?? "";
    await handle.db.insert(profiles).values({ userId: ownerId, fullName: "Ana" });
    const [team] = await handle.db.insert(teams).values({ name: "Ahead", timeZone: "Europe/Berlin" }).returning();
    teamId = team?.id ?? "";
    await handle.db.insert(teamMembers).values({ teamId, userId: ownerId, role: "owner" });
  });
  afterAll(async () => {
    await queue?.stop();
    await cleanup?.();
  });

  async function sundaySeries(opensAhead: string) {
    const form = seriesFormSchema.parse({
      name: `Sunday check-in ${opensAhead}`,
      category: "any",
      meetingContext: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      weekday: "0",
      timeOfDay: "10:00",
      pulse: true,
      opensAhead,
    });
    const created = await createSeries(handle.db, teamId, form, ownerId);
    if (!created.ok) throw created.error;
    return created.seriesId;
  }

  const openings = async (seriesId: string) =>
    (
      (await handle.db.execute(
        sql`select data->>'meetingAt' as "meetingAt", start_after as "startAfter", singleton_key as key
            from pgboss.job where name = 'round-opening' and data->>'seriesId' = ${seriesId} and state = 'created'
            order by start_after`,
      )) as unknown as { rows: { meetingAt: string; startAfter: Date | string; key: string }[] }
    ).rows.map((row) => ({ ...row, startAfter: new Date(row.startAfter).toISOString() }));

  it.skipIf(!available)(
    "opens the round once, question first and pulse after, and queues the next opening across the spring change",
    async () => {
      const seriesId = await sundaySeries("day-before");
      const payload = { seriesId, meetingAt: "2026-03-22T09:00:00.000Z" };
      // Saturday 21 March 2026, 10:30 in Berlin: the opening (10:00, the day before) is due.
      const now = new Date("2026-03-21T09:30:00Z");
      const first = await openRoundAhead(handle.db, queue, payload, SETTINGS, now);
      expect(first.opened).toBe(true);
      // The job again, and twice at once, as a retry or a second server would run it.
      const again = await Promise.all([
        openRoundAhead(handle.db, queue, payload, SETTINGS, now),
        openRoundAhead(handle.db, queue, payload, SETTINGS, now),
      ]);
      expect(again.map((o) => o.opened)).toEqual([false, false]);

      const meetings = await handle.db
        .select()
        .from(teamMeetings)
        .where(and(eq(teamMeetings.seriesId, seriesId), isNotNull(teamMeetings.answersOpenAt)));
      expect(meetings).toHaveLength(1);
      expect(meetings[0]?.heldAt.toISOString()).toBe(payload.meetingAt);
      expect(meetings[0]?.hostId).toBe(ownerId);
      const roundId = meetings[0]?.liveRoundId ?? "";
      const [round] = await handle.db.select().from(liveRounds).where(eq(liveRounds.id, roundId));
      expect(round).toMatchObject({ revealMode: "host", revealed: false, ownerId });
      const asked = await handle.db
        .select({ text: liveRoundQuestions.text, questionId: liveRoundQuestions.questionId })
        .from(liveRoundQuestions)
        .where(eq(liveRoundQuestions.roundId, roundId))
        .orderBy(liveRoundQuestions.position);
      expect(asked[0]?.questionId).toBe(meetings[0]?.questionId);
      expect(asked.at(-1)?.text).toBe(PULSE_QUESTION.text);

      // Sunday 29 March the clocks go forward: its meeting is 10:00 summer time, its opening Saturday 10:00 winter time.
      expect(await openings(seriesId)).toEqual([
        {
          meetingAt: "2026-03-29T08:00:00.000Z",
          startAfter: "2026-03-28T09:00:00.000Z",
          key: `${seriesId}@2026-03-29T08:00:00.000Z`,
        },
      ]);
    },
  );

  it.skipIf(!available)(
    "starting the meeting takes the round opened ahead instead of making a second meeting",
    async () => {
      const seriesId = await sundaySeries("hours-before");
      const meetingAt = new Date(Date.now() + 2 * 3_600_000);
      // A meeting two hours from now, whatever today is: written as the job would find it.
      const { weekday, timeOfDay } = onTeamClock(meetingAt, "Europe/Berlin");
      await handle.db.execute(
        sql`update meeting_series set weekday = ${weekday}, time_of_day = ${timeOfDay} where id = ${seriesId}`,
      );
      const opening = await scheduleOpening(handle.db, queue, seriesId);
      expect(opening).not.toBeNull();
      const opened = await openRoundAhead(
        handle.db,
        queue,
        { seriesId, meetingAt: opening?.meetingAt.toISOString() ?? "" },
        SETTINGS,
      );
      expect(opened.opened).toBe(true);
      const access = { teamId, teamName: "Ahead", timeZone: "Europe/Berlin", userId: ownerId, role: "owner" as const };
      const started = await startMeeting(handle.db, access, seriesId);
      expect(started.ok && opened.opened && started.meetingId).toBe(opened.opened ? opened.meetingId : "");
    },
  );
});
