import { config } from "~/config.server";
import { database } from "~/db/index.server";
import { sendEmail } from "~/domain/email/send.server";
import { logger } from "~/logger.server";
import { type Auth, createAuth } from "./auth.server";
import { resolveAuthSecret } from "./auth-secret.server";

let instance: Promise<Auth> | undefined;

/** The process-wide better-auth instance, on the process-wide database. */
export function getAuth(): Promise<Auth> {
  instance ??= (async () => {
    const { db } = await database();
    const settings = config();
    return createAuth({
      db,
      config: settings,
      secret: resolveAuthSecret(settings.authSecret, settings.dataDir),
      sendEmail,
      logger,
    });
  })();
  return instance;
}
