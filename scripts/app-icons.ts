/**
 * npm run icons:app — draws the installed app's icons (public/icon-192.png,
 * public/icon-512.png and public/icon-maskable-512.png) from the logo in
 * public/favicon.svg. Run it after changing the logo; the images are committed.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";

const publicDir = fileURLToPath(new URL("../public/", import.meta.url));
const logo = fs.readFileSync(`${publicDir}favicon.svg`, "utf8");
// The logo's drawing without its <svg> wrapper, to place it on a larger canvas.
const drawing = logo.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");

function png(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
}

// A launcher may cut a maskable icon to any shape inside the middle 80%, so the
// logo fills the middle 60% of a canvas painted in the brand's cream.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#fbf8f3"/><g transform="translate(6.4 6.4) scale(0.6)">${drawing}</g></svg>`;

fs.writeFileSync(`${publicDir}icon-192.png`, png(logo, 192));
fs.writeFileSync(`${publicDir}icon-512.png`, png(logo, 512));
fs.writeFileSync(`${publicDir}icon-maskable-512.png`, png(maskable, 512));
console.log(`Wrote the app icons to ${publicDir}`);
