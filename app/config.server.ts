import path from "node:path";
import { z } from "zod";
import type { QuotaLimits } from "~/domain/generation/quota.server";

/** Raised when the environment is unusable; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://circleup.example" })
  .transform((url) => url.replace(/\/+$/, ""));

const postgresUrl = z.url({
  protocol: /^postgres(ql)?$/,
  error: "must be a postgres:// or postgresql:// URL",
});

const quotaLimit = z
  .string()
  .trim()
  .regex(/^(unlimited|\d+)$/, 'must be a whole number or "unlimited"')
  .transform((v): number | "unlimited" => (v === "unlimited" ? "unlimited" : Number(v)));

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl.optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  APP_NAME: z.string().trim().min(1, "must not be empty").max(40, "must be at most 40 characters").default("CircleUp"),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.email("must be an e-mail address").optional()),
  AI_QUOTA_ANONYMOUS: quotaLimit.default(10),
  AI_QUOTA_ANONYMOUS_PER_IP: quotaLimit.default(50),
  AI_QUOTA_FREE: quotaLimit.default(25),
  AI_QUOTA_PREMIUM: quotaLimit.default("unlimited"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  appName: string;
  publicUrl: string;
  contactEmail: string | undefined;
  aiQuota: QuotaLimits;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  trustProxy: boolean;
};

/** Reads and checks the environment. Throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    const shown = variable === "DATABASE_URL" ? "" : ` (got "${env[variable]}")`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}${shown}`);
  }
  const v = result.data;
  return {
    env: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    appName: v.APP_NAME,
    publicUrl: v.PUBLIC_URL ?? `http://localhost:${v.PORT}`,
    contactEmail: v.CONTACT_EMAIL,
    aiQuota: {
      anonymous: v.AI_QUOTA_ANONYMOUS,
      anonymousPerIp: v.AI_QUOTA_ANONYMOUS_PER_IP,
      free: v.AI_QUOTA_FREE,
      premium: v.AI_QUOTA_PREMIUM,
    },
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY === "true",
  };
}

let current: Config | undefined;

/** The process-wide configuration, read once from process.env. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}
