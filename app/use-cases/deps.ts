import type { Database } from "~/db/database.server";
import type { Billing } from "~/domain/billing/billing.server";
import type { TokenSeal } from "~/domain/chat/sealing.server";
import type { EmailContent } from "~/domain/email/templates";
import type { ActiveGenerator } from "~/domain/generation/active-generator.server";
import type { JobSender } from "~/domain/jobs/queue.server";
import type { SiteFeatures } from "~/shared/features";
import type { LiveSettings } from "~/shared/live";
import type { QuotaLimits } from "~/shared/quota";

/**
 * What use cases are given to work with, built once per call by the
 * adapter from the composition root (app/web/adapters/deps.server.ts). A
 * use case never reaches for services or settings itself, so a test, a job
 * runner or a chat adapter can hand it others. Services that not every
 * call needs are functions: asking for them is what builds them.
 */
export type UseCaseDeps = {
  db: Database;
  /** Keys the hashes of addresses that limits and quotas count. */
  secret: string;
  settings: {
    appName: string;
    publicUrl: string;
    contactEmail: string | undefined;
    aiQuota: QuotaLimits;
    live: LiveSettings;
  };
  /** The AI provider, when one is configured. */
  ai: () => ActiveGenerator;
  /** Stripe, when payments are set up. */
  billing: () => Billing | undefined;
  /** What this server does (an AI provider, Premium for sale), by the one rule pages show it by. */
  features: () => SiteFeatures;
  /** Notes what went wrong outside CircleUp (a payment provider that did not answer); never a person's text. */
  log: { warn(details: object, message: string): void };
  /** Queues an e-mail in the outbox and sends it in the background. */
  sendEmail: (kind: string, to: string, content: EmailContent) => void;
  /** Queues jobs (mail among them) in the caller's transaction; the job queue runs them after the commit. */
  jobs: JobSender;
  /** Seals what chat platforms give us (tokens, connect links) under the chat key. */
  chatSeal: () => TokenSeal;
};
