import path from "node:path";
import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "~/domain/sharing/concurrency-limit";
import { createPreviewCache } from "~/domain/sharing/preview-cache.server";
import { previewPng, previewSvg } from "~/domain/sharing/preview-image.server";
import { createPreviewWorkers } from "~/domain/sharing/preview-workers.server";
import { clientHasVersion } from "~/web/http.server";

const INPUT = { question: "What made you smile this week?", label: "Check-in question", appName: "CircleUp" };
const ID = "0b7c2f7e-52a4-4d0c-9a57-6c3e5c3f1a11";

/** A renderer that counts its drawings and finishes when told to. */
function manualRenderer() {
  const calls: { svg: string; finish: (png?: Buffer) => void; fail: (error: Error) => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const render = (svg: string) =>
    new Promise<Buffer>((resolve, reject) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const done = () => running--;
      calls.push({
        svg,
        finish: (png = Buffer.from(svg)) => {
          done();
          resolve(png);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  return { render, calls, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the preview image of a question with a control character", () => {
  it("leaves the control character out of the SVG", () => {
    const svg = previewSvg({
      ...INPUT,
      question: "What made you\u0007 smile\u001b this\u000bweek?",
      appName: "Circle\u0000Up",
    });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    expect(svg).toContain("What made you smile this week?");
    expect(svg).toContain(">CircleUp<");
  });

  it("is still drawn as a 1200x630 PNG", async () => {
    const png = await previewPng({ ...INPUT, question: "What made you\u0007 smile this week?" });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe("the preview cache", () => {
  it("draws a question once and names the picture by its text", async () => {
    const renderer = manualRenderer();
    const cache = createPreviewCache({ render: renderer.render });
    const first = cache.preview(ID, INPUT);
    const drawing = first.png();
    const sameTime = cache.preview(ID, INPUT).png();
    await settle();
    renderer.calls[0]?.finish();
    expect(await drawing).toEqual(await sameTime);
    const again = cache.preview(ID, INPUT);
    expect(again.etag).toBe(first.etag);
    expect(await again.png()).toEqual(await drawing);
    expect(renderer.calls).toHaveLength(1);
  });

  it("draws an edited question anew, under a new ETag", async () => {
    const cache = createPreviewCache({ render: async (svg) => Buffer.from(svg) });
    const before = cache.preview(ID, INPUT);
    const edited = cache.preview(ID, { ...INPUT, question: "What made you laugh this week?" });
    const relabelled = cache.preview(ID, { ...INPUT, label: "Energizer" });
    expect(new Set([before.etag, edited.etag, relabelled.etag]).size).toBe(3);
    expect((await edited.png()).toString()).toContain("What made you laugh this week?");
    expect((await before.png()).toString()).toContain("What made you smile this week?");
  });

  it("keeps only the most recently used pictures", async () => {
    let drawings = 0;
    const cache = createPreviewCache({
      maxEntries: 2,
      render: async (svg) => {
        drawings++;
        return Buffer.from(svg);
      },
    });
    const question = (n: number) => ({ ...INPUT, question: `Question number ${n}?` });
    await cache.preview(ID, question(1)).png();
    await cache.preview(ID, question(2)).png();
    await cache.preview(ID, question(1)).png(); // used again: question 2 is now the oldest
    await cache.preview(ID, question(3)).png();
    expect(cache.size).toBe(2);
    expect(drawings).toBe(3);
    await cache.preview(ID, question(1)).png();
    expect(drawings).toBe(3);
    await cache.preview(ID, question(2)).png();
    expect(drawings).toBe(4);
  });

  it("draws two pictures at a time and lets the rest wait", async () => {
    const renderer = manualRenderer();
    const cache = createPreviewCache({ concurrency: 2, render: renderer.render });
    const pictures = [1, 2, 3, 4, 5].map((n) => cache.preview(ID, { ...INPUT, question: `Question ${n}?` }).png());
    await settle();
    expect(renderer.calls).toHaveLength(2);
    for (let i = 0; i < 5; i++) {
      renderer.calls[i]?.finish();
      await settle();
    }
    await Promise.all(pictures);
    expect(renderer.calls).toHaveLength(5);
    expect(renderer.mostAtOnce()).toBe(2);
  });

  it("tries a failed drawing again on the next request", async () => {
    const renderer = manualRenderer();
    const cache = createPreviewCache({ render: renderer.render });
    const failed = cache.preview(ID, INPUT).png();
    await settle();
    renderer.calls[0]?.fail(new Error("out of memory"));
    await expect(failed).rejects.toThrow("out of memory");
    const retried = cache.preview(ID, INPUT).png();
    await settle();
    renderer.calls[1]?.finish();
    await expect(retried).resolves.toBeInstanceOf(Buffer);
  });
});

/** Answers with the id of the thread that drew, and takes its thread down on "crash". */
const CRASHING_WORKER = path.resolve(import.meta.dirname, "fixtures/crashing-preview-worker.mjs");

describe("the preview workers", () => {
  it("replace a crashed worker without growing past their size, and draw the next pictures", async () => {
    const workers = createPreviewWorkers(1, {}, CRASHING_WORKER);
    try {
      await expect(workers.render("crash")).rejects.toThrow();
      const drawn = await Promise.all([1, 2, 3, 4].map((n) => workers.render(`picture ${n}`)));
      // A pool of one: every picture after the crash comes from the same single thread.
      expect(new Set(drawn.map((png) => png.toString()))).toHaveLength(1);
      await expect(workers.render("crash")).rejects.toThrow();
      await expect(workers.render("crash")).rejects.toThrow();
      const after = await Promise.all([5, 6, 7].map((n) => workers.render(`picture ${n}`)));
      expect(new Set(after.map((png) => png.toString()))).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });
});

describe("concurrencyLimit", () => {
  it("frees a failed task's place for the next one", async () => {
    const limit = concurrencyLimit(1);
    const failing = limit(() => Promise.reject(new Error("no")));
    const next = limit(async () => "ran");
    await expect(failing).rejects.toThrow("no");
    await expect(next).resolves.toBe("ran");
  });
});

describe("clientHasVersion", () => {
  const request = (ifNoneMatch?: string) =>
    new Request("http://x/", { headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} });

  it("matches the ETag the client sends back, alone, in a list, weak, or as *", () => {
    expect(clientHasVersion(request('"abc"'), '"abc"')).toBe(true);
    expect(clientHasVersion(request('"old", W/"abc"'), '"abc"')).toBe(true);
    expect(clientHasVersion(request("*"), '"abc"')).toBe(true);
    expect(clientHasVersion(request('"old"'), '"abc"')).toBe(false);
    expect(clientHasVersion(request(), '"abc"')).toBe(false);
  });
});
