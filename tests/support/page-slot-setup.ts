import { afterAll, beforeAll, expect } from "vitest";
import { isClusterFile, takePageSlot } from "./page-slots";

/**
 * Each file that looks at pages holds one of the run's page slots while it
 * runs (two at a time, one per core): layout shift and a slow phone's
 * timings must not depend on a third such file's load. The cluster files
 * run beside them without one: they mostly wait on their servers and jobs.
 */
let release: (() => void) | undefined;

beforeAll(async () => {
  if (!isClusterFile(expect.getState().testPath ?? "")) release = await takePageSlot();
});

afterAll(() => {
  release?.();
  release = undefined;
});
