import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { databaseWasUnreachable, inRequestScope } from "~/web/request-scope.server";
import { bodyBytes } from "./request-guards";
import { routePattern } from "./route-pattern";
import { databaseReachable, sendUnavailable } from "./unavailable";

type Options = {
  build: () => Promise<ServerBuild>;
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/** The URL the browser asked for, with the host and scheme the trusted proxy reports. */
function requestUrl(req: ExpressRequest): URL | undefined {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined;
  const host = forwardedHost?.split(",", 1)[0]?.trim() || req.get("host") || "localhost";
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return undefined;
  }
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  // The body was read, checked and parsed before routing (actions take the parsed body from the load context);
  // its bytes stay on the Request, unparsed, for better-auth. An empty one is no body.
  const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? bodyBytes(req.body) : undefined;
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, { method: req.method, headers, body: hasBody ? body : undefined, signal: controller.signal });
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * React Router behind Express. A 500 while the database is unreachable is
 * an outage, not a bug: it is answered 503 with Retry-After, so clients and
 * load balancers wait instead of giving up, and service returns by itself.
 */
export function routerHandler({ build, mode, getLoadContext }: Options): RequestHandler {
  // Given a function, React Router loads the build and derives its route table on every request:
  // right while developing (the build changes), wasted work in production, where it never does.
  let handle: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  let loaded: Promise<ServerBuild> | undefined;
  return async (req, res, next) => {
    try {
      const current = loaded ?? build();
      if (mode === "production") loaded = current;
      handle ??=
        mode === "production"
          ? current.then((built) => createRequestHandler(built, mode))
          : Promise.resolve(createRequestHandler(build, mode));
      const handleRequest = await handle;
      const url = requestUrl(req);
      if (!url) {
        res.status(400).type("text/plain").send("The Host header is not a valid host name");
        return;
      }
      res.locals.route = routePattern((await current).routes, url.pathname);
      const request = fetchRequest(req, res, url);
      const context = getLoadContext(req, res);
      let outage = false;
      const response = await inRequestScope(async () => {
        const answer = await handleRequest(request, context);
        outage = databaseWasUnreachable();
        return answer;
      });
      if (response.status === 500 && (outage || !(await databaseReachable()))) {
        await response.body?.cancel();
        sendUnavailable(req, res);
        return;
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
