// Draws preview PNGs off the main thread: the SVG is rendered and encoded
// here, so a burst of new previews never holds up other requests. Plain
// JavaScript, so it runs as it is from the source tree and from the build
// (vite.config.ts copies it to build/server/). piscina calls the default
// export with one SVG; the render options (the font files) come from the
// main thread in workerData.
import { Resvg } from "@resvg/resvg-js";
import { workerData } from "piscina";

/** @param {string} svg */
export default function draw(svg) {
  return new Resvg(svg, workerData.options).render().asPng();
}
