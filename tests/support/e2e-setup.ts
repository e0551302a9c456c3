import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { chromiumPath } from "./browser";
import { secretsInLog } from "./log-secrets";
import { skipOrFail } from "./loud-skip";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built app, started once for the browser tests. */
    baseUrl: string;
    /** Debian's Chromium, or null when it is missing (the browser tests then skip loudly). */
    chromium: string | null;
  }
}

export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  if (!chromium) skipOrFail("the browser (end-to-end) tests", "Chromium is not installed (apt-get install chromium)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-e2e-shared-"));
  const server = await startServer({ DATA_DIR: dataDir });
  project.provide("baseUrl", server.url);
  project.provide("chromium", chromium);
  return async () => {
    await server.stop();
    // The whole run's log of the shared server, against every secret its database came to hold.
    const leaked = await secretsInLog(dataDir, server.output());
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (leaked.length > 0) throw new Error(`The shared server's log holds secrets: ${leaked.join(", ")}`);
  };
}
