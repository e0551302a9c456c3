import type { SQL } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { type Cluster, startClusterOrSkip } from "./cluster";
import type { HttpClient } from "./http-client";
import { signIn } from "./members";
import { seedTeamWithPersonas, TEAM_PERSONAS } from "./teams";

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
