import crypto from "node:crypto";

/** A fresh nonce for each response: the only inline scripts allowed are those carrying it. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy, enforced (not report-only). In development
 * Vite injects inline scripts and a websocket, so the policy is looser there.
 */
export type PolicyOptions = {
  dev: boolean;
  https: boolean;
  /** Origins a form may lead to besides our own, such as the Google sign-in page after our redirect. */
  formTargets?: string[];
};

export function contentSecurityPolicy(nonce: string, options: PolicyOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": options.dev ? ["'self'", "ws:"] : ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...(options.formTargets ?? [])],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/**
 * Headers for hashed scripts and styles. The document policies (CSP, framing,
 * opener, permissions, referrer) mean nothing on a script, and a page loads
 * around twenty of them: on a slow phone connection those bytes add up.
 */
export function staticAssetHeaders(options: Pick<PolicyOptions, "https">): Record<string, string> {
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** Headers every other response carries, whatever produced it: the asset headers plus the document policies. */
export function securityHeaders(nonce: string, options: PolicyOptions): Record<string, string> {
  return {
    ...staticAssetHeaders(options),
    "Content-Security-Policy": contentSecurityPolicy(nonce, options),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
}
