import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./ports";
import { postgresTemplate, type TemplateKind, withTemplateLock } from "./templates";

const run = promisify(execFile);

export type ThrowawayPostgres = {
  /** Superuser URL of the cluster's postgres database. */
  url: string;
  stop(): Promise<void>;
  /** Stops the server but keeps its files, to test what the app does without a database. */
  pause(): Promise<void>;
  resume(): Promise<void>;
};

/** initdb and pg_ctl from PATH, or from Debian's /usr/lib/postgresql/N/bin. */
export function findPostgresBin(): string | null {
  const dirs = (process.env.PATH ?? "").split(path.delimiter);
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(debian, v, "bin")));
  }
  for (const dir of dirs) {
    if (fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"))) {
      return fs.realpathSync(path.join(dir, "initdb")).replace(/\/initdb$/, "");
    }
  }
  return null;
}

/** PostgreSQL refuses to run as root; as root we run it as the postgres (or nobody) user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    const line = fs
      .readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${name}:`));
    if (line) {
      const [, , uid, gid] = line.split(":");
      return { uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error("Running as root and no postgres or nobody user to run PostgreSQL as");
}

/**
 * Starts a PostgreSQL cluster in a temp folder on a free loopback port, tuned
 * for tests (no fsync). Returns null when no PostgreSQL binaries exist.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  const bin = findPostgresBin();
  if (!bin) return null;
  const user = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-pg-"));
  const dataDir = path.join(dir, "data");
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (user) {
    fs.chownSync(dir, user.uid, user.gid);
    fs.chownSync(dataDir, user.uid, user.gid);
  }
  const options = { ...user, cwd: dir, env: { ...process.env, LC_ALL: "C" } };
  await run(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"],
    options,
  );

  const port = await freePort();
  const serverOptions = [
    "-c listen_addresses=127.0.0.1",
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
  ].join(" ");
  const pgCtl = (...args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(path.join(bin, "pg_ctl"), ["-D", dataDir, ...args], { ...options, stdio: "ignore" });
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args[0]} exited ${code}`))));
    });
  const start = () => pgCtl("start", "-w", "-l", path.join(dir, "server.log"), "-o", serverOptions);
  const halt = () => pgCtl("stop", "-w", "-m", "immediate");
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: halt,
    resume: start,
    stop: async () => {
      await halt().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Where the run's PostgreSQL is, set by the global setups for every test process. */
const SUITE_POSTGRES = "CIRCLEUP_TEST_POSTGRES_URL";

/**
 * The PostgreSQL server tests create their databases on: DATABASE_URL when
 * set, else the one throwaway cluster the global setup started for the run;
 * undefined outside a test run (callers then start their own).
 */
export function suitePostgresUrl(): string | undefined {
  return process.env.DATABASE_URL || process.env[SUITE_POSTGRES] || undefined;
}

/**
 * For global setups: DATABASE_URL, or one throwaway cluster for the whole
 * run (a second call finds it), told to every test process. url is null when
 * no PostgreSQL can be had here.
 */
export async function startSuitePostgres(): Promise<{ url: string | null; stop: () => Promise<void> }> {
  const existing = suitePostgresUrl();
  if (existing) return { url: existing, stop: async () => {} };
  const server = await startThrowawayPostgres();
  if (!server) return { url: null, stop: async () => {} };
  process.env[SUITE_POSTGRES] = server.url;
  return {
    url: server.url,
    stop: async () => {
      delete process.env[SUITE_POSTGRES];
      await server.stop();
    },
  };
}

export type CreateDatabaseOptions = {
  /**
   * Start from the run's template instead of an empty database: "schema"
   * (migrated and seeded) or "library" (the question library imported too),
   * so a server started on it is ready at once.
   */
  template?: TemplateKind;
};

/** Creates a database on the server and returns its URL: each test file gets its own (empty unless a template is asked for). */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
  options: CreateDatabaseOptions = {},
): Promise<string> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9_]/gi, "_");
  if (options.template) {
    const template = await postgresTemplate(serverUrl, options.template);
    // One copy at a time: PostgreSQL refuses to copy a database another session is copying or reading.
    await withTemplateLock(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  } else {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
