import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startSharedBrowser, testChromiumPath } from "./browser";
import { secretsInLog } from "./log-secrets";
import { skipOrFail } from "./loud-skip";
import { startPageSlots } from "./page-slots";
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

type Shared = { baseUrl: string; chromium: string | null; stop: () => Promise<void> };

/** One set for the whole run, however many end-to-end projects ask for it; stopped when the last is done. */
const SHARED = Symbol.for("circleup.e2e-shared");
type Holder = { shared: Promise<Shared>; users: number };

/**
 * What the end-to-end files share, made once per run: the template
 * databases every test server starts from (PGlite and PostgreSQL), the
 * run's PostgreSQL, one Chromium that every file connects to, one
 * server for the files that only read, and the page slots.
 */
export default async function setup(project: TestProject) {
  const registry = globalThis as Record<symbol, Holder | undefined>;
  const holder = registry[SHARED] ?? { shared: startShared(), users: 0 };
  registry[SHARED] = holder;
  holder.users += 1;
  const shared = await holder.shared;
  project.provide("baseUrl", shared.baseUrl);
  project.provide("chromium", shared.chromium);
  return async () => {
    holder.users -= 1;
    if (holder.users > 0) return;
    delete registry[SHARED];
    await shared.stop();
  };
}

async function startShared(): Promise<Shared> {
  const chromium = testChromiumPath();
  if (!chromium)
    skipOrFail("the browser (end-to-end) tests", "Chromium is not installed (apt-get install chromium-headless-shell)");
  const [removeTemplates, postgres, stopBrowser] = await Promise.all([
    preparePgliteTemplates(),
    startSuitePostgres().then(async (started) => {
      if (started.url) await postgresTemplate(started.url, "library");
      return started;
    }),
    chromium ? startSharedBrowser(chromium) : null,
  ]);
  const stopPageSlots = await startPageSlots(2);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-e2e-shared-"));
  const server = await startServer({ DATA_DIR: dataDir });
  return {
    baseUrl: server.url,
    chromium,
    stop: async () => {
      await server.stop();
      await stopBrowser?.();
      await stopPageSlots();
      await postgres.stop();
      // The whole run's log of the shared server, against every secret its database came to hold.
      const leaked = await secretsInLog(dataDir, server.output());
      fs.rmSync(dataDir, { recursive: true, force: true });
      removeTemplates();
      if (leaked.length > 0) throw new Error(`The shared server's log holds secrets: ${leaked.join(", ")}`);
    },
  };
}
