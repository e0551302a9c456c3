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
import { discordPoster } from "~/domain/chat/discord.server";
import { googleChatApi, googleChatPoster } from "~/domain/chat/google-chat.server";
import { forgetWorkspace } from "~/domain/chat/installations.server";
import { type NoticeDeps, sendQuestionOfDay, sendReminder } from "~/domain/chat/notices.server";
import { type ChatPoster, syncRoundPosts, withinRateLimits } from "~/domain/chat/round-posts.server";
import { type TokenSeal, tokenSeal } from "~/domain/chat/sealing.server";
import { slackPoster } from "~/domain/chat/slack.server";
import { teamsPoster } from "~/domain/chat/teams.server";
import { createMailer } from "~/domain/email/mailer.server";
import { deliverQueuedMail } from "~/domain/email/outbox.server";
import { createEmailSender } from "~/domain/email/send.server";
import type { EmailContent } from "~/domain/email/templates";
import { type ActiveGenerator, createActiveGenerator } from "~/domain/generation/active-generator.server";
import { runHousekeeping } from "~/domain/housekeeping/housekeeping.server";
import { createJobQueue, type JobPayloads, type JobQueue, type JobSender } from "~/domain/jobs/queue.server";
import { RoundHub } from "~/domain/live/hub.server";
import { importLibrary } from "~/domain/questions/library.server";
import { openRoundAhead } from "~/domain/teams/answers-ahead.server";
import { logger } from "~/logger.server";
import { countedMailer } from "~/metrics.server";

let opening: Promise<DatabaseHandle> | undefined;
let auth: Promise<Auth> | undefined;
let secret: string | undefined;
let generator: ActiveGenerator | undefined;
let mail: ((kind: string, to: string, content: EmailContent) => void) | undefined;
let queue: JobQueue | undefined;
let starting: Promise<JobQueue> | undefined;
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

/**
 * Queues jobs in the caller's transaction (mail among them). The queue is
 * started before the server listens (startJobs), so a request never waits for it.
 */
export function jobs(): JobSender {
  return {
    send: async (db, name, payloads, options) => {
      if (!queue) throw new Error("The job queue is not started");
      await queue.send(db, name, payloads, options);
    },
  };
}

/** Queues a mail (outbox row and job) and returns at once; never throws. */
export function sendEmail(kind: string, to: string, content: EmailContent): void {
  mail ??= createEmailSender({ database: async () => (await database()).db, jobs: jobs(), log: logger });
  mail(kind, to, content);
}

/**
 * Starts this server's share of the job queue: mail, and housekeeping
 * (expired rounds, limit windows, sessions and tokens) every
 * HOUSEKEEPING_INTERVAL_SECONDS, one server of the database at a time.
 * Jobs act through the domain: no use case sends a mail or cleans up.
 */
export async function startJobs(): Promise<void> {
  starting ??= (async () => {
    const settings = config();
    const handle = await database();
    const mailer = countedMailer(
      createMailer({ smtpUrl: settings.smtpUrl, outboxDir: path.join(settings.dataDir, "outbox"), log: logger }),
    );
    const server = `${os.hostname()}:${process.pid}`;
    const intervalMs = settings.housekeepingIntervalMs;
    const started = createJobQueue({ handle, log: logger, recurring: { housekeeping: intervalMs / 1000 } });
    await started.start({
      mail: async ({ outboxId }, attempt) => {
        await deliverQueuedMail(handle.db, mailer, { outboxId, attempt, from: settings.mailFrom, log: logger });
      },
      housekeeping: async () => {
        // Half an interval: a run offered just after another's (a server's first offer) is skipped.
        const outcome = await runHousekeeping(handle.db, { server, minGapMs: intervalMs / 2 });
        if (outcome.ran && Object.values(outcome.deleted).some((n) => n > 0))
          logger.info({ deleted: outcome.deleted }, "housekeeping deleted expired rows");
      },
      "round-opening": async (payload) => {
        try {
          const outcome = await openRoundAhead(handle.db, started, payload, settings.live);
          logger.info({ seriesId: payload.seriesId, meetingAt: payload.meetingAt, ...outcome }, "round opening");
        } catch (error) {
          logger.warn({ seriesId: payload.seriesId, error: String(error) }, "round opening failed; it is retried");
          throw error;
        }
      },
      "chat.post-round": async ({ roundId }) => {
        await postRoundChat(handle.db, chatPosters(handle.db), roundId);
      },
      "chat.reminder": (payload) =>
        postChatNotice(handle.db, "chat.reminder", payload, (deps) => sendReminder(deps, started, payload)),
      "chat.question-of-day": (payload) =>
        postChatNotice(handle.db, "chat.question-of-day", payload, (deps) => sendQuestionOfDay(deps, started, payload)),
    });
    logger.info({ via: mailer.describe }, "mail goes out");
    queue = started;
    return started;
  })();
  await starting;
}

let googleChat: ChatPoster | undefined;

/** The chat platforms this server is set up for, each with its way of posting. */
function chatPosters(db: DatabaseHandle["db"]): NoticeDeps["posters"] {
  const settings = config();
  // One Google client for the process: it keeps the service account's access token until it expires.
  if (settings.googleChat) {
    googleChat ??= googleChatPoster(googleChatApi(settings.googleChat), async (space) => {
      const forgotten = await forgetWorkspace(db, "google-chat", space);
      logger.info({ forgotten }, "Google Chat space gone for the app; its installation is deleted");
    });
  }
  return {
    ...(settings.slack ? { slack: slackPoster(settings.slack.apiUrl) } : {}),
    ...(settings.discord ? { discord: discordPoster(db, settings.discord.apiUrl) } : {}),
    ...(settings.teams ? { teams: teamsPoster(settings.teams) } : {}),
    ...(googleChat ? { "google-chat": googleChat } : {}),
  };
}

/**
 * A round's chat posts brought up to date; a platform's 429 is waited out
 * (withinRateLimits), a long wait queues the job again for then.
 */
async function postRoundChat(
  db: DatabaseHandle["db"],
  posters: Parameters<typeof syncRoundPosts>[2],
  roundId: string,
): Promise<void> {
  try {
    await withinRateLimits(() => syncRoundPosts(db, chatSeal(), posters, roundId), {
      waiting: (retryAfterSeconds) => logger.info({ roundId, retryAfterSeconds }, "chat platform asked to wait"),
      later: (seconds) =>
        jobs().send(db, "chat.post-round", [{ roundId }], { singletonKey: roundId, startAfterSeconds: seconds }),
    });
  } catch (error) {
    logger.warn({ roundId, error: error instanceof Error ? error.message : String(error) }, "chat post failed");
    throw error;
  }
}

/**
 * A scheduled chat notice (a reminder, the question of the day) posted;
 * a platform's 429 is waited out (withinRateLimits), a long wait queues the
 * job again for then under a key of its own (the running one holds its key).
 */
async function postChatNotice<Name extends "chat.reminder" | "chat.question-of-day">(
  db: DatabaseHandle["db"],
  name: Name,
  payload: JobPayloads[Name],
  send: (deps: NoticeDeps) => Promise<object>,
): Promise<void> {
  const deps = { db, seal: chatSeal(), posters: chatPosters(db), publicUrl: config().publicUrl };
  try {
    await withinRateLimits(
      async () => {
        const outcome: object = { job: name, ...payload, ...(await send(deps)) };
        logger.info(outcome, "chat notice");
      },
      {
        waiting: (retryAfterSeconds) => logger.info({ job: name, retryAfterSeconds }, "chat platform asked to wait"),
        later: (seconds) =>
          jobs().send(db, name, [payload], {
            singletonKey: `${Object.values(payload).join("@")}@after-${Date.now()}`,
            startAfterSeconds: seconds,
          }),
      },
    );
  } catch (error) {
    const failed: object = { job: name, ...payload, error: error instanceof Error ? error.message : String(error) };
    logger.warn(failed, "chat notice failed; it is retried");
    throw error;
  }
}

let seal: TokenSeal | undefined;

/** Seals and opens chat platforms' bot tokens: under CHAT_ENCRYPTION_KEY, or a key derived from the app's secret. */
export function chatSeal(): TokenSeal {
  seal ??= tokenSeal(config().chatEncryptionKey ?? appSecret());
  return seal;
}

/** Lets running jobs finish (a short grace), then stops taking new ones; queued jobs wait for the next start. */
export async function stopJobs(): Promise<void> {
  const running = await starting?.catch(() => undefined);
  starting = undefined;
  queue = undefined;
  await running?.stop();
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
