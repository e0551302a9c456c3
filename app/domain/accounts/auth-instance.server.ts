import { config } from "~/config.server";
import { database } from "~/db/index.server";
import { sendEmail } from "~/domain/email/send.server";
import { logger } from "~/logger.server";
import { type Auth, createAuth } from "./auth.server";
import { resolveAuthSecret } from "./auth-secret.server";

let instance: Promise<Auth> | undefined;
let secret: string | undefined;

/** The process's signing secret (AUTH_SECRET or the one kept in DATA_DIR). */
export function appSecret(): string {
  const settings = config();
  secret ??= resolveAuthSecret(settings.authSecret, settings.dataDir);
  return secret;
}

/** The process-wide better-auth instance, on the process-wide database. */
export function getAuth(): Promise<Auth> {
  instance ??= (async () => {
    const { db } = await database();
    const settings = config();
    return createAuth({
      db,
      config: settings,
      secret: appSecret(),
      sendEmail,
      logger,
    });
  })();
  return instance;
}
