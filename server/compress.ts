import compression from "compression";
import type { RequestHandler } from "express";

type Flushable = { flush?: () => void };

/** Long enough to gather a whole server render, short enough that nobody waits on it. */
const FLUSH_DELAY_MS = 20;

/**
 * Brotli or gzip (as the browser accepts) for every response that is not a
 * precompressed static file, with flushes coalesced. React Router flushes the
 * response after each piece React writes (about 2 KB), and every flush
 * closes the compressed block early: the home page came out at 61 KB instead
 * of 26 KB. Flushing at most once per FLUSH_DELAY_MS still sends streamed content
 * as soon as it is ready, give or take those milliseconds.
 */
export function compress(): RequestHandler[] {
  const coalesceFlushes: RequestHandler = (_req, res, next) => {
    const flushable = res as typeof res & Flushable;
    const flush = flushable.flush;
    if (typeof flush === "function") {
      let scheduled = false;
      flushable.flush = () => {
        if (scheduled) return;
        scheduled = true;
        setTimeout(() => {
          scheduled = false;
          flush.call(res);
        }, FLUSH_DELAY_MS);
      };
    }
    next();
  };
  return [compression(), coalesceFlushes];
}
