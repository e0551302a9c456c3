import type { TestProject } from "vitest/node";
import { skipOrFail } from "./loud-skip";
import { startSuitePostgres } from "./postgres";
import { postgresTemplate, preparePgliteTemplates } from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of a PostgreSQL server the tests may create databases on, or null when none could be had. */
    postgresUrl: string | null;
  }
}

/**
 * Uses DATABASE_URL when set, otherwise a throwaway cluster for the whole
 * run; makes the run's template databases on both engines once, before any
 * test file copies them.
 */
export default async function setup(project: TestProject) {
  const [postgres, removeTemplates] = await Promise.all([startSuitePostgres(), preparePgliteTemplates()]);
  if (!postgres.url) {
    skipOrFail("the PostgreSQL integration tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
  } else {
    await postgresTemplate(postgres.url, "library");
  }
  project.provide("postgresUrl", postgres.url);
  return async () => {
    await postgres.stop();
    removeTemplates();
  };
}
