import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import type { JobQueue } from "~/domain/jobs/queue.server";
import { nextOpening } from "~/shared/answers-ahead";
import { type Cluster, startClusterOrSkip } from "../support/cluster";
import { startJobQueue } from "../support/jobs";
import { insertSeries, onTeamClock, seedTeamWithPersonas } from "../support/teams";

/**
 * The opening of a round ahead, on two production servers sharing one
 * PostgreSQL: the same opening queued three times under different keys (so
 * the queue's own one-per-key rule lets all three run), already due, is
 * taken by both servers' workers, and the meeting gets one round; the next
 * meeting's opening is queued once.
 */
describe("rounds opened ahead on two servers", () => {
  let cluster: Cluster | null = null;
  let handle: DatabaseHandle;
  let queue: JobQueue;
  let seriesId: string;
  let weekday: number;
  let timeOfDay: string;

  beforeAll(async () => {
    cluster = await startClusterOrSkip("the rounds-ahead cluster tests");
    if (!cluster) return;
    const teamId = await seedTeamWithPersonas({ databaseUrl: cluster.databaseUrl });
    handle = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "" });
    // A meeting two hours from now on the team's clock (Berlin): its opening, four hours before, is due.
    const at = new Date(Date.now() + 2 * 3_600_000);
    ({ weekday, timeOfDay } = onTeamClock(at));
    seriesId = await insertSeries(handle.db, teamId, { weekday, timeOfDay, opensAhead: "hours-before" });
    queue = await startJobQueue(handle);
  });
  afterAll(async () => {
    await queue?.stop();
    await handle?.close();
    await cluster?.stop();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

  it("opens one round however many servers run the opening at once", async (context) => {
    if (!cluster) return context.skip();
    const opening = nextOpening(
      { cadence: { kind: "weekly", weekday }, timeOfDay, opensAhead: "hours-before" },
      "Europe/Berlin",
      new Date(),
    );
    expect(opening && opening.opensAt < new Date()).toBe(true);
    const plannedAt = opening?.meetingAt ?? new Date(0);
    const payload = { seriesId, meetingAt: plannedAt.toISOString() };
    // Three keys, so the queue's own one-per-key rule does not hide a second run: the meeting's rule must hold.
    for (const copy of [1, 2, 3])
      await queue.send(handle.db, "round-opening", [payload], {
        startAfter: new Date(Date.now() - 60_000),
        singletonKey: `copy-${copy}`,
      });

    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from pgboss.job where name = 'round-opening'
                  and data->>'meetingAt' = ${payload.meetingAt} and state = 'completed'`,
            )
          )[0]?.n,
        { timeout: 30_000, message: "the three openings ran" },
      )
      .toBe(3);

    const meetings = await rows<{ id: string; round: string | null }>(
      sql`select id, live_round_id as round from team_meetings where series_id = ${seriesId} and answers_open_at is not null`,
    );
    expect(meetings).toHaveLength(1);
    expect(meetings[0]?.round).toBeTruthy();
    const rounds = await rows<{ n: number }>(
      sql`select count(*)::int as n from live_rounds r join live_round_questions q on q.round_id = r.id and q.position = 0
          where q.question_id = (select question_id from team_meetings where id = ${meetings[0]?.id ?? null})`,
    );
    expect(rounds[0]?.n).toBe(1);
    // The next meeting's opening, a week later, waits once.
    const next = await rows<{ meetingAt: string }>(
      sql`select data->>'meetingAt' as "meetingAt" from pgboss.job where name = 'round-opening'
          and data->>'seriesId' = ${seriesId} and state = 'created'`,
    );
    expect(next).toEqual([{ meetingAt: new Date(plannedAt.getTime() + 7 * 24 * 3_600_000).toISOString() }]);
  });
});
