import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { LiveSettings } from "~/shared/live";
import type { QuotaLimits } from "~/shared/quota";

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

const smtpUrl = z.url({
  protocol: /^smtps?$/,
  error: "must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example:587",
});

/** Comma-separated e-mail addresses, compared lowercase. */
const emailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses")));

/** Blank and whitespace-only values count as unset; others lose surrounding whitespace (pasted keys). */
const trimmed = (value: unknown) => {
  if (typeof value !== "string") return value;
  const v = value.trim();
  return v === "" ? undefined : v;
};

const apiKey = z.preprocess(
  trimmed,
  z
    .string()
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
);

export type AiProvider = "deepseek" | "custom" | "offline";

export type AiSettings = {
  provider: AiProvider;
  /** Undefined when offline. Never logged, never part of an error message. */
  apiKey: string | undefined;
  baseURL: string;
  /** The model asked for; "offline" when no provider is configured. */
  model: string;
  timeoutMs: number;
};

export const DEEPSEEK_DEFAULTS = { baseURL: "https://api.deepseek.com", model: "deepseek-chat" } as const;
export const DEFAULT_AI_TIMEOUT_MS = 15_000;

const aiFields = {
  DEEPSEEK_API_KEY: apiKey,
  AI_API_KEY: apiKey,
  AI_BASE_URL: z.preprocess(
    trimmed,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.openai.com/v1" })
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
  ),
  AI_MODEL: z.preprocess(trimmed, z.string().max(200, "must be at most 200 characters").optional()),
  AI_TIMEOUT_MS: z.preprocess(
    trimmed,
    z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(100, "must be at least 100 (milliseconds)")
      .max(600_000, "must be at most 600000 (10 minutes)")
      .default(DEFAULT_AI_TIMEOUT_MS),
  ),
};
const aiSchema = z.object(aiFields);

export type TrustProxy = false | number | string[];

/** Buying Premium through Stripe; undefined when the keys are not set (plans cannot be bought). */
export type BillingSettings = {
  /** Never logged, never part of an error message. */
  secretKey: string;
  webhookSecret: string;
  /** Stripe price ids; an interval without one is not offered. */
  prices: { month: string | undefined; year: string | undefined };
  /** Days of free trial on an account's first subscription; 0: none. */
  trialDays: number;
  /** Where the Stripe API answers; Stripe's own unless set (a proxy, or a local server in tests). */
  apiUrl: URL | undefined;
};

const stripeId = (prefix: string, example: string) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .regex(new RegExp(`^${prefix}[A-Za-z0-9_]+$`), `must be a Stripe id starting with ${prefix}, such as ${example}`)
      .optional(),
  );

const billingFields = {
  STRIPE_SECRET_KEY: z.preprocess(
    trimmed,
    z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
        "must be a Stripe secret or restricted key (sk_live_..., sk_test_...)",
      )
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: stripeId("whsec_", "whsec_..."),
  STRIPE_PRICE_MONTHLY: stripeId("price_", "price_1Abc..."),
  STRIPE_PRICE_YEARLY: stripeId("price_", "price_1Abc..."),
  STRIPE_TRIAL_DAYS: z.preprocess(
    trimmed,
    z.coerce
      .number({ error: "must be a number of days" })
      .int("must be a whole number of days")
      .min(0, "must be between 0 and 90 days")
      .max(90, "must be between 0 and 90 days")
      .default(14),
  ),
  STRIPE_API_URL: z.preprocess(
    trimmed,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.stripe.com" }).optional(),
  ),
};

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * "true" means one proxy, never "believe every hop": the leftmost
 * X-Forwarded-For entry is whatever the client wrote.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === "false" || value === "0") return false;
    if (value === "true") return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: "custom",
      message: "must be false, a number of proxy hops (1, 2), or proxy addresses (loopback, 10.0.0.0/8)",
    });
    return z.NEVER;
  });

const envSchema = z.object({
  ...aiFields,
  ...billingFields,
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
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxy.default(false)),
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAILS: z.preprocess(emptyAsUndefined, emailList.default([])),
  SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrl.optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().trim().min(3).optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  GOOGLE_ISSUER: z.preprocess(emptyAsUndefined, httpUrl.default("https://accounts.google.com")),
  LIVE_ROUND_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  LIVE_RECAP_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LIVE_MAX_PARTICIPANTS: z.coerce.number().int().min(2).max(100_000).default(2000),
  HOUSEKEEPING_INTERVAL_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1 second")
    .max(3600, "must be at most 3600 seconds (an hour)")
    .default(60),
  // An open stream holds about 90 KB of the server's memory (measured with 600 streams of one round), so one
  // address holds at most about 90 MB of a server, while a room of 1,000 phones behind one network still follows.
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  SLACK_CLIENT_ID: z.preprocess(trimmed, z.string().optional()),
  SLACK_CLIENT_SECRET: z.preprocess(trimmed, z.string().optional()),
  SLACK_SIGNING_SECRET: z.preprocess(trimmed, z.string().optional()),
  SLACK_API_URL: z.preprocess(
    trimmed,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://slack.com/api/" }).optional(),
  ),
  DISCORD_APPLICATION_ID: z.preprocess(
    trimmed,
    z
      .string()
      .regex(/^\d{5,25}$/, "must be the application's numeric id")
      .optional(),
  ),
  DISCORD_PUBLIC_KEY: z.preprocess(
    trimmed,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be the 64 hex digits of the application's public key")
      .optional(),
  ),
  DISCORD_CLIENT_SECRET: z.preprocess(trimmed, z.string().optional()),
  DISCORD_API_URL: z.preprocess(
    trimmed,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://discord.com/api/v10" }).optional(),
  ),
  CHAT_ENCRYPTION_KEY: z.preprocess(trimmed, z.string().min(32, "must be at least 32 characters").optional()),
  TEAMS_APP_ID: z.preprocess(trimmed, z.string().optional()),
  TEAMS_APP_PASSWORD: z.preprocess(trimmed, z.string().optional()),
  TEAMS_TENANT_ID: z.preprocess(trimmed, z.string().optional()),
  TEAMS_OPENID_URL: z.preprocess(
    trimmed,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL of an OpenID metadata document" }).optional(),
  ),
  TEAMS_LOGIN_URL: z.preprocess(
    trimmed,
    z
      .url({
        protocol: /^https?$/,
        error: "must be an http(s) URL such as https://login.microsoftonline.com/botframework.com",
      })
      .optional(),
  ),
  GOOGLE_CHAT_AUDIENCE: z.preprocess(
    trimmed,
    z
      .string()
      .regex(/^(\d+|https?:\/\/\S+)$/, "must be the Cloud project's number or the app's HTTP endpoint URL")
      .optional(),
  ),
  GOOGLE_CHAT_SERVICE_ACCOUNT: z.preprocess(trimmed, z.string().optional()),
  GOOGLE_CHAT_API_URL: z.preprocess(
    trimmed,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://chat.googleapis.com" }).optional(),
  ),
  GOOGLE_CHAT_CERTS_URL: z.preprocess(
    trimmed,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  GOOGLE_CHAT_TOKEN_URL: z.preprocess(
    trimmed,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    trimmed,
    z
      .string()
      .min(16, "must be at least 16 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .optional(),
  ),
});

/** Values that can hold passwords or keys: errors name the variable but never repeat its value. */
const SECRET_VARIABLES = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "AUTH_SECRET",
  "GOOGLE_CLIENT_SECRET",
  "DEEPSEEK_API_KEY",
  "AI_API_KEY",
  // A provider URL can carry credentials (https://user:key@proxy.example).
  "AI_BASE_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "METRICS_TOKEN",
  "SLACK_CLIENT_SECRET",
  "SLACK_SIGNING_SECRET",
  "DISCORD_CLIENT_SECRET",
  "CHAT_ENCRYPTION_KEY",
  "TEAMS_APP_PASSWORD",
  "GOOGLE_CHAT_SERVICE_ACCOUNT",
]);

/** The Slack app CircleUp is installed as; undefined unless its id, secret and signing secret are all set. */
export type SlackSettings = {
  clientId: string;
  /** Never logged, never part of an error message. */
  clientSecret: string;
  signingSecret: string;
  /** Slack's Web API (https://slack.com/api/ unless set: a local stand-in in tests); its pages are at its origin. */
  apiUrl: string;
};

/** The Discord application CircleUp is installed as; undefined unless its id, public key and client secret are all set. */
export type DiscordSettings = {
  applicationId: string;
  /** Verifies the Ed25519 signature of every interaction and webhook event. */
  publicKey: string;
  /** Never logged, never part of an error message. */
  clientSecret: string;
  /** Discord's REST API with its version (https://discord.com/api/v10 unless set: a local stand-in in tests); its OAuth2 pages are at its origin. */
  apiUrl: string;
};

/** The Azure Bot CircleUp runs as in Microsoft Teams; undefined unless its app id and password are both set. */
export type TeamsSettings = {
  appId: string;
  /** The app registration's client secret: never logged, never part of an error message. */
  appPassword: string;
  /** Set for a single-tenant bot: its token comes from that tenant, and activities from other tenants are refused. */
  tenantId: string | undefined;
  /** The OpenID metadata incoming activities' tokens are checked against (Microsoft's unless set: a stand-in in tests). */
  openIdUrl: string;
  /** The authority the bot's own token is asked from (client credentials at `<loginUrl>/oauth2/v2.0/token`). */
  loginUrl: string;
};

/** The Google Chat app CircleUp answers as; undefined unless its audience and service account are both set. */
export type GoogleChatSettings = {
  /** What Google puts in the bearer token's aud: the Cloud project's number, or the app's HTTP endpoint URL. */
  audience: string;
  /** The service account the app posts as; the private key is never logged. */
  serviceAccount: { clientEmail: string; privateKey: string };
  /** The Chat REST API's root (https://chat.googleapis.com unless set: a local stand-in in tests). */
  apiUrl: string;
  /** Where the public keys of Google's bearer tokens are (a JSON map of key id to PEM). */
  certsUrl: string;
  /** Where the service account's signed assertion is exchanged for an access token. */
  tokenUrl: string;
};

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
  /** The AI provider, or "offline" when no key is set. */
  ai: AiSettings;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /**
   * Which X-Forwarded-For entries to believe: none (false), the last N hops
   * (each proxy appends the address it saw), or the proxies' own addresses.
   */
  trustProxy: TrustProxy;
  /** Signs sessions and tokens; without one, a random secret is kept in DATA_DIR (one server only). */
  authSecret: string | undefined;
  /** Lowercased addresses that are made admins when they sign up or sign in. */
  adminEmails: string[];
  /** Without an SMTP server, mail is written to DATA_DIR/outbox and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Google sign-in (any OpenID Connect provider at googleIssuer); shown only when both are set. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  live: LiveSettings;
  /** Buying Premium; undefined without Stripe keys (an admin can still grant Premium). */
  billing: BillingSettings | undefined;
  /** How often each server offers to run housekeeping (one server of a database runs it at a time). */
  housekeepingIntervalMs: number;
  /** The bearer token /metrics asks for; without one, /metrics does not exist. Never logged. */
  metricsToken: string | undefined;
  /** Connecting a team's Slack workspace; undefined when the app's keys are not set. */
  slack: SlackSettings | undefined;
  /** Connecting a team's Discord server; undefined when the application's keys are not set. */
  discord: DiscordSettings | undefined;
  /** Connecting Microsoft Teams channels; undefined when the bot's id and password are not set. */
  teams: TeamsSettings | undefined;
  /**
   * What chat platforms' bot tokens are encrypted under (CHAT_ENCRYPTION_KEY);
   * undefined: a key derived from the app's secret.
   */
  chatEncryptionKey: string | undefined;
  /** The Google Chat app; undefined when its audience and service account are not set. */
  googleChat: GoogleChatSettings | undefined;
};

/** Reads and checks the environment. Throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const v = parseEnv(envSchema, env);
  const publicUrl = v.PUBLIC_URL ?? `http://localhost:${v.PORT}`;
  return {
    env: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    appName: v.APP_NAME,
    publicUrl,
    contactEmail: v.CONTACT_EMAIL,
    aiQuota: {
      anonymous: v.AI_QUOTA_ANONYMOUS,
      anonymousPerIp: v.AI_QUOTA_ANONYMOUS_PER_IP,
      free: v.AI_QUOTA_FREE,
      premium: v.AI_QUOTA_PREMIUM,
    },
    ai: resolveAiSettings(v),
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    authSecret: v.AUTH_SECRET,
    adminEmails: v.ADMIN_EMAILS,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM ?? `${v.APP_NAME} <no-reply@${mailDomain(publicUrl)}>`,
    google:
      v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
        ? { clientId: v.GOOGLE_CLIENT_ID, clientSecret: v.GOOGLE_CLIENT_SECRET, issuer: v.GOOGLE_ISSUER }
        : undefined,
    live: {
      roundHours: v.LIVE_ROUND_HOURS,
      recapDays: v.LIVE_RECAP_DAYS,
      maxParticipants: v.LIVE_MAX_PARTICIPANTS,
      streamsPerAddress: v.LIVE_STREAMS_PER_ADDRESS,
    },
    billing: resolveBilling(v),
    housekeepingIntervalMs: v.HOUSEKEEPING_INTERVAL_SECONDS * 1000,
    metricsToken: v.METRICS_TOKEN,
    slack: resolveSlack(v),
    discord: resolveDiscord(v),
    teams: resolveTeams(v),
    chatEncryptionKey: v.CHAT_ENCRYPTION_KEY,
    googleChat: resolveGoogleChat(v),
  };
}

/** Google's own keys: the Chat service account's for a project-number audience, Google sign-in's for an endpoint URL. */
const GOOGLE_CHAT_CERTS = {
  project: "https://www.googleapis.com/service_accounts/v1/metadata/x509/chat@system.gserviceaccount.com",
  endpoint: "https://www.googleapis.com/oauth2/v1/certs",
};

/**
 * The app's service account: the key file's JSON itself (as a secret store
 * hands it over) or, when the value does not start with "{", the path of the
 * key file (as a mounted secret is).
 */
function serviceAccountOf(value: string): GoogleChatSettings["serviceAccount"] {
  let text = value;
  if (!value.startsWith("{")) {
    try {
      text = fs.readFileSync(value, "utf8");
    } catch {
      throw new ConfigError(
        "Invalid configuration: GOOGLE_CHAT_SERVICE_ACCOUNT is neither a service account's JSON key nor a readable key file",
      );
    }
  }
  let key: { client_email?: unknown; private_key?: unknown } = {};
  try {
    key = JSON.parse(text) as typeof key;
  } catch {
    key = {};
  }
  if (typeof key.client_email !== "string" || typeof key.private_key !== "string") {
    throw new ConfigError(
      "Invalid configuration: GOOGLE_CHAT_SERVICE_ACCOUNT must be a service account's JSON key (with client_email and private_key)",
    );
  }
  return { clientEmail: key.client_email, privateKey: key.private_key };
}

function resolveGoogleChat(v: z.output<typeof envSchema>): GoogleChatSettings | undefined {
  const overrides = [v.GOOGLE_CHAT_API_URL, v.GOOGLE_CHAT_CERTS_URL, v.GOOGLE_CHAT_TOKEN_URL].some(Boolean);
  if (!v.GOOGLE_CHAT_AUDIENCE && !v.GOOGLE_CHAT_SERVICE_ACCOUNT && !overrides) return undefined;
  if (!v.GOOGLE_CHAT_AUDIENCE || !v.GOOGLE_CHAT_SERVICE_ACCOUNT) {
    throw new ConfigError(
      "Invalid configuration: GOOGLE_CHAT_AUDIENCE and GOOGLE_CHAT_SERVICE_ACCOUNT are needed together (the Chat API's configuration and the app's service account key)",
    );
  }
  const byUrl = !/^\d+$/.test(v.GOOGLE_CHAT_AUDIENCE);
  return {
    audience: v.GOOGLE_CHAT_AUDIENCE,
    serviceAccount: serviceAccountOf(v.GOOGLE_CHAT_SERVICE_ACCOUNT),
    apiUrl: (v.GOOGLE_CHAT_API_URL ?? "https://chat.googleapis.com").replace(/\/+$/, ""),
    certsUrl: v.GOOGLE_CHAT_CERTS_URL ?? (byUrl ? GOOGLE_CHAT_CERTS.endpoint : GOOGLE_CHAT_CERTS.project),
    tokenUrl: v.GOOGLE_CHAT_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
  };
}

function resolveSlack(v: z.output<typeof envSchema>): SlackSettings | undefined {
  const set = [v.SLACK_CLIENT_ID, v.SLACK_CLIENT_SECRET, v.SLACK_SIGNING_SECRET].filter(Boolean).length;
  if (set === 0) return undefined;
  if (!v.SLACK_CLIENT_ID || !v.SLACK_CLIENT_SECRET || !v.SLACK_SIGNING_SECRET) {
    throw new ConfigError(
      "Invalid configuration: SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET are needed together (the Slack app's Basic Information page)",
    );
  }
  const apiUrl = v.SLACK_API_URL ?? "https://slack.com/api/";
  return {
    clientId: v.SLACK_CLIENT_ID,
    clientSecret: v.SLACK_CLIENT_SECRET,
    signingSecret: v.SLACK_SIGNING_SECRET,
    apiUrl: apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`,
  };
}

function resolveDiscord(v: z.output<typeof envSchema>): DiscordSettings | undefined {
  const set = [v.DISCORD_APPLICATION_ID, v.DISCORD_PUBLIC_KEY, v.DISCORD_CLIENT_SECRET].filter(Boolean).length;
  if (set === 0) return undefined;
  if (!v.DISCORD_APPLICATION_ID || !v.DISCORD_PUBLIC_KEY || !v.DISCORD_CLIENT_SECRET) {
    throw new ConfigError(
      "Invalid configuration: DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY and DISCORD_CLIENT_SECRET are needed together (the application's General Information and OAuth2 pages in Discord's Developer Portal)",
    );
  }
  return {
    applicationId: v.DISCORD_APPLICATION_ID,
    publicKey: v.DISCORD_PUBLIC_KEY.toLowerCase(),
    clientSecret: v.DISCORD_CLIENT_SECRET,
    apiUrl: (v.DISCORD_API_URL ?? "https://discord.com/api/v10").replace(/\/+$/, ""),
  };
}

function resolveTeams(v: z.output<typeof envSchema>): TeamsSettings | undefined {
  if (!v.TEAMS_APP_ID && !v.TEAMS_APP_PASSWORD) return undefined;
  if (!v.TEAMS_APP_ID || !v.TEAMS_APP_PASSWORD) {
    throw new ConfigError(
      "Invalid configuration: TEAMS_APP_ID and TEAMS_APP_PASSWORD are needed together (the Azure Bot's Microsoft App ID and a client secret of its app registration)",
    );
  }
  const login = v.TEAMS_LOGIN_URL ?? `https://login.microsoftonline.com/${v.TEAMS_TENANT_ID ?? "botframework.com"}`;
  return {
    appId: v.TEAMS_APP_ID,
    appPassword: v.TEAMS_APP_PASSWORD,
    tenantId: v.TEAMS_TENANT_ID,
    openIdUrl: v.TEAMS_OPENID_URL ?? "https://login.botframework.com/v1/.well-known/openidconfiguration",
    loginUrl: login.replace(/\/+$/, ""),
  };
}

/**
 * Premium can be bought when the secret key, the webhook secret and at least
 * one price are set; a key without the webhook secret would take payments
 * whose result never reaches the account, so it stops start-up instead.
 */
function resolveBilling(v: z.output<typeof envSchema>): BillingSettings | undefined {
  if (!v.STRIPE_SECRET_KEY) return undefined;
  if (!v.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (the webhook endpoint's signing secret)",
    );
  }
  if (!v.STRIPE_PRICE_MONTHLY && !v.STRIPE_PRICE_YEARLY) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_PRICE_MONTHLY or STRIPE_PRICE_YEARLY is required when STRIPE_SECRET_KEY is set",
    );
  }
  return {
    secretKey: v.STRIPE_SECRET_KEY,
    webhookSecret: v.STRIPE_WEBHOOK_SECRET,
    prices: { month: v.STRIPE_PRICE_MONTHLY, year: v.STRIPE_PRICE_YEARLY },
    trialDays: v.STRIPE_TRIAL_DAYS,
    apiUrl: v.STRIPE_API_URL ? new URL(v.STRIPE_API_URL) : undefined,
  };
}

/** Parses with one schema; a failure is one line naming the first bad variable, never a secret's value. */
function parseEnv<T extends z.ZodType>(schema: T, env: Record<string, string | undefined>): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue?.path[0] ?? "environment");
  const shown = SECRET_VARIABLES.has(variable) ? "" : ` (got "${env[variable]}")`;
  throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}${shown}`);
}

/**
 * Which AI provider the environment asks for:
 * - `AI_API_KEY` with `AI_BASE_URL` and `AI_MODEL`: any OpenAI-compatible endpoint ("custom"); it wins over DeepSeek;
 * - `DEEPSEEK_API_KEY`: DeepSeek's deepseek-chat at https://api.deepseek.com, which `AI_BASE_URL` and `AI_MODEL` may override;
 * - neither: offline.
 * `AI_TIMEOUT_MS` (default 15000) bounds each request.
 */
function resolveAiSettings(v: z.output<typeof aiSchema>): AiSettings {
  if (v.AI_API_KEY) {
    if (!v.AI_BASE_URL) {
      throw new ConfigError(
        "Invalid configuration: AI_BASE_URL is required when AI_API_KEY is set (the provider's OpenAI-compatible endpoint)",
      );
    }
    if (!v.AI_MODEL) {
      throw new ConfigError(
        "Invalid configuration: AI_MODEL is required when AI_API_KEY is set (the provider's model)",
      );
    }
    return {
      provider: "custom",
      apiKey: v.AI_API_KEY,
      baseURL: v.AI_BASE_URL,
      model: v.AI_MODEL,
      timeoutMs: v.AI_TIMEOUT_MS,
    };
  }
  if (v.DEEPSEEK_API_KEY) {
    return {
      provider: "deepseek",
      apiKey: v.DEEPSEEK_API_KEY,
      baseURL: v.AI_BASE_URL ?? DEEPSEEK_DEFAULTS.baseURL,
      model: v.AI_MODEL ?? DEEPSEEK_DEFAULTS.model,
      timeoutMs: v.AI_TIMEOUT_MS,
    };
  }
  return {
    provider: "offline",
    apiKey: undefined,
    baseURL: v.AI_BASE_URL ?? DEEPSEEK_DEFAULTS.baseURL,
    model: "offline",
    timeoutMs: v.AI_TIMEOUT_MS,
  };
}

/** The AI part of the configuration alone, for tools and tests that need no other setting. */
export function aiSettingsFromEnv(env: Record<string, string | undefined>): AiSettings {
  return resolveAiSettings(parseEnv(aiSchema, env));
}

/** "localhost" has no dot, which some mail servers refuse in a sender address. */
function mailDomain(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return host.includes(".") ? host : `${host}.localdomain`;
}

let current: Config | undefined;

/** The process-wide configuration, read once from process.env. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}
