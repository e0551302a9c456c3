import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import { Piscina } from "piscina";
import { projectPath } from "~/project-root.server";

/** The worker's file name, beside this module in the source tree and at the top of build/server in a build. */
const PREVIEW_WORKER_FILE = "preview-worker.mjs";

function workerFile(): string {
  const candidates = [
    path.join(path.dirname(fileURLToPath(import.meta.url)), PREVIEW_WORKER_FILE),
    projectPath("build/server", PREVIEW_WORKER_FILE),
  ];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`The preview worker is missing: looked for ${candidates.join(" and ")}`);
  return found;
}

/**
 * A few worker threads that turn SVG into PNG. Drawing and encoding a
 * 1200x630 picture takes tens of milliseconds of CPU; on the main thread,
 * 40 at once held every other request for over a second. piscina keeps
 * exactly `size` workers (a crashed one fails its job and is replaced, never
 * counted twice), queues jobs in arrival order and lets idle workers not keep
 * the process alive. The pool starts with the first picture, all its workers
 * at once: starting one loads the renderer, better done before a burst than
 * in it. `file` is the worker module (the real renderer unless a test says).
 */
export function createPreviewWorkers(size: number, options: ResvgRenderOptions, file?: string) {
  let pool: Piscina<string, Uint8Array> | undefined;
  return {
    async render(svg: string): Promise<Buffer> {
      pool ??= new Piscina({
        filename: file ?? workerFile(),
        minThreads: size,
        maxThreads: size,
        concurrentTasksPerWorker: 1,
        workerData: { options },
      });
      const png = await pool.run(svg);
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    /** Stops every worker (tests, shutdown); the next render starts new ones. */
    async close(): Promise<void> {
      const stopping = pool;
      pool = undefined;
      await stopping?.destroy();
    },
  };
}
