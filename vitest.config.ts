import fs from "node:fs";
import { defineConfig } from "vitest/config";
import { isClusterFile } from "./tests/support/page-slots";
import ClustersAmongPages, { FIRST_GROUP } from "./tests/support/sequencer";

const E2E = "tests/e2e";

const e2eFiles = fs
  .readdirSync(E2E)
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => `${E2E}/${file}`);

/**
 * The end-to-end files that look at pages in Chromium (layout shift, what
 * covers what, timings on a slow phone), and the files of several servers
 * (*-cluster), which may open phones too but mostly wait on their servers,
 * jobs and a chat service's Retry-After: about a fifth of a core each.
 */
const firstGroupFiles = e2eFiles.filter(
  (file) => isClusterFile(file) || fs.readFileSync(file, "utf8").includes("launchBrowser("),
);

/**
 * Two groups, one after the other, three files at a time. First the files
 * that look at pages, two at a time (they hold the run's two page slots,
 * one per core: what they measure must not depend on a third such file's
 * load), with a cluster file beside them. Then everything else: those
 * files often wait (on servers, jobs, retries, mail), and a third file
 * uses the core a waiting one leaves idle. Every end-to-end file that
 * changes data starts servers of its own (each on its own database), so
 * files do not see each other's data; the files on the shared server only
 * read, or write rows nobody else counts.
 */
const AFTER_PAGES = { maxWorkers: 3, sequence: { groupOrder: 1 } };

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // A test's state lives in its own databases, servers and browser contexts, never in a module shared
    // between files: one process runs many files, and imports Vitest, Playwright and the helpers once.
    isolate: false,
    // Test processes are short-lived: compiling the embedded database's optimised code would not pay back.
    execArgv: ["--liftoff-only"],
    sequence: { sequencer: ClustersAmongPages },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          ...AFTER_PAGES,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // Beside a browser file on a shared core, a render or an image can take a few times its usual time.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          ...AFTER_PAGES,
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/integration-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: firstGroupFiles,
          ...AFTER_PAGES,
          globalSetup: ["tests/support/e2e-setup.ts"],
          // A safety net, not a goal: with two files sharing two cores a browser test may take twice as long.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: FIRST_GROUP,
          include: firstGroupFiles,
          globalSetup: ["tests/support/e2e-setup.ts"],
          setupFiles: ["tests/support/page-slot-setup.ts"],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
