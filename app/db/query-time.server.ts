import { AsyncLocalStorage } from "node:async_hooks";

type Clock = { ms: number };

const clock = new AsyncLocalStorage<Clock>();

/** Runs `work` with a clock that adds up the time its database queries take (Server-Timing's `db`). */
export function withDatabaseClock<T>(work: () => T): T {
  return clock.run({ ms: 0 }, work);
}

/** Milliseconds the current request has spent waiting for the database so far (0 outside a request). */
export function databaseTimeSoFar(): number {
  return clock.getStore()?.ms ?? 0;
}

type Query = (...args: never[]) => unknown;

/**
 * Wraps a driver's query method so each call adds its time to the clock of
 * the request that made it. Waiting for the connection counts too: that is
 * time the request spent on the database. Calls that answer no promise (a
 * callback, a cursor) are left untimed.
 */
export function timedQueries<T extends object, K extends keyof T>(target: T, method: K): void {
  const original = target[method] as Query;
  target[method] = function (this: unknown, ...args: never[]) {
    const current = clock.getStore();
    const started = performance.now();
    const result = original.apply(this, args);
    if (!current || !(result instanceof Promise)) return result;
    return result.finally(() => {
      current.ms += performance.now() - started;
    });
  } as T[K];
}
