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
    expect(ids.length).toBeGreaterThanOrEqual(21);
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

  it("draws many new pictures at once on its worker threads, each a whole 1200x630 PNG of its own question", async () => {
    const batch = ids.slice(9, 21);
    const pictures = await Promise.all(
      batch.map(async (id) => {
        const response = await image(id);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/png");
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    for (const png of pictures) {
      expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      // The IHDR chunk: width and height, then the end of the file.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      expect(png.subarray(-8, -4).toString("latin1")).toBe("IEND");
      expect(png.length).toBeGreaterThan(10_000);
    }
    expect(new Set(pictures.map((png) => png.toString("base64"))).size).toBe(batch.length);
  });
});
