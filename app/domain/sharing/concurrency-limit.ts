/**
 * Runs at most `limit` tasks at once; the others wait their turn in arrival
 * order. A task that fails frees its place like one that succeeds.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running++;
    // A finishing task hands its place straight to the next in line, so `running` stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
