// Draws preview PNGs off the main thread: the SVG is rendered and encoded
// here, so a burst of new previews never holds up other requests. Plain
// JavaScript, so it runs as it is from the source tree and from the build
// (vite.config.ts copies it to build/server/). The render options (the font
// files) come from the main thread in workerData.
import { parentPort, workerData } from "node:worker_threads";
import { Resvg } from "@resvg/resvg-js";

parentPort?.on("message", (/** @type {{ id: number, svg: string }} */ { id, svg }) => {
  try {
    const png = new Resvg(svg, workerData.options).render().asPng();
    parentPort?.postMessage({ id, png });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
