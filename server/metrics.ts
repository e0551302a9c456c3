import crypto from "node:crypto";
import type { RequestHandler, Response } from "express";
import { databaseTimeSoFar, withDatabaseClock } from "~/db/query-time.server";
import { type JobName, jobQueueStats } from "~/domain/jobs/queue.server";
import { runningRoundCount } from "~/domain/live/rounds.server";
import { METRICS_CONTENT_TYPE, measureFrom, metricsText, observeRequest } from "~/metrics.server";
import { database, openLiveStreams } from "~/services.server";
import { isJsonApi } from "./request-guards";

declare global {
  namespace Express {
    interface Locals {
      /** The pattern of the route that answered ("/live/{code}"), set by the router handler. */
      route?: string;
    }
  }
}

/** Waiting and given-up jobs by queue of the job queue. */
async function queueStats() {
  const { db } = await database();
  const names: JobName[] = ["mail", "housekeeping"];
  return Promise.all(
    names.map(async (queue) => {
      const stats = await jobQueueStats(db, queue);
      return { queue, pending: stats.queued, failed: stats.failed };
    }),
  );
}

/** Points the gauges at this process's services. */
export function measureServices(): void {
  measureFrom({
    liveStreams: openLiveStreams,
    roundsRunning: async () => runningRoundCount((await database()).db),
    queues: queueStats,
  });
}

/** Requests answered before routing: hashed files, other build files, and refusals by the checks. */
function unroutedLabel(path: string): string {
  return path.startsWith("/assets/") ? "/assets/*" : "(not routed)";
}

const ms = (value: number) => value.toFixed(1);

/** Adds `total` and `db` to an API answer's Server-Timing as its headers leave (streams included). */
function addTimingOnHeaders(res: Response, started: number): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!this.headersSent) {
      const own = this.getHeader("Server-Timing");
      const timing = `total;dur=${ms(performance.now() - started)}, db;dur=${ms(databaseTimeSoFar())}`;
      this.setHeader("Server-Timing", own ? `${own}, ${timing}` : timing);
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}

/**
 * Times every request: the histogram by route pattern, and Server-Timing on
 * API answers (what the browser's dev tools and a client see). The database
 * clock runs for the whole request, so `db` counts every query it made.
 */
export const timeRequests: RequestHandler = (req, res, next) => {
  const started = performance.now();
  if (req.path.startsWith("/api/") || isJsonApi(req.path)) addTimingOnHeaders(res, started);
  // "close" rather than "finish": a stream the client ends (a live screen leaving) never finishes.
  res.once("close", () => {
    const route = res.locals.route ?? unroutedLabel(req.path);
    observeRequest(route, req.method, res.statusCode, (performance.now() - started) / 1000);
  });
  withDatabaseClock(next);
};

function sameToken(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics for Prometheus (Express answers HEAD with it too). It does not exist without METRICS_TOKEN,
 * and asks for that token as a bearer token: the numbers tell how busy the
 * service is and which routes it has.
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return async (req, res, next) => {
    if (!token) return next();
    res.locals.route = "/metrics";
    const given = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !sameToken(given, token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain");
      res.send("/metrics needs the METRICS_TOKEN as a bearer token (Authorization: Bearer <token>).");
      return;
    }
    try {
      const text = await metricsText();
      res.set("Cache-Control", "no-store").type(METRICS_CONTENT_TYPE).send(text);
    } catch (error) {
      next(error);
    }
  };
}
