import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServerBuild } from "react-router";
import { config } from "~/config.server";
import { isDatabaseUnreachable } from "~/db/connection-errors";
import { CLIENT_IP_HEADER } from "~/domain/accounts/auth.server";
import { logger } from "~/logger.server";
import { closeDatabase, database, startJobs, stopJobs, stopLiveHub } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { englishMessage, say } from "~/shared/errors/english";
import { discordRouter } from "~/web/chat/discord.server";
import { googleChatRouter } from "~/web/chat/google-chat.server";
import { slackRouter } from "~/web/chat/slack.server";
import { teamsRouter } from "~/web/chat/teams.server";
import { problemBody, statusOf } from "~/web/http.server";
import { compress } from "./compress";
import type { RequestContext } from "./load-context";
import { measureServices, metricsEndpoint, timeRequests } from "./metrics";
import {
  ALLOWED_METHODS,
  BODY_LIMIT_BYTES,
  isJsonApi,
  parseBody,
  type Refusal,
  refuseAddress,
  refuseContentType,
  refuseForeignOrigin,
  refuseMethod,
} from "./request-guards";
import { routerHandler } from "./request-handler";
import { createNonce, securityHeaders, staticAssetHeaders } from "./security-headers";
import { databaseReachable, sendUnavailable } from "./unavailable";

const REQUEST_ID = /^[\w.-]{1,64}$/;
/** Where the build's content-hashed files are served. */
const ASSETS_PATH = "/assets/";

declare global {
  namespace Express {
    interface Locals extends RequestContext {}
  }
}

/** Request id, security headers and one log line per request (path only: queries can hold e-mails). */
function requestBasics(dev: boolean): RequestHandler {
  const { google, billing } = config();
  // A form may lead to Google's sign-in, and the billing page's forms to Stripe's Checkout and portal
  // (a browser applies form-action to the redirect that follows a form too).
  const formTargets = [
    ...(google ? [new URL(google.issuer).origin] : []),
    ...(billing ? ["https://checkout.stripe.com", "https://billing.stripe.com"] : []),
    ...(billing?.apiUrl ? [billing.apiUrl.origin] : []),
  ];
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const cspNonce = createNonce();
    res.locals.requestId = requestId;
    res.locals.cspNonce = cspNonce;
    res.locals.clientIp = req.ip ?? null;
    // better-auth reads the client IP (rate limits, session list) from this header only; a client's own value is replaced.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    if (req.path.startsWith(ASSETS_PATH)) {
      // A hashed file is the same for everyone: its request id (still in the log line) would only add bytes to every script.
      res.set(staticAssetHeaders({ https: req.secure }));
    } else {
      res.set("X-Request-Id", requestId);
      res.set(securityHeaders(cspNonce, { dev, https: req.secure, formTargets }));
    }

    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      logger[level](
        { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}

/** Static files, sent as the build's Brotli or gzip copy when the browser accepts one. */
function precompressed(root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions["serveStatic"]) {
  return expressStaticGzip(root, { enableBrotli: true, orderPreference: ["br", "gz"], index: false, serveStatic });
}

/** A refusal as the caller reads it: the API's problem body, or one plain sentence for a page. */
function refuse(req: express.Request, res: express.Response, refusal: Refusal): void {
  res.status(statusOf(refusal));
  if (req.path.startsWith("/api/") || isJsonApi(req.path)) {
    res.json(problemBody(refusal));
  } else {
    res.type("text/plain").send(englishMessage(refusal));
  }
}

/** What body-parser's errors mean to the sender; its own messages name internals. */
const BODY_ERRORS: Record<string, Refusal> = {
  "entity.too.large": coded("PAYLOAD_TOO_LARGE", { megabytes: BODY_LIMIT_BYTES / 1024 / 1024 }),
  "encoding.unsupported": coded("BODY_ENCODING_UNSUPPORTED"),
  "charset.unsupported": coded("BODY_CHARSET_UNSUPPORTED"),
};

/** A method no route answers gets 405 and the list of those that some route does (Allow). */
const guardMethod: RequestHandler = (req, res, next) => {
  const refusal = refuseMethod(req.method);
  if (!refusal) return next();
  res.set("Allow", ALLOWED_METHODS.join(", "));
  refuse(req, res, refusal);
};

/** Requests that could only fail later are refused before routing, with a status and a reason. */
const guardAddress: RequestHandler = (req, res, next) => {
  const refusal = refuseAddress(req.originalUrl);
  if (refusal) refuse(req, res, refusal);
  else next();
};

function guardOrigin(publicUrl: string): RequestHandler {
  const url = new URL(publicUrl);
  const loopback = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  const port = url.port ? `:${url.port}` : "";
  const allowed = new Set(loopback ? [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`] : []);
  allowed.add(url.origin);
  return (req, res, next) => {
    const refusal = refuseForeignOrigin(req, allowed);
    if (!refusal) return next();
    logger.warn({ requestId: res.locals.requestId, method: req.method, path: req.path }, "foreign origin refused");
    refuse(req, res, refusal);
  };
}

/**
 * A body declared larger than the limit is refused before any of it is read:
 * body-parser would drain all of it first, keeping the sender waiting.
 */
const refuseDeclaredSize: RequestHandler = (req, res, next) => {
  const declared = Number(req.get("content-length") ?? 0);
  if (!(declared > BODY_LIMIT_BYTES)) return next();
  res.set("Connection", "close");
  refuse(req, res, BODY_ERRORS["entity.too.large"] as Refusal);
};

const readBody = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });

/** Refuses a body no route can use, and keeps the parsed body for the route (the body is parsed once). */
const guardBody: RequestHandler = async (req, res, next) => {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const refusal = refuseContentType(req, body);
  if (refusal) return refuse(req, res, refusal);
  const parsed = await parseBody(req, body);
  if ("refusal" in parsed) return refuse(req, res, parsed.refusal);
  res.locals.body = parsed;
  next();
};

/** Last resort: an error outside React Router is logged with its stack, answered without one. */
const errorHandler: ErrorRequestHandler = async (error, req, res, _next) => {
  const known = BODY_ERRORS[String(error?.type)];
  const status = Number(error?.status ?? error?.statusCode);
  if (known || (status >= 400 && status < 500)) {
    // Client errors raised by middleware (a missing asset, a malformed body): no stack to log.
    if (res.headersSent) return res.end();
    if (known) return refuse(req, res, known);
    res
      .status(status)
      .type("text/plain")
      .send(say(status === 404 ? "NOT_FOUND" : "BAD_REQUEST"));
    return;
  }
  if (res.headersSent) return res.end();
  if (isDatabaseUnreachable(error) || !(await databaseReachable())) return sendUnavailable(req, res);
  logger.error({ err: error, requestId: res.locals.requestId }, "unhandled request error");
  res.status(500).type("text/plain").send(say("INTERNAL_ERROR"));
};

/**
 * The HTTP application. In development Vite serves assets and modules; in
 * production they come from build/client beside this bundle.
 */
export function createApp({ dev }: { dev: boolean }): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Express walks X-Forwarded-For from the right, believing only trusted hops.
  app.set("trust proxy", config().trustProxy);
  app.use(requestBasics(dev));
  app.use(timeRequests);
  app.use(guardMethod);
  app.use(compress());
  app.get("/metrics", metricsEndpoint(config().metricsToken));

  if (!dev) {
    const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
    // The build writes Brotli and gzip copies of these files (vite.config.ts);
    // they are sent as they are, so no request spends CPU compressing them.
    // File names under /assets carry a content hash, so they never change and
    // are never revalidated: no ETag, Last-Modified or ranges, about 0.1 KB
    // less on each of the scripts a page loads.
    app.use(
      ASSETS_PATH,
      precompressed(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        fallthrough: false,
        etag: false,
        lastModified: false,
        acceptRanges: false,
      }),
    );
    app.use(precompressed(clientDir, { maxAge: "1h", index: false }));
  }

  // Slack signs the exact bytes it sends: its routes read their own body and verify it before anything else.
  const slack = slackRouter();
  if (slack) app.use(slack);
  // Discord signs the exact bytes too (Ed25519): the same, before the body is read for the pages.
  const discord = discordRouter();
  if (discord) app.use(discord);
  // The Bot Framework's activities carry their own JWT, checked by the SDK: no cookie, origin or body guard applies.
  const teams = teamsRouter();
  if (teams) app.use(teams);
  // Google Chat's events carry a bearer token that is checked before the body is read.
  const googleChat = googleChatRouter();
  if (googleChat) app.use(googleChat);

  app.use(guardAddress, guardOrigin(config().publicUrl), refuseDeclaredSize, readBody, guardBody);
  app.use(
    routerHandler({
      build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res): RequestContext => ({
        cspNonce: res.locals.cspNonce,
        requestId: res.locals.requestId,
        clientIp: req.ip ?? null,
        body: res.locals.body ?? { kind: "none" },
      }),
    }),
  );
  app.use(errorHandler);
  return app;
}

/** Opens, migrates and seeds the database; the server listens only after this succeeds. */
export async function prepare(): Promise<void> {
  config();
  await database();
  measureServices();
  // Mail, and the deletion of expired rounds, limit windows, sessions and tokens, run here as jobs, never inside a request.
  await startJobs();
}

/** Live event streams never finish by themselves: they are ended first, so the server can close. */
export async function closeStreams(): Promise<void> {
  await stopLiveHub();
}

export async function shutdown(): Promise<void> {
  await stopLiveHub();
  await stopJobs();
  await closeDatabase();
}

export { config, logger };
