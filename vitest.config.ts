import { defineConfig } from "vitest/config";

/**
 * Two test files at a time across all three projects (one per core): the
 * scheduler starts the longest files first, and the unit and integration
 * files fill the gaps while browser files wait on their pages. Every
 * end-to-end file that changes data starts servers of its own (from the
 * run's template database), so files do not see each other's data; the
 * files on the shared server only read, or write rows nobody else counts.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    maxWorkers: 2,
    // A test's state lives in its own databases, servers and browser contexts, never in a module shared
    // between files: one process runs many files, and imports Vitest, Playwright and the helpers once.
    isolate: false,
    // Test processes are short-lived: compiling the embedded database's optimised code would not pay back.
    execArgv: ["--liftoff-only"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
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
          globalSetup: ["tests/support/e2e-setup.ts"],
          // A safety net, not a goal: with two files sharing two cores a browser test may take twice as long.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
