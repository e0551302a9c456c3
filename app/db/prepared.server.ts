import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./database.server";

const dialect = new PgDialect();

/**
 * Runs a hot read as a named prepared statement on PostgreSQL: each pooled
 * connection plans it once per distinct text and then reuses the plan, so a
 * long statement is not planned again on every request. All values must be
 * parameters (drizzle's `${...}`), so the text repeats. PGlite (in process)
 * and transactions run it as usual.
 */
export async function preparedRows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const name = `p${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    return (await client.query({ name, text, values: params })).rows as Row[];
  }
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}
