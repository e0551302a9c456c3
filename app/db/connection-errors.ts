/**
 * Driver errors that mean "the database is out of reach" rather than "this
 * query is wrong": a refused or dropped connection, a server shutting down,
 * a pool that cannot connect in time. Drizzle wraps the driver's error as
 * its cause, so the whole chain is searched.
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
// admin_shutdown, crash_shutdown, cannot_connect_now, and class 08 (connection exception).
const SERVER_CODES = /^(?:57P0[123]|08...)$/;
const LOST_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Connection ended unexpectedly|Client was closed/i;

export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === "string" && LOST_MESSAGES.test(message)) return true;
    // Node reports a refused dual-stack connect as an AggregateError of both attempts.
    if (Array.isArray(errors) && errors.some(isDatabaseUnreachable)) return true;
    current = cause;
  }
  return false;
}
