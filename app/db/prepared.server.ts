import { createHash } from "node:crypto";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Database, namedStatementPool } from "./database.server";

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
 * is a named statement on the connections kept for them
 * (namedStatementPool): each plans it once and reuses the plan. PGlite runs
 * it in process. Not for use inside a transaction.
 */
export async function preparedRows<Row>(
  db: Database,
  statement: PreparedStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const params = fillPlaceholders(statement.params, values);
  const named = namedStatementPool(db);
  if (named) return (await named.query({ name: statement.name, text: statement.text, values: params })).rows as Row[];
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client && typeof (client as PgliteLike).query === "function")
    return (await (client as PgliteLike).query(statement.text, params)).rows as Row[];
  throw new Error("preparedRows needs the database itself, not a transaction");
}
