import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { problemBody } from "~/web/http.server";

/** Seconds a client is asked to wait; PostgreSQL restarts or fails over in about that time. */
export const RETRY_AFTER_SECONDS = 5;
const PING_TIMEOUT_MS = 1_000;
/** Failed requests arrive in bursts during an outage; they share one ping. */
const PING_REUSE_MS = 500;

let lastPing: { at: number; result: Promise<boolean> } | undefined;

/** Whether the database answers a round trip now. */
export function databaseReachable(): Promise<boolean> {
  const now = Date.now();
  if (lastPing && now - lastPing.at < PING_REUSE_MS) return lastPing.result;
  const result = database()
    .then((handle) => handle.ping(PING_TIMEOUT_MS))
    .then(
      () => true,
      () => false,
    );
  lastPing = { at: now, result };
  return result;
}

/** A document: calm words, no stack, and the page tries again by itself. */
function unavailablePage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}">
<title>We'll be right back · CircleUp</title>
<style nonce="${nonce}">
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fbf8f3;color:#2d2a26;font:18px/1.6 system-ui,sans-serif}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font:600 2rem/1.2 Georgia,serif;margin:0 0 1rem}
a{color:#8a4b2a}
</style>
</head>
<body>
<main>
<h1>We'll be right back</h1>
<p>CircleUp can't reach its database for a moment. Nothing you saved is lost.</p>
<p>This page tries again by itself, or <a href="">reload it</a>.</p>
</main>
</body>
</html>`;
}

function wantsJson(req: ExpressRequest): boolean {
  return req.path.startsWith("/api/") || req.path.startsWith("/functions/") || !req.accepts("html");
}

/** 503 with Retry-After: the API's problem body, or the calm page for a browser. */
export function sendUnavailable(req: ExpressRequest, res: ExpressResponse): void {
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  if (wantsJson(req)) {
    res.json(problemBody(coded("SERVICE_UNAVAILABLE"), { retryable: true }));
  } else {
    res.type("html").send(unavailablePage(res.locals.cspNonce));
  }
}
