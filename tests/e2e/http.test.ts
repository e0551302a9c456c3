import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { expectNoInternals } from "../support/assertions";

const baseUrl = inject("baseUrl");
const get = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init);

/** The bytes on the wire, still encoded (fetch would decompress them). */
function rawBody(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("serving like production", () => {
  it("renders the home page on the server: content is in the HTML before any script runs", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    // The run's shared server has no AI provider: the title and headline speak of the job, not of AI.
    expect(html).toContain("Open Every Team Meeting with the Right Question");
    expect(html).toContain("<title>CircleUp - Team Meeting Questions Generator</title>");
    expect(html).toMatch(/<header[^>]*>[\s\S]*How to Use[\s\S]*<\/header>/);
    // The copyright runs to the current year, written by the server.
    const year = new Date().getUTCFullYear();
    expect(html).toMatch(
      new RegExp(`<footer[^>]*>[\\s\\S]*Made in Copenhagen[\\s\\S]*© 2024–${year}[\\s\\S]*</footer>`),
    );
    // The category cards come from the database.
    for (const name of [
      "Remote Teams",
      "Daily Standup",
      "Team Building",
      "Retrospectives",
      "One-on-Ones",
      "All Hands",
    ]) {
      expect(html).toContain(name);
    }
  });

  it("enforces a Content-Security-Policy whose nonce is on every script and changes per response", async () => {
    const first = await get("/");
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
    expect(csp).toContain("frame-ancestors 'none'");

    // JSON-LD blocks are data the browser never runs, so CSP does not apply to them.
    const scripts = [...(await first.text()).matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1] ?? "")
      .filter((attributes) => !attributes.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);

    const second = await get("/");
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("sets the other security headers and a request id on every page, API answer and error", async () => {
    for (const response of [await get("/about"), await get("/no-such-page"), await get("/api/health")]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
      // Plain http here: HSTS only over https (see the lifecycle test).
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("keeps hashed assets' headers short: nosniff, but no document policies, validators or request id", async () => {
    const html = await (await get("/about")).text();
    const asset = await get(html.match(/\/assets\/[^"]+\.js/)?.[0] ?? "/assets/missing.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("content-security-policy")).toBeNull();
    expect(asset.headers.get("permissions-policy")).toBeNull();
    // Never revalidated: its name changes with its content.
    expect(asset.headers.get("etag")).toBeNull();
    expect(asset.headers.get("last-modified")).toBeNull();
    expect(asset.headers.get("x-request-id")).toBeNull();
  });

  it("serves hashed assets as immutable for a year, as the build's Brotli or gzip copy", async () => {
    const html = await (await get("/")).text();
    const assetPath = html.match(/\/assets\/entry\.client-[^"]+\.js/)?.[0];
    expect(assetPath).toBeTruthy();
    const plain = await rawBody(assetPath!, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.vary).toContain("Accept-Encoding");

    const brotli = await rawBody(assetPath!, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await rawBody(assetPath!, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // Compressed once at build time at the strongest settings: smaller than a response compressed on the fly.
    expect(gzip.body.length).toBeLessThanOrEqual(zlib.gzipSync(plain.body).length);
    expect(brotli.body.length).toBeLessThan(gzip.body.length * 0.92);
  });

  it("compresses pages as well as gzip can: streaming does not bloat them", async () => {
    const compressed = await rawBody("/", { "accept-encoding": "gzip" });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    const html = zlib.gunzipSync(compressed.body);
    // React Router flushes every ~2 KB React writes; flushed one by one, the home page came out 2.3 times as large.
    expect(compressed.body.length).toBeLessThan(zlib.gzipSync(html).length * 1.15);
  });

  it("answers an unknown path with the not-found page and HTTP 404", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("This page could not be found");
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).toContain("Made in Copenhagen");
    expectNoInternals(html);
  });

  it("answers a missing asset with a plain 404", async () => {
    const response = await get("/assets/does-not-exist-123.js");
    expect(response.status).toBe(404);
    expectNoInternals(await response.text());
  });

  it("reports health with the database and AI provider", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: { status: "up", engine: "pglite" },
      ai: { provider: "offline" },
    });
  });
});
