import { type SQL, sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { nextOpening } from "~/shared/answers-ahead";
import { type Cluster, startClusterOrSkip } from "./cluster";
import type { HttpClient } from "./http-client";
import { startJobQueue } from "./jobs";
import { signIn } from "./members";
import { insertSeries, onTeamClock, seedTeamWithPersonas, TEAM_PERSONAS } from "./teams";

/**
 * What every chat platform's journey starts from: two app servers on one
 * database with the platform's settings, a team with its personas, the
 * database opened for the test's own reads, and the owner signed in on the
 * first server.
 */
export type ChatCluster = {
  cluster: Cluster;
  teamId: string;
  handle: DatabaseHandle;
  owner: HttpClient;
  serverUrl(index: number): string;
  rows<T>(query: SQL): Promise<T[]>;
  stop(): Promise<void>;
};

export async function startChatCluster(
  what: string,
  env: Record<string, string>,
  ownerAddress = "198.51.100.20",
): Promise<ChatCluster | null> {
  const cluster = await startClusterOrSkip(what, { env });
  if (!cluster) return null;
  const teamId = await seedTeamWithPersonas({ databaseUrl: cluster.databaseUrl });
  const handle = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "" });
  const owner = cluster.client(0, ownerAddress);
  await signIn(owner, TEAM_PERSONAS.owner);
  return {
    cluster,
    teamId,
    handle,
    owner,
    serverUrl: (index) => cluster.servers[index]?.url ?? "",
    async rows<T>(query: SQL) {
      return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
    },
    async stop() {
      await handle.close();
      await cluster.stop();
    },
  };
}

/** Waits for what the job queue does in the background; the test fails on its own timeout otherwise. */
export async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A weekly series whose next meeting is two hours from now on the team's
 * clock (Berlin), its round opening four hours ahead, so the opening is
 * due: the job the series' save queues is sent due now, as the clock would
 * make it, and the servers' queue opens the round (and posts it to the
 * team's chat). Resolves to the open round's code.
 */
export async function openSeriesRoundNow(chat: ChatCluster): Promise<string> {
  const at = new Date(Date.now() + 2 * 3_600_000);
  const { weekday, timeOfDay } = onTeamClock(at);
  // The series' prepared question: an open one that fits any day, so people write their answers.
  const [question] = await chat.rows<{ id: string }>(
    sql`select id from questions where status = 'published' and format = 'open' and team_id is null
        and cardinality(not_when) = 0 order by text limit 1`,
  );
  const seriesId = await insertSeries(chat.handle.db, chat.teamId, {
    weekday,
    timeOfDay,
    opensAhead: "hours-before",
    pulse: false,
    nextQuestionId: question?.id ?? null,
    nextQuestionAt: new Date(),
  });
  const opening = nextOpening(
    { cadence: { kind: "weekly", weekday }, timeOfDay, opensAhead: "hours-before" },
    "Europe/Berlin",
    new Date(),
  );
  // Only sends: the servers' workers run it.
  const queue = await startJobQueue(chat.handle);
  try {
    await queue.send(
      chat.handle.db,
      "round-opening",
      [{ seriesId, meetingAt: opening?.meetingAt.toISOString() ?? "" }],
      { startAfter: new Date(Date.now() - 60_000) },
    );
  } finally {
    await queue.stop();
  }
  const [opened] = await until(
    () =>
      chat.rows<{ code: string }>(
        sql`select r.code from team_meetings m join live_rounds r on r.id = m.live_round_id
            where m.series_id = ${seriesId} and m.answers_open_at is not null`,
      ),
    (found) => found.length > 0,
  );
  return opened?.code ?? "";
}
