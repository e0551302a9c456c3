import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
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

type Job = { id: number; svg: string; resolve: (png: Buffer) => void; reject: (error: Error) => void };
type Reply = { id: number; png?: Uint8Array; error?: string };

/**
 * A few worker threads that turn SVG into PNG. Drawing and encoding a
 * 1200x630 picture takes tens of milliseconds of CPU; on the main thread,
 * 40 at once held every other request for over a second. Jobs wait in
 * arrival order for a free worker; a worker that dies fails its job and is
 * replaced by the next one asked for. Workers do not keep the process alive.
 */
export function createPreviewWorkers(size: number, options: ResvgRenderOptions) {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const waiting: Job[] = [];
  let started = 0;
  let nextId = 0;

  function spawn(): Worker {
    const worker = new Worker(workerFile(), { workerData: { options } });
    worker.unref();
    started++;
    worker.on("message", (reply: Reply) => {
      const job = busy.get(worker);
      busy.delete(worker);
      if (job && job.id === reply.id) {
        if (reply.png) job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
        else job.reject(new Error(`The preview could not be drawn: ${reply.error ?? "no picture"}`));
      }
      release(worker);
    });
    const lost = (error: Error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      const index = idle.indexOf(worker);
      if (index >= 0) idle.splice(index, 1);
      started--;
      job?.reject(error);
      dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`The preview worker stopped (exit code ${code})`)));
    return worker;
  }

  function release(worker: Worker) {
    idle.push(worker);
    dispatch();
  }

  function dispatch() {
    // All workers start with the first picture: starting one loads the renderer, better done before a burst than in it.
    while (waiting.length > 0 && started < size) idle.push(spawn());
    while (waiting.length > 0) {
      const worker = idle.pop() ?? (started < size ? spawn() : undefined);
      if (!worker) return;
      const job = waiting.shift() as Job;
      busy.set(worker, job);
      worker.postMessage({ id: job.id, svg: job.svg });
    }
  }

  return {
    render(svg: string): Promise<Buffer> {
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ id: nextId++, svg, resolve, reject });
        dispatch();
      });
    },
    /** Stops every worker (tests, shutdown); the next render starts new ones. */
    async close(): Promise<void> {
      const all = [...idle, ...busy.keys()];
      idle.length = 0;
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}
