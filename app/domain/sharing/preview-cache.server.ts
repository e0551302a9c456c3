import { createHash } from "node:crypto";
import { concurrencyLimit } from "./concurrency-limit";
import { type PreviewInput, previewSvg, svgToPng } from "./preview-image.server";

export type Preview = {
  /** A strong validator: the hash of the SVG, so an edited question (or label, or name) gets a new one. */
  etag: string;
  /** The PNG, drawn on the first call and kept while it is among the most recently used. */
  png(): Promise<Buffer>;
};

export type PreviewCacheOptions = {
  /** About 70 KB each. */
  maxEntries?: number;
  /** Drawings at once; each holds one of the preview worker threads (preview-image.server.ts has two). */
  concurrency?: number;
  render?: (svg: string) => Promise<Buffer>;
};

/**
 * Preview PNGs kept in memory per question id and SVG hash. Map order is the
 * recency order (a hit moves its entry to the end), the oldest goes first.
 * Requests for an image still being drawn wait for that drawing instead of
 * starting their own.
 */
export function createPreviewCache({ maxEntries = 200, concurrency = 2, render = svgToPng }: PreviewCacheOptions = {}) {
  const entries = new Map<string, Promise<Buffer>>();
  const limit = concurrencyLimit(concurrency);

  function draw(key: string, svg: string): Promise<Buffer> {
    const drawing = limit(() => render(svg));
    entries.set(key, drawing);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    // A failed drawing is not kept: the next request tries again.
    drawing.catch(() => {
      if (entries.get(key) === drawing) entries.delete(key);
    });
    return drawing;
  }

  return {
    preview(id: string, input: PreviewInput): Preview {
      const svg = previewSvg(input);
      const hash = createHash("sha256").update(svg).digest("base64url").slice(0, 32);
      const key = `${id}:${hash}`;
      return {
        etag: `"${hash}"`,
        png() {
          const cached = entries.get(key);
          if (!cached) return draw(key, svg);
          entries.delete(key);
          entries.set(key, cached);
          return cached;
        },
      };
    },
    get size() {
      return entries.size;
    },
  };
}

/** The server's one cache of share-page previews. */
export const previewCache = createPreviewCache();
