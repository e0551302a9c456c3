import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../support/cluster";
import { skipOrFail } from "../support/loud-skip";
import { findPostgresBin } from "../support/postgres";

/**
 * Housekeeping runs in every production server, one at a time per database,
 * with no request involved: two servers on one PostgreSQL, offering a run
 * every second, are watched through the database alone.
 */

type Run = { server: string; started_at: Date; finished_at: Date };

describe("housekeeping on two servers sharing one PostgreSQL", () => {
  let cluster: Cluster | null = null;
  let db: pg.Client;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL && !findPostgresBin()) {
      skipOrFail("the housekeeping cluster tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
      return;
    }
    cluster = await startCluster({ env: { HOUSEKEEPING_INTERVAL_SECONDS: "1" } });
    if (!cluster) return;
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  });

  const token = () => crypto.randomBytes(8).toString("hex");

  /** A visitor's round whose time was up a second ago, with someone who joined it. */
  async function expiredRound(): Promise<string> {
    // One statement: housekeeping runs every second and may delete the round between two.
    const round = await db.query<{ id: string }>(
      `with round as (
         insert into live_rounds (code, host_token_hash, recap_token, max_participants, closes_at, expires_at)
         values ($1, $2, $3, 10, now() - interval '1 second', now() - interval '1 second') returning id
       ), joined as (
         insert into live_participants (round_id, token_hash, name) select id, $4, 'Ada' from round
       )
       select id from round`,
      [token().slice(0, 6).toUpperCase(), token(), token(), token()],
    );
    return round.rows[0]?.id as string;
  }

  const roundExists = async (id: string) =>
    ((await db.query("select 1 from live_rounds where id = $1", [id])).rowCount ?? 0) > 0;
  const runs = async () =>
    (await db.query<Run>("select server, started_at, finished_at from housekeeping_runs order by started_at")).rows;

  const serverOf = (run: Run | undefined) =>
    cluster?.servers.findIndex((s) => run?.server.endsWith(`:${s.process.pid}`));

  it("deletes an expired round without any request, and never runs on both servers at once", async (context) => {
    if (!cluster) return context.skip();
    const round = await expiredRound();
    await expect
      .poll(() => roundExists(round), { message: "the expired round to be deleted", timeout: 30_000 })
      .toBe(false);
    await expect
      .poll(async () => (await runs()).length, { message: "five runs", timeout: 30_000 })
      .toBeGreaterThanOrEqual(5);

    const log = await runs();
    for (const [index, run] of log.entries()) {
      expect(serverOf(run)).toBeGreaterThanOrEqual(0);
      const previous = log[index - 1];
      if (previous) expect(run.started_at.getTime()).toBeGreaterThanOrEqual(previous.finished_at.getTime());
    }
    const participants = await db.query("select 1 from live_participants where round_id = $1", [round]);
    expect(participants.rowCount).toBe(0);
  });

  it("goes on when the server that ran it dies", async (context) => {
    if (!cluster) return context.skip();
    const dead = serverOf((await runs()).at(-1)) as number;
    const survivor = dead === 0 ? 1 : 0;
    await cluster.kill(dead);
    const killedAt = (await db.query<{ now: Date }>("select now()")).rows[0]?.now as Date;

    const round = await expiredRound();
    await expect
      .poll(() => roundExists(round), { message: "the expired round to be deleted after the kill", timeout: 30_000 })
      .toBe(false);
    const after = (await runs()).filter((run) => run.started_at > killedAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((run) => serverOf(run) === survivor)).toBe(true);
  });
});
