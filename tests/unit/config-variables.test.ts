import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";

/** A value each documented variable must refuse; a variable added to .env.example needs one here. */
const BAD_VALUES: Record<string, string> = {
  PORT: "eighty",
  HOST: "",
  DATA_DIR: "",
  DATABASE_URL: "mysql://db/app",
  DATABASE_POOL_SIZE: "many",
  APP_NAME: "  ",
  PUBLIC_URL: "circleup.example",
  CONTACT_EMAIL: "not-an-email",
  LOG_LEVEL: "loud",
  TRUST_PROXY: "yes",
  DEEPSEEK_API_KEY: "sk with spaces",
  AI_API_KEY: "sk with spaces",
  AI_BASE_URL: "ftp://ai.example",
  AI_MODEL: "m".repeat(201),
  AI_TIMEOUT_MS: "soon",
  AI_QUOTA_ANONYMOUS: "lots",
  AI_QUOTA_ANONYMOUS_PER_IP: "-1",
  AI_QUOTA_FREE: "ten",
  AI_QUOTA_PREMIUM: "infinite",
  AUTH_SECRET: "short",
  ADMIN_EMAILS: "admin@example.com, nobody",
  GOOGLE_CLIENT_ID: " ",
  GOOGLE_CLIENT_SECRET: " ",
  GOOGLE_ISSUER: "accounts.google.com",
  SMTP_URL: "http://mail.example",
  MAIL_FROM: "x",
  LIVE_ROUND_HOURS: "0",
  LIVE_RECAP_DAYS: "a month",
  LIVE_MAX_PARTICIPANTS: "1",
  LIVE_STREAMS_PER_ADDRESS: "0",
  HOUSEKEEPING_INTERVAL_SECONDS: "0",
  STRIPE_SECRET_KEY: "pk_live_publishable",
  STRIPE_WEBHOOK_SECRET: "secret",
  STRIPE_PRICE_MONTHLY: "monthly",
  STRIPE_PRICE_YEARLY: "prod_123",
  STRIPE_TRIAL_DAYS: "365",
  STRIPE_API_URL: "api.stripe.com",
  METRICS_TOKEN: "short",
};

const documented = fs
  .readFileSync(".env.example", "utf8")
  .split("\n")
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name): name is string => Boolean(name));

describe("every variable of .env.example", () => {
  it("is documented with a value it refuses", () => {
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((name) => !(name in BAD_VALUES))).toEqual([]);
  });

  it.each(documented)("%s: a bad value stops start-up with one line naming it", (name) => {
    const attempt = () => parseConfig({ [name]: BAD_VALUES[name] });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`));
  });

  it("accepts the example file as it is", () => {
    const env = Object.fromEntries(
      fs
        .readFileSync(".env.example", "utf8")
        .split("\n")
        .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
        .filter((match): match is RegExpExecArray => Boolean(match))
        .map((match) => [match[1], match[2]]),
    );
    expect(() => parseConfig(env)).not.toThrow();
  });
});
