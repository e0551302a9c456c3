import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

/**
 * Share-page preview images against the built server: drawn once per
 * question text, revalidated with an ETag, and drawn without holding up
 * anyone else's request. The server is its own, so no image is drawn before
 * these tests ask for it.
 */
describe("preview images", () => {
  let server: RunningServer;
  let ids: string[];
  const image = (id: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/q/${id}/image.png`, { headers });

  beforeAll(async () => {
    server = await startServer();
    const list = await (await fetch(`${server.url}/api/v1/questions?sort=newest`)).json();
    ids = (list.items as { id: string }[]).map((q) => q.id);
    expect(ids.length).toBeGreaterThanOrEqual(9);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends the same picture with the same ETag again, and answers 304 to a client that has it", async () => {
    const id = ids[0] as string;
    const first = await image(id);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    const png = Buffer.from(await first.arrayBuffer());

    const second = await image(id);
    expect(second.headers.get("etag")).toBe(etag);
    expect(Buffer.from(await second.arrayBuffer()).equals(png)).toBe(true);

    const revalidated = await image(id, { "if-none-match": etag as string });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("cache-control")).toContain("max-age");
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);

    const stale = await image(id, { "if-none-match": '"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("etag")).toBe(etag);
  });

  it("keeps answering other requests while it draws eight new pictures", async () => {
    const finished: string[] = [];
    const drawing = ids.slice(1, 9).map((id, i) =>
      image(id)
        .then((response) => response.arrayBuffer())
        .then(() => finished.push(`image ${i}`)),
    );
    // Asked once the server is busy drawing: the first picture is out, seven are still to come.
    await Promise.race(drawing);
    const health = await fetch(`${server.url}/api/health`);
    finished.push("health");
    expect(health.status).toBe(200);
    await Promise.all(drawing);
    expect(finished.indexOf("health")).toBeLessThan(finished.length - 1);
  });
});
