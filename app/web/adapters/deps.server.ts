import { config } from "~/config.server";
import { logger } from "~/logger.server";
import { activeGenerator, appSecret, billing, chatSeal, database, jobs, sendEmail } from "~/services.server";
import type { UseCaseDeps } from "~/use-cases/deps";
import { siteFeatures } from "../features.server";

/** What use cases work with, from the composition root: the one place the web adapters build it. */
export async function callDeps(): Promise<UseCaseDeps> {
  const { appName, publicUrl, contactEmail, aiQuota, live } = config();
  return {
    db: (await database()).db,
    secret: appSecret(),
    settings: { appName, publicUrl, contactEmail, aiQuota, live },
    ai: activeGenerator,
    billing,
    features: siteFeatures,
    log: logger,
    sendEmail,
    jobs: jobs(),
    chatSeal,
  };
}
