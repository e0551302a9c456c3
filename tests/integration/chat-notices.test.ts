import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { teams } from "~/db/schema";
import {
  type NoticeDeps,
  scheduleReminder,
  sendQuestionOfDay,
  sendReminder,
  setQuestionOfDay,
} from "~/domain/chat/notices.server";
import { tokenSeal } from "~/domain/chat/sealing.server";
import type { JobQueue } from "~/domain/jobs/queue.server";
import { freshDatabase, testEngines } from "../support/databases";
import { startJobQueue } from "../support/jobs";
import { insertSeries } from "../support/teams";

/**
 * When a team's chat notices are due, on the job queue (which here only
 * queues, so the test decides the clock): a meeting's reminder by the
 * series' rule on the team's clock across the spring change, the next
 * meeting's queued by the one that ran; the question of the day on
 * weekdays at its time, Friday's followed by Monday's, across both changes.
 */
describe.each(testEngines())("chat notices' times on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let queue: JobQueue;
  let teamId: string;
  let deps: NoticeDeps;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine, { library: true }));
    queue = await startJobQueue(handle);
    const [team] = await handle.db.insert(teams).values({ name: "Notices", timeZone: "Europe/Berlin" }).returning();
    teamId = team?.id ?? "";
    // No platform: the jobs post nothing, and what they queue is what is read.
    deps = {
      db: handle.db,
      seal: tokenSeal("a key for the tests"),
      posters: {},
      publicUrl: "https://circleup.example",
    };
  });
  afterAll(async () => {
    await queue?.stop();
    await cleanup?.();
  });

  const queued = async (name: string, field: string, value: string) =>
    (
      (await handle.db.execute(
        sql`select data, start_after as "startAfter" from pgboss.job
            where name = ${name} and data->>${field} = ${value} and state = 'created' order by start_after`,
      )) as unknown as { rows: { data: Record<string, string>; startAfter: Date | string }[] }
    ).rows.map((row) => ({ ...row.data, at: new Date(row.startAfter).toISOString() }));

  it.skipIf(!available)(
    "queues a meeting's reminder by its rule on the team's clock across the spring change",
    async () => {
      // Sundays at 10:00 Berlin time; the clocks go forward on Sunday 29 March 2026.
      const dayBefore = await insertSeries(handle.db, teamId, {
        weekday: 0,
        timeOfDay: "10:00",
        reminder: "day-before",
      });
      await scheduleReminder(handle.db, queue, dayBefore, new Date("2026-03-23T12:00:00Z"));
      // Saturday 10:00 winter time (09:00 UTC) for Sunday 10:00 summer time (08:00 UTC): 23 hours before.
      expect(await queued("chat.reminder", "seriesId", dayBefore)).toEqual([
        { seriesId: dayBefore, meetingAt: "2026-03-29T08:00:00.000Z", at: "2026-03-28T09:00:00.000Z" },
      ]);

      const hourBefore = await insertSeries(handle.db, teamId, {
        weekday: 0,
        timeOfDay: "10:00",
        reminder: "hour-before",
      });
      await scheduleReminder(handle.db, queue, hourBefore, new Date("2026-03-16T12:00:00Z"));
      expect(await queued("chat.reminder", "seriesId", hourBefore)).toEqual([
        { seriesId: hourBefore, meetingAt: "2026-03-22T09:00:00.000Z", at: "2026-03-22T08:00:00.000Z" },
      ]);
      // The reminder that ran queues the next meeting's: a real hour before 10:00 summer time.
      const ran = await sendReminder(
        deps,
        queue,
        { seriesId: hourBefore, meetingAt: "2026-03-22T09:00:00.000Z" },
        new Date("2026-03-22T08:00:00Z"),
      );
      expect(ran).toEqual({ sent: 0 });
      expect(await queued("chat.reminder", "seriesId", hourBefore)).toContainEqual({
        seriesId: hourBefore,
        meetingAt: "2026-03-29T08:00:00.000Z",
        at: "2026-03-29T07:00:00.000Z",
      });

      // The morning of a meeting at nine or earlier is the morning before.
      const early = await insertSeries(handle.db, teamId, { weekday: 1, timeOfDay: "08:30", reminder: "morning" });
      await scheduleReminder(handle.db, queue, early, new Date("2026-03-24T12:00:00Z"));
      expect(await queued("chat.reminder", "seriesId", early)).toEqual([
        { seriesId: early, meetingAt: "2026-03-30T06:30:00.000Z", at: "2026-03-29T07:00:00.000Z" },
      ]);

      // No reminder: the waiting one is dropped.
      await handle.db.execute(sql`update meeting_series set reminder = 'no' where id = ${early}`);
      await scheduleReminder(handle.db, queue, early, new Date("2026-03-24T12:00:00Z"));
      expect(await queued("chat.reminder", "seriesId", early)).toEqual([]);
    },
  );

  it.skipIf(!available)("queues the question of the day on weekdays, Friday's followed by Monday's", async () => {
    // On at 9:00 on a Friday morning before nine: that Friday's.
    await setQuestionOfDay(handle.db, queue, teamId, "09:00", new Date("2026-03-27T06:00:00Z"));
    expect(await queued("chat.question-of-day", "teamId", teamId)).toEqual([
      { teamId, day: "2026-03-27", at: "2026-03-27T08:00:00.000Z" },
    ]);
    // Friday's run queues Monday's, 9:00 summer time after the weekend's change (07:00 UTC).
    const friday = await sendQuestionOfDay(
      deps,
      queue,
      { teamId, day: "2026-03-27" },
      new Date("2026-03-27T08:00:00Z"),
    );
    expect(friday).toEqual({ sent: 0 });
    expect(await queued("chat.question-of-day", "teamId", teamId)).toContainEqual({
      teamId,
      day: "2026-03-30",
      at: "2026-03-30T07:00:00.000Z",
    });
    // Turned on on a Saturday in autumn: Monday's, 9:00 winter time after the change (08:00 UTC).
    await setQuestionOfDay(handle.db, queue, teamId, "09:00", new Date("2026-10-24T10:00:00Z"));
    expect(await queued("chat.question-of-day", "teamId", teamId)).toEqual([
      { teamId, day: "2026-10-26", at: "2026-10-26T08:00:00.000Z" },
    ]);
    // A Saturday's job (never queued by the chain) posts nothing.
    expect(
      await sendQuestionOfDay(deps, queue, { teamId, day: "2026-10-24" }, new Date("2026-10-24T08:00:00Z")),
    ).toEqual({ sent: 0, why: "weekend" });
    // Off: nothing waits.
    await setQuestionOfDay(handle.db, queue, teamId, null, new Date("2026-10-24T10:00:00Z"));
    expect(await queued("chat.question-of-day", "teamId", teamId)).toEqual([]);
  });
});
