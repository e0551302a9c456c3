import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { chromiumPath, startSharedBrowser } from "./browser";
import { secretsInLog } from "./log-secrets";
import { skipOrFail } from "./loud-skip";
import { startSuitePostgres } from "./postgres";
import { startServer } from "./server";
import { postgresTemplate, preparePgliteTemplates } from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built app, started once for the browser tests. */
    baseUrl: string;
    /** Debian's Chromium, or null when it is missing (the browser tests then skip loudly). */
    chromium: string | null;
  }
}

/**
 * What the end-to-end files share, made once per run: the template
 * databases every test server starts from (PGlite and PostgreSQL), the
 * run's PostgreSQL, one Chromium that every file connects to, and one
 * server for the files that only read.
 */
export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  if (!chromium) skipOrFail("the browser (end-to-end) tests", "Chromium is not installed (apt-get install chromium)");
  const [removeTemplates, postgres, stopBrowser] = await Promise.all([
    preparePgliteTemplates(),
    startSuitePostgres().then(async (started) => {
      if (started.url) await postgresTemplate(started.url, "library");
      return started;
    }),
    chromium ? startSharedBrowser(chromium) : null,
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-e2e-shared-"));
  const server = await startServer({ DATA_DIR: dataDir });
  project.provide("baseUrl", server.url);
  project.provide("chromium", chromium);
  return async () => {
    await server.stop();
    await stopBrowser?.();
    await postgres.stop();
    // The whole run's log of the shared server, against every secret its database came to hold.
    const leaked = await secretsInLog(dataDir, server.output());
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeTemplates();
    if (leaked.length > 0) throw new Error(`The shared server's log holds secrets: ${leaked.join(", ")}`);
  };
}
