import pino from "pino";
import { config } from "~/config.server";

/**
 * One structured logger for the server. Redaction is a safety net: code must
 * not log secrets in the first place.
 */
export const logger = pino({
  level: config().logLevel,
  base: { app: config().appName },
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "req.headers.cookie",
      'req.headers["set-cookie"]',
      "req.headers.authorization",
      'res.headers["set-cookie"]',
    ],
    censor: "[redacted]",
  },
});
