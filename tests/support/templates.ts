import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { seedCategories } from "~/db/seed.server";
import { createJobQueue } from "~/domain/jobs/queue.server";
import { importLibrary } from "~/domain/questions/library.server";

/**
 * Databases made once per run and copied for every test that needs one:
 * migrating and importing the 3,851-question library takes seconds, a copy
 * a fraction of one. "schema" is migrated and seeded (categories), as a
 * server leaves an empty database before the library; "library" also holds
 * the library, recorded under its content hash, so a server started on a
 * copy finds it imported and starts at once. The copies are only a head
 * start: a server still applies whatever migration or library change the
 * template lacks, exactly as in production.
 */
export type TemplateKind = "schema" | "library";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Where the run's PGlite templates are, set by the global setups for every test process. */
const PGLITE_TEMPLATES = "CIRCLEUP_TEST_PGLITE_TEMPLATES";

async function fillDatabase(handle: DatabaseHandle, kind: TemplateKind): Promise<void> {
  await handle.migrate();
  // The job queue's tables, as a server's first start makes them.
  const queue = createJobQueue({ handle, log: { debug() {}, info() {}, warn() {}, error() {} }, recurring: {} });
  await queue.start();
  await queue.stop();
  await seedCategories(handle.db);
  if (kind === "library") await importLibrary(handle.db);
}

/**
 * Makes the run's PGlite templates in a temp folder (once per process tree:
 * a second call finds them) and tells every test process where they are.
 * Resolves to a cleanup for the global setup's teardown.
 */
export async function preparePgliteTemplates(): Promise<() => void> {
  if (process.env[PGLITE_TEMPLATES]) return () => {};
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-templates-"));
  const schema = path.join(root, "schema");
  const handle = await openDatabase({ dataDir: schema });
  await fillDatabase(handle, "schema");
  await handle.close();
  const library = path.join(root, "library");
  fs.cpSync(schema, library, { recursive: true });
  const loaded = await openDatabase({ dataDir: library });
  await fillDatabase(loaded, "library");
  await loaded.close();
  process.env[PGLITE_TEMPLATES] = root;
  return () => {
    delete process.env[PGLITE_TEMPLATES];
    fs.rmSync(root, { recursive: true, force: true });
  };
}

/**
 * Copies the run's PGlite template into DATA_DIR (as DATA_DIR/pglite) unless
 * the folder already holds a database; false when there is no template
 * (outside the test run, e.g. benchmarks) or nothing was copied.
 */
export function copyPgliteTemplate(kind: TemplateKind, dataDir: string): boolean {
  const root = process.env[PGLITE_TEMPLATES];
  const target = path.join(dataDir, "pglite");
  if (!root || fs.existsSync(target)) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(path.join(root, kind, "pglite"), target, { recursive: true });
  return true;
}

/** What a template is made of: a change to any of it makes a template of a new name. */
function contentHash(): string {
  const hash = crypto.createHash("sha256");
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      .sort();
  for (const file of [
    ...files(path.join(ROOT, "drizzle")),
    ...files(path.join(ROOT, "content/questions")),
    path.join(ROOT, "app/db/seed.server.ts"),
    path.join(ROOT, "app/shared/categories.ts"),
    // How a template is made.
    path.join(ROOT, "tests/support/templates.ts"),
  ]) {
    hash.update(path.relative(ROOT, file)).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}

/** Session-level lock around making and copying templates on one PostgreSQL server, across test processes. */
const TEMPLATE_LOCK = 4_206_370_002;

export async function withTemplateLock<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const made = new Map<string, Promise<string>>();

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The name of the template database of this kind on the PostgreSQL server,
 * made on first use (under a lock, so processes wait for one another; made
 * under a temporary name and renamed when complete, so a failed attempt
 * leaves no broken template). A long-lived server (DATABASE_URL) keeps its
 * templates between runs, one per content hash.
 */
export function postgresTemplate(serverUrl: string, kind: TemplateKind): Promise<string> {
  const key = `${serverUrl} ${kind}`;
  let name = made.get(key);
  if (!name) {
    name = makePostgresTemplate(serverUrl, kind);
    made.set(key, name);
    name.catch(() => made.delete(key));
  }
  return name;
}

async function makePostgresTemplate(serverUrl: string, kind: TemplateKind): Promise<string> {
  const name = `circleup_template_${kind}_${contentHash()}`;
  const base = kind === "library" ? await postgresTemplate(serverUrl, "schema") : null;
  return withTemplateLock(serverUrl, async (admin) => {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return name;
    const building = `${name}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
    await admin.query(`CREATE DATABASE "${building}"${base ? ` TEMPLATE "${base}"` : ""}`);
    try {
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), dataDir: os.tmpdir() });
      try {
        await fillDatabase(handle, kind);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`).catch(() => {});
      throw error;
    }
    return name;
  });
}
