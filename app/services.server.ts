/**
 * The composition root: every process-wide service (database, accounts,
 * question generator, mail) is built here, once, from the configuration.
 * Domain modules never reach for these; routes and the web edge pass them in.
 */
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { config } from "~/config.server";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { seedCategories } from "~/db/seed.server";
import { type Auth, createAuth } from "~/domain/accounts/auth.server";
import { resolveAuthSecret } from "~/domain/accounts/auth-secret.server";
import type { Billing } from "~/domain/billing/billing.server";
import { createMailer } from "~/domain/email/mailer.server";
import { createEmailSender, type EmailSender } from "~/domain/email/send.server";
import type { EmailContent } from "~/domain/email/templates";
import { type ActiveGenerator, createActiveGenerator } from "~/domain/generation/active-generator.server";
import { startHousekeepingWorker } from "~/domain/housekeeping/worker.server";
import { RoundHub } from "~/domain/live/hub.server";
import { importLibrary } from "~/domain/questions/library.server";
import { logger } from "~/logger.server";
import { countedMailer } from "~/metrics.server";

let opening: Promise<DatabaseHandle> | undefined;
let auth: Promise<Auth> | undefined;
let secret: string | undefined;
let generator: ActiveGenerator | undefined;
let mail: EmailSender | undefined;
let hub: Promise<RoundHub> | undefined;
let payments: { billing: Billing | undefined } | undefined;

/**
 * The process-wide database: opened, migrated, seeded and the question library
 * imported on first use.
 * The server awaits it before listening, so start-up fails loudly on a bad database.
 */
export function database(): Promise<DatabaseHandle> {
  opening ??= (async () => {
    const { databaseUrl, dataDir, databasePoolSize } = config();
    const started = performance.now();
    const handle = await openDatabase({ databaseUrl, dataDir, poolSize: databasePoolSize });
    // Servers starting together on one database take turns; the later ones find the work done.
    const library = await handle.exclusively(async () => {
      await handle.migrate();
      await seedCategories(handle.db);
      return importLibrary(handle.db);
    });
    logger.info({ engine: handle.engine, library, ms: Math.round(performance.now() - started) }, "database ready");
    return handle;
  })();
  return opening;
}

export async function closeDatabase(): Promise<void> {
  if (!opening) return;
  const handle = await opening.catch(() => undefined);
  opening = undefined;
  await handle?.close();
}

/** The process's signing secret (AUTH_SECRET or the one kept in DATA_DIR). */
export function appSecret(): string {
  const settings = config();
  secret ??= resolveAuthSecret(settings.authSecret, settings.dataDir);
  return secret;
}

/** The process-wide better-auth instance, on the process-wide database. */
export function getAuth(): Promise<Auth> {
  auth ??= (async () => {
    const { db } = await database();
    return createAuth({ db, config: config(), secret: appSecret(), sendEmail, logger });
  })();
  return auth;
}

/** The question generator this process uses, chosen by the AI settings. */
export function activeGenerator(): ActiveGenerator {
  generator ??= createActiveGenerator(config().ai);
  return generator;
}

/**
 * Stripe, built once from the billing settings; undefined without keys
 * (Premium cannot be bought, an admin can still grant it). The API version is
 * pinned to the one this package was written for, so an upgrade of the
 * account's default version in Stripe's dashboard changes nothing here.
 */
export function billing(): Billing | undefined {
  payments ??= (() => {
    const settings = config().billing;
    if (!settings) return { billing: undefined };
    const api = settings.apiUrl;
    const stripe = new Stripe(settings.secretKey, {
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === "http:" ? 80 : 443),
        protocol: api.protocol === "http:" ? "http" : "https",
      }),
    });
    return {
      billing: {
        stripe,
        webhookSecret: settings.webhookSecret,
        prices: settings.prices,
        trialDays: settings.trialDays,
        appName: config().appName,
        publicUrl: config().publicUrl,
      },
    };
  })();
  return payments.billing;
}

/** Sends queued mail now, in the background (after a transaction that queued some has committed). */
export function deliverQueuedEmail(): void {
  emailSender().deliverSoon();
}

function emailSender(): EmailSender {
  mail ??= createEmailSender({
    database: async () => (await database()).db,
    mailer: countedMailer(
      createMailer({ smtpUrl: config().smtpUrl, outboxDir: path.join(config().dataDir, "outbox"), log: logger }),
    ),
    from: config().mailFrom,
    log: logger,
  });
  return mail;
}

/** Queues a mail in the outbox and sends it in the background; never throws. */
export function sendEmail(kind: string, to: string, content: EmailContent): void {
  emailSender().send(kind, to, content);
}

/** Retries waiting mail in the background; the returned function stops it. */
export function startOutboxWorker(options?: { intervalMs?: number }): () => Promise<void> {
  return emailSender().startWorker(options);
}

/**
 * Deletes expired rounds, limit windows, sessions and tokens in the
 * background, one server of the database at a time; the returned function stops it.
 */
export function startHousekeeping(): () => Promise<void> {
  return startHousekeepingWorker({
    database: async () => (await database()).db,
    server: `${os.hostname()}:${process.pid}`,
    intervalMs: config().housekeepingIntervalMs,
    log: logger,
  });
}

/** This process's carrier of live round events, listening to every server's through the database. */
export function liveHub(): Promise<RoundHub> {
  hub ??= (async () => {
    const handle = await database();
    const started = new RoundHub(handle.db, config().live.streamsPerAddress);
    await started.start(handle.listen);
    return started;
  })().catch((error: unknown) => {
    // The next stream tries again (the database may be back by then).
    hub = undefined;
    throw error;
  });
  return hub;
}

/** Live streams open on this process; asking does not start the hub. */
export async function openLiveStreams(): Promise<number> {
  const running = await hub?.catch(() => undefined);
  return running?.connections() ?? 0;
}

/** Ends every live stream of this process (screens reconnect to another server) and stops listening. */
export async function stopLiveHub(): Promise<void> {
  const running = await hub?.catch(() => undefined);
  hub = undefined;
  await running?.stop();
}
