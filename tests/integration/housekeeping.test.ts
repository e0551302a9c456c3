import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/database.server";
import {
  housekeepingRuns,
  liveAnswers,
  liveParticipants,
  liveRoundEvents,
  liveRounds,
  requestLimits,
  sessions,
  users,
  verifications,
} from "~/db/schema";
import { HOUSEKEEPING_LOCK, runHousekeeping } from "~/domain/housekeeping/housekeeping.server";
import { freshDatabase, testEngines } from "../support/databases";
import { startJobQueue } from "../support/jobs";
import { createDatabase } from "../support/postgres";

const HOUR_MS = 3_600_000;
const uid = () => Math.random().toString(36).slice(2, 10);

/** A round with a participant, an answer and an event, expiring at `expiresAt`. */
async function roundUntil(db: Database, expiresAt: Date): Promise<string> {
  const [round] = await db
    .insert(liveRounds)
    .values({
      code: uid().toUpperCase(),
      hostTokenHash: uid(),
      recapToken: uid(),
      maxParticipants: 10,
      closesAt: expiresAt,
      expiresAt,
    })
    .returning({ id: liveRounds.id });
  const roundId = round!.id;
  const [participant] = await db
    .insert(liveParticipants)
    .values({ roundId, tokenHash: uid(), name: "Ada" })
    .returning({ id: liveParticipants.id });
  await db
    .insert(liveAnswers)
    .values({ roundId, position: 0, participantId: participant!.id, kind: "answer", text: "Hi" });
  await db.insert(liveRoundEvents).values({ roundId, seq: 1, audience: "host", data: { type: "joined" } });
  return roundId;
}

/** A session, a verification token and a limit window, each ending at `endsAt`. */
async function accountRowsUntil(
  db: Database,
  endsAt: Date,
): Promise<{ session: string; token: string; limit: string }> {
  const [user] = await db
    .insert(users)
    .values({ name: "Bo", email: `bo-${uid()}@example.com` })
    .returning({ id: users.id });
  const [session] = await db
    .insert(sessions)
    .values({ token: uid(), userId: user!.id, expiresAt: endsAt })
    .returning({ id: sessions.id });
  const [token] = await db
    .insert(verifications)
    .values({ identifier: `verify:${uid()}`, value: uid(), expiresAt: endsAt })
    .returning({ id: verifications.id });
  const limit = `test:${uid()}`;
  await db.insert(requestLimits).values({ key: limit, count: 1, resetsAt: endsAt });
  return { session: session!.id, token: token!.id, limit };
}

/** Which of these rows are still stored. */
async function remaining(db: Database, rounds: string[], rows: { session: string; token: string; limit: string }[]) {
  const ids = <T extends { id: string }>(found: T[]) => found.map((row) => row.id).sort();
  return {
    rounds: ids(await db.select({ id: liveRounds.id }).from(liveRounds).where(inArray(liveRounds.id, rounds))),
    participants: (
      await db
        .select({ id: liveParticipants.roundId })
        .from(liveParticipants)
        .where(inArray(liveParticipants.roundId, rounds))
    ).length,
    answers: (await db.select({ id: liveAnswers.id }).from(liveAnswers).where(inArray(liveAnswers.roundId, rounds)))
      .length,
    events: (
      await db
        .select({ id: liveRoundEvents.roundId })
        .from(liveRoundEvents)
        .where(inArray(liveRoundEvents.roundId, rounds))
    ).length,
    sessions: ids(
      await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          inArray(
            sessions.id,
            rows.map((row) => row.session),
          ),
        ),
    ),
    tokens: ids(
      await db
        .select({ id: verifications.id })
        .from(verifications)
        .where(
          inArray(
            verifications.id,
            rows.map((row) => row.token),
          ),
        ),
    ),
    limits: (
      await db
        .select({ id: requestLimits.key })
        .from(requestLimits)
        .where(
          inArray(
            requestLimits.key,
            rows.map((row) => row.limit),
          ),
        )
    )
      .map((row) => row.id)
      .sort(),
  };
}

describe.each(testEngines())("housekeeping on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)(
    "deletes expired rounds with their answers, ended limit windows, expired sessions and tokens on time, with no request",
    async () => {
      const { db } = handle;
      const past = new Date(Date.now() - 1_000);
      const later = new Date(Date.now() + HOUR_MS);
      const expired = await roundUntil(db, past);
      const running = await roundUntil(db, later);
      const ended = await accountRowsUntil(db, past);
      const current = await accountRowsUntil(db, later);
      const all = { rounds: [expired, running], rows: [ended, current] };

      // Housekeeping is a job that queues its next run a second after each run, as a server starts it.
      const queue = await startJobQueue(
        handle,
        {
          mail: async () => {},
          "round-opening": async () => {},
          housekeeping: async () => {
            await runHousekeeping(db, { server: "test", minGapMs: 500 });
          },
          "chat.post-round": async () => {},
          "chat.reminder": async () => {},
          "chat.question-of-day": async () => {},
        },
        { housekeeping: 1 },
      );
      try {
        await expect
          .poll(async () => (await remaining(db, all.rounds, all.rows)).rounds.length, {
            message: "the expired round to be deleted",
            timeout: 20_000,
          })
          .toBe(1);
        const after = await remaining(db, all.rounds, all.rows);
        expect(after).toEqual({
          rounds: [running],
          participants: 1,
          answers: 1,
          events: 1,
          sessions: [current.session],
          tokens: [current.token],
          limits: [current.limit],
        });

        // Rows that end while the queue runs go at one of its next runs.
        const soon = new Date(Date.now() + 1_000);
        const next = await roundUntil(db, soon);
        const nextRows = await accountRowsUntil(db, soon);
        expect((await remaining(db, [next], [nextRows])).rounds).toEqual([next]);
        await expect
          .poll(
            async () => {
              const left = await remaining(db, [next], [nextRows]);
              return left.rounds.length + left.sessions.length + left.tokens.length + left.limits.length;
            },
            { message: "the rows that ended a second later to be deleted", timeout: 20_000 },
          )
          .toBe(0);
      } finally {
        await queue.stop();
      }
      const runs = await db.select().from(housekeepingRuns).where(eq(housekeepingRuns.server, "test"));
      expect(runs.length).toBeGreaterThanOrEqual(2);
    },
  );

  it.skipIf(!available)("skips a run when another started less than the gap ago", async () => {
    const first = await runHousekeeping(handle.db, { server: "gap", minGapMs: 0 });
    expect(first.ran).toBe(true);
    expect(await runHousekeeping(handle.db, { server: "gap", minGapMs: 60_000 })).toEqual({
      ran: false,
      reason: "recent",
    });
  });
});

describe.skipIf(!inject("postgresUrl"))("housekeeping on two servers sharing one PostgreSQL", () => {
  const handles: DatabaseHandle[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-hk-"));
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createDatabase(inject("postgresUrl") ?? "", "circleup_hk");
    for (let i = 0; i < 2; i += 1) handles.push(await openDatabase({ databaseUrl, dataDir, poolSize: 10 }));
    await handles[0]!.migrate();
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("never runs on both at once, however many runs they start together", async () => {
    const [a, b] = handles as [DatabaseHandle, DatabaseHandle];
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        runHousekeeping((i % 2 ? b : a).db, { server: i % 2 ? "b" : "a", minGapMs: 0 }),
      ),
    );
    expect(outcomes.some((outcome) => outcome.ran)).toBe(true);
    const runs = await a.db
      .select({ startedAt: housekeepingRuns.startedAt, finishedAt: housekeepingRuns.finishedAt })
      .from(housekeepingRuns)
      .where(inArray(housekeepingRuns.server, ["a", "b"]))
      .orderBy(asc(housekeepingRuns.startedAt));
    expect(runs.length).toBe(outcomes.filter((outcome) => outcome.ran).length);
    for (const [index, run] of runs.entries()) {
      const previous = runs[index - 1];
      if (previous) expect(run.startedAt.getTime()).toBeGreaterThanOrEqual(previous.finishedAt.getTime());
    }
  });

  it("skips while another server holds the run, and runs once that server is gone", async () => {
    const [a] = handles as [DatabaseHandle, DatabaseHandle];
    const expired = await roundUntil(a.db, new Date(Date.now() - 1_000));
    // Another server in the middle of its run: a session of its own holding the lock.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [HOUSEKEEPING_LOCK]);
      expect(await runHousekeeping(a.db, { server: "a", minGapMs: 0 })).toEqual({ ran: false, reason: "busy" });
      expect(await a.db.select().from(liveRounds).where(eq(liveRounds.id, expired))).toHaveLength(1);
    } finally {
      // It dies: its connection closes and the lock goes with it.
      await other.end();
    }
    expect(await runHousekeeping(a.db, { server: "a", minGapMs: 0 })).toMatchObject({ ran: true });
    expect(await a.db.select().from(liveRounds).where(eq(liveRounds.id, expired))).toHaveLength(0);
  });
});
