import type { TestProject } from "vitest/node";
import { skipOrFail } from "./loud-skip";
import { startThrowawayPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of a PostgreSQL server the tests may create databases on, or null when none could be had. */
    postgresUrl: string | null;
  }
}

/** Uses DATABASE_URL when set, otherwise a throwaway cluster for the whole run. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("postgresUrl", process.env.DATABASE_URL);
    return;
  }
  const server = await startThrowawayPostgres();
  if (!server) {
    skipOrFail("the PostgreSQL integration tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
  }
  project.provide("postgresUrl", server?.url ?? null);
  return async () => server?.stop();
}
