import "react-router";

/** What the HTTP layer hands every loader and action, besides the request. */
export type RequestContext = {
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  /** Echoed in the X-Request-Id header and every log line about this request. */
  requestId: string;
  /** The client's address (from X-Forwarded-For's trusted hops when TRUST_PROXY is set). */
  clientIp: string | null;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
