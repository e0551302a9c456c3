import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Scalar's package, found as Node finds it (its files are not exported one by one). */
const scalarDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")), "..");
const scalarVersion: string = JSON.parse(fs.readFileSync(path.join(scalarDir, "package.json"), "utf8")).version;

/** The bundle's address names its version, so browsers keep it until an upgrade changes the address. */
export const API_REFERENCE_SCRIPT_NAME = `scalar-${scalarVersion}.js`;
export const API_REFERENCE_SCRIPT = `/api/docs/${API_REFERENCE_SCRIPT_NAME}`;

let script: Promise<{ body: Buffer; etag: string }> | undefined;

/** Scalar's standalone bundle (one file, no further downloads), read once. */
export function apiReferenceScript(): Promise<{ body: Buffer; etag: string }> {
  script ??= fs.promises.readFile(path.join(scalarDir, "dist/browser/standalone.js")).then((body) => ({
    body,
    etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 16)}"`,
  }));
  return script;
}
