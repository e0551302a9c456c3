import "react-router";

/**
 * The request body as the checks before routing parsed it, once: actions
 * read it from here (the API adapter, formBody), never from the Request again.
 * "none": no body, or one only better-auth reads (it gets the raw bytes).
 */
export type ParsedBody = { kind: "json"; value: unknown } | { kind: "form"; value: FormData } | { kind: "none" };

/** What the HTTP layer hands every loader and action, besides the request. */
export type RequestContext = {
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  /** Echoed in the X-Request-Id header and every log line about this request. */
  requestId: string;
  /** The client's address (from X-Forwarded-For's trusted hops when TRUST_PROXY is set). */
  clientIp: string | null;
  body: ParsedBody;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
