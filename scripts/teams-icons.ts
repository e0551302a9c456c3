/**
 * npm run teams:icons — draws the Teams app's two icons from the logo in
 * public/favicon.svg: color.png (192×192, the logo as it is) and
 * outline.png (32×32, the logo's lines in white on transparency, as Teams
 * asks for its app bar). Run it after changing the logo; the images are committed.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";

const teamsDir = fileURLToPath(new URL("../integrations/teams/", import.meta.url));
const logo = fs.readFileSync(fileURLToPath(new URL("../public/favicon.svg", import.meta.url)), "utf8");

function png(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
}

// The logo's circle, ring and dot as white lines: Teams tints the outline icon itself.
const outline = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="none" stroke="#ffffff" stroke-width="2"/><circle cx="16" cy="16" r="7.5" fill="none" stroke="#ffffff" stroke-width="2.5"/><circle cx="16" cy="8.5" r="3" fill="#ffffff"/></svg>`;

fs.writeFileSync(`${teamsDir}color.png`, png(logo, 192));
fs.writeFileSync(`${teamsDir}outline.png`, png(outline, 32));
console.log(`Wrote the Teams app's icons to ${teamsDir}`);
