import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import type { JobQueue } from "~/domain/jobs/queue.server";
import { freshDatabase, testEngines } from "../support/databases";
import { startJobQueue } from "../support/jobs";

/**
 * Jobs on a calendar in a time zone, as a team's scheduled posts will be:
 * the schedule is kept in the database with its zone, and its next run
 * follows the zone's clock across daylight-saving changes.
 */
describe.each(testEngines())("scheduled jobs on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let queue: JobQueue;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    queue = await startJobQueue(handle);
  });
  afterAll(async () => {
    await queue?.stop();
    await cleanup?.();
  });

  it.skipIf(!available)("runs a Monday-nine-o'clock schedule at nine in Berlin, summer time or winter", async () => {
    await queue.schedule("housekeeping", "0 9 * * 1", { timeZone: "Europe/Berlin", key: "team-berlin", payload: {} });
    await queue.schedule("housekeeping", "0 9 * * 1", { timeZone: "America/New_York", key: "team-nyc", payload: {} });

    // Friday 27 March 2026; Berlin moves to summer time (UTC+2) on Sunday the 29th.
    expect(await queue.nextScheduledRun("housekeeping", "team-berlin", new Date("2026-03-27T12:00:00Z"))).toEqual(
      new Date("2026-03-30T07:00:00Z"),
    );
    // Friday 23 October 2026; back to winter time (UTC+1) on Sunday the 25th.
    expect(await queue.nextScheduledRun("housekeeping", "team-berlin", new Date("2026-10-23T12:00:00Z"))).toEqual(
      new Date("2026-10-26T08:00:00Z"),
    );
    // Monday 9:00 in Berlin has passed at 7:30 UTC that day: the next is a week later.
    expect(await queue.nextScheduledRun("housekeeping", "team-berlin", new Date("2026-03-30T07:30:00Z"))).toEqual(
      new Date("2026-04-06T07:00:00Z"),
    );
    // The same words in New York's zone are another moment.
    expect(await queue.nextScheduledRun("housekeeping", "team-nyc", new Date("2026-03-27T12:00:00Z"))).toEqual(
      new Date("2026-03-30T13:00:00Z"),
    );

    // Saved again, a schedule is replaced, not added.
    await queue.schedule("housekeeping", "30 17 * * 5", { timeZone: "Europe/Berlin", key: "team-berlin", payload: {} });
    expect(await queue.nextScheduledRun("housekeeping", "team-berlin", new Date("2026-03-27T12:00:00Z"))).toEqual(
      new Date("2026-03-27T16:30:00Z"),
    );
    expect(await queue.nextScheduledRun("housekeeping", "no-such-team", new Date())).toBeNull();
  });
});
