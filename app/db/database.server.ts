import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectPath } from "~/project-root.server";
import { timedQueries } from "./query-time.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The query layer, the same type on both engines. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  engine: Engine;
  /** Applies pending drizzle-kit migrations. Safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server runs its own: start-up (migrations,
   * seeds, the library import) one server at a time.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any
   * server of this database. Notifications sent while the listening
   * connection was lost are gone, so `onResume` is called once it is back:
   * the listener catches up from the tables. Resolves to a function that stops.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResume: () => void): Promise<() => Promise<void>>;
  /** Round trip to the server; rejects when it is unreachable or slower than timeoutMs. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * The engine underneath, for a library that brings its own statements (the
   * job queue): its own pool to a PostgreSQL server, or the one PGlite
   * connection, shared.
   */
  direct: { engine: "postgres"; url: string } | { engine: "pglite"; client: PGlite };
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** A postgres:// URL selects a real server; without one PGlite runs in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
};

const migrationsFolder = () => projectPath("drizzle");

/**
 * The advisory lock servers sharing a PostgreSQL database take for start-up:
 * two servers migrating an empty database at once collide (drizzle's
 * `CREATE TABLE IF NOT EXISTS` is not safe against a concurrent one), so a
 * deployment that starts them together would lose one.
 */
const STARTUP_LOCK = 4_206_370_001;

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(path.join(options.dataDir, "pglite"));
}

/**
 * The connections that run named statements (prepared.server.ts), by the
 * database they belong to. They keep one generic plan per statement:
 * planning the generator's long ranked pick costs more than running it.
 * The setting stays off the main pool, because it would apply to every
 * unnamed query too, and the community list's partial indexes need the
 * literal status a custom plan sees.
 */
const namedStatementPools = new WeakMap<Database, pg.Pool>();

export function namedStatementPool(db: Database): pg.Pool | undefined {
  return namedStatementPools.get(db);
}

function newPool(url: string, max: number, options?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options,
  });
  // A client losing its server must not crash the process, idle or checked out
  // (a transaction between two queries): the next query on it reports the loss.
  pool.on("error", () => {});
  // pool.query for single statements, a checked-out client's query in transactions. pool.query calls the
  // client's with a callback, which is left untimed, so nothing counts twice.
  timedQueries(pool, "query");
  pool.on("connect", (client) => {
    client.on("error", () => {});
    timedQueries(client, "query");
  });
  return pool;
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = newPool(url, poolSize);
  const namedPool = newPool(url, Math.max(2, Math.ceil(poolSize / 2)), "-c plan_cache_mode=force_generic_plan");
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  namedStatementPools.set(db, namedPool);
  return {
    db,
    engine: "postgres",
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() }),
    exclusively: async (work) => {
      // Its own connection, outside the pool: a pool of one must stay free for the work itself.
      const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
        return await work();
      } finally {
        // Closing the session releases the lock, also when the work failed.
        await lock.end().catch(() => {});
      }
    },
    listen: (channel, onNotify, onResume) => listenOnPostgres(url, channel, onNotify, onResume),
    ping: async (timeoutMs = 2_000) => {
      await withTimeout(pool.query("select 1"), timeoutMs, "Database ping");
    },
    direct: { engine: "postgres", url },
    close: async () => {
      await Promise.all([pool.end(), namedPool.end()]);
    },
  };
}

async function openPglite(folder: string): Promise<DatabaseHandle> {
  fs.mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder);
  // A transaction is timed whole: the queries inside it run on its own object.
  for (const method of ["query", "exec", "transaction"] as const) timedQueries(client, method);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    // The folder belongs to one process: nobody to wait for.
    exclusively: (work) => work(),
    // One process, one connection: nothing is ever missed, so there is nothing to resume.
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    ping: async (timeoutMs = 2_000) => {
      await withTimeout(db.execute(sql`select 1`), timeoutMs, "Database ping");
    },
    direct: { engine: "pglite", client },
    close: () => client.close(),
  };
}

/** How long a lost listening connection waits before trying again; doubled up to the last step. */
const LISTEN_RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN needs a session of its own, outside the pool (a pooled connection
 * goes back to others between queries). A lost one is reopened, again and
 * again, until `stop` is called.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onResume: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", () => {});
    next.on("end", () => {
      if (stopped || client !== next) return;
      client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  const scheduleReconnect = () => {
    const delay = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)] ?? 5_000;
    attempt += 1;
    retry = setTimeout(async () => {
      if (stopped) return;
      try {
        await connect();
        attempt = 0;
        onResume();
      } catch {
        scheduleReconnect();
      }
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
