import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/**
 * A path inside the project folder, found from wherever this module runs
 * (app/ in development and tests, build/server once bundled).
 */
export function projectPath(...segments: string[]): string {
  if (!root) {
    let dir = path.dirname(fileURLToPath(import.meta.url));
    while (!fs.existsSync(path.join(dir, "package.json"))) {
      const parent = path.dirname(dir);
      if (parent === dir) throw new Error("Cannot find the project folder (no package.json above this module)");
      dir = parent;
    }
    root = dir;
  }
  return path.join(root, ...segments);
}
