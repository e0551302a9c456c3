import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { problemBody } from "~/web/http.server";

/**
 * Page views and errors come from anonymous browsers, so nothing else bounds
 * how many rows one address can add to the events table. A reader produces
 * one page view per page, far below this; an office behind one address
 * loses only its surplus analytics, never a page.
 */
const EVENTS_PER_MINUTE = 120;

export function eventsRateLimit(): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: EVENTS_PER_MINUTE,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res
        .status(429)
        .json(
          problemBody("Too many events from this address: try again in a minute", "RATE_LIMITED", { retryable: true }),
        );
    },
  });
}
