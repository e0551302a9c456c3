import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnreachable } from "~/db/connection-errors";

type Scope = { databaseUnreachable: boolean };

const scope = new AsyncLocalStorage<Scope>();

/** Runs one request's handling with a place to note what went wrong in it. */
export function inRequestScope<T>(handle: () => Promise<T>): Promise<T> {
  return scope.run({ databaseUnreachable: false }, handle);
}

/**
 * Notes an error a route could not handle. A lost database connection makes
 * the whole answer an outage (503), even when the database is back by the
 * time the answer is sent.
 */
export function noteRouteError(error: unknown): { databaseUnreachable: boolean } {
  const databaseUnreachable = isDatabaseUnreachable(error);
  const current = scope.getStore();
  if (current && databaseUnreachable) current.databaseUnreachable = true;
  return { databaseUnreachable };
}

export function databaseWasUnreachable(): boolean {
  return scope.getStore()?.databaseUnreachable ?? false;
}
