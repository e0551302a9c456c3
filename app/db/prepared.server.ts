import { createHash } from "node:crypto";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./database.server";

const dialect = new PgDialect();

/** A statement rendered once: its text, its name on the server, and its parameters with placeholders to fill. */
export type PreparedStatement = { name: string; text: string; params: unknown[] };

/**
 * Renders a statement built with `sql.placeholder(...)` for the values that
 * change between runs. Callers keep it (building a long statement with
 * drizzle costs more than running it) and run it with preparedRows.
 */
export function prepareStatement(statement: SQL): PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name: `p${createHash("sha1").update(text).digest("hex").slice(0, 24)}`, text, params };
}

type PgliteLike = { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * Runs a prepared statement with its placeholders filled. On PostgreSQL it
 * is a named statement: each pooled connection parses it once, and after
 * five runs PostgreSQL keeps its generic plan when that costs no more than
 * planning anew (plan_cache_mode stays "auto": forcing generic plans would
 * also apply to every unnamed query, whose literal parameters the partial
 * indexes of the community list need). PGlite runs it in process. Not for
 * use inside a transaction.
 */
export async function preparedRows<Row>(
  db: Database,
  statement: PreparedStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const params = fillPlaceholders(statement.params, values);
  if (client instanceof pg.Pool)
    return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as Row[];
  if (client && typeof (client as PgliteLike).query === "function")
    return (await (client as PgliteLike).query(statement.text, params)).rows as Row[];
  throw new Error("preparedRows needs the database itself, not a transaction");
}
