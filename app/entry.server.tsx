import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { DocumentProvider } from "~/lib/document-context";
import { logger } from "~/logger.server";
import { noteRouteError } from "~/web/request-scope.server";
// Inlined into every page: one render-blocking request fewer on a slow phone
// connection, for about 8 KB (gzip) of HTML.
import inlineStyles from "./app.css?inline";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  // Crawlers get the whole page at once; people get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;
    const onReady = () => {
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: statusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <DocumentProvider nonce={nonce} inlineStyles={inlineStyles}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentProvider>,
      {
        nonce,
        onShellReady: waitForAll ? undefined : onReady,
        onAllReady: waitForAll ? onReady : undefined,
        onShellError: reject,
        onError(error) {
          statusCode = 500;
          logger.error({ err: error, requestId: loadContext.requestId }, "render error");
        },
      },
    );
    timeoutId = setTimeout(abort, streamTimeout + 1000);
  });
}

/** What React Router throws when it refuses a form post from another site (the second for `.data` posts). */
const CROSS_SITE_REFUSALS = new Set([
  "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
  "`origin` header is not a valid URL. Aborting the action.",
  "Bad Request",
]);

/**
 * A form post whose Origin is not this site: React Router answers it with a
 * 400 before any action runs (Origin "null" and unparsable ones included).
 */
function isRefusedCrossSitePost(error: unknown, request: Request): boolean {
  if (!(error instanceof Error) || !CROSS_SITE_REFUSALS.has(error.message)) return false;
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/** Logs loader, action and render errors once, with the request id; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  if (noteRouteError(error).databaseUnreachable) {
    // An outage fails every request alike: one line each, no stack, and the answer is a 503.
    logger.warn({ requestId: context?.requestId, path }, "database unreachable");
    return;
  }
  // Anyone can send these; a line per refusal is enough, a stack would only bury real errors.
  if (isRefusedCrossSitePost(error, request)) {
    logger.warn({ requestId: context?.requestId, path }, "cross-site form post refused");
    return;
  }
  logger.error({ err: error, requestId: context?.requestId, path }, "route error");
};
