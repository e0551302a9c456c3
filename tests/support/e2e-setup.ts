import type { TestProject } from "vitest/node";
import { chromiumPath } from "./browser";
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
  const server = await startServer();
  project.provide("baseUrl", server.url);
  project.provide("chromium", chromium);
  return async () => {
    await server.stop();
  };
}
