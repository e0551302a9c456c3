import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, securityHeaders } from "../../server/security-headers";

describe("security headers", () => {
  it("allows scripts only from our origin or with this response's nonce", () => {
    const csp = contentSecurityPolicy("abc123", { dev: false, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("gives every response a different nonce", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
  });

  it("sends HSTS and upgrades requests only over https", () => {
    expect(securityHeaders("n", { dev: false, https: false })["Strict-Transport-Security"]).toBeUndefined();
    const https = securityHeaders("n", { dev: false, https: true });
    expect(https["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(https["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
  });

  it("sets the referrer and sniffing policies", () => {
    const headers = securityHeaders("n", { dev: false, https: false });
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  });
});
