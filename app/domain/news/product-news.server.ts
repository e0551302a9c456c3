import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { profiles, users } from "~/db/schema";
import type { ProductNewsInput } from "~/shared/news-schemas";
import { recordAudit } from "../admin/audit.server";
import { enqueueEmails } from "../email/outbox.server";
import type { JobSender } from "../jobs/queue.server";
import { productNewsEmail } from "./news-mail";
import { unsubscribeToken } from "./unsubscribe-token.server";

type NewsSettings = {
  appName: string;
  /** The site's address, for the unsubscribe link. */
  publicUrl: string;
  /** Keys the unsubscribe links' MACs (AUTH_SECRET). */
  secret: string;
};

/** Product news goes only to accounts that asked for it and whose address is verified. */
const audience = and(isNotNull(profiles.marketingConsentAt), eq(users.emailVerified, true));

/** How many accounts a product-news mail would reach now. */
export async function productNewsAudience(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(audience);
  return row?.total ?? 0;
}

/**
 * Queues one mail per consenting, verified account (kind "news"; an outbox
 * row and a job each), each with its own unsubscribe link, and records the
 * send in the audit log, in one transaction: the audit entry says the news
 * was sent only if every mail is queued, and a failure queues none. The job
 * queue then delivers them, across restarts and servers. With nobody to send
 * to, nothing is queued or recorded. The caller has checked that the actor
 * is an admin.
 */
export async function sendProductNews(
  db: Database,
  jobs: JobSender,
  actorId: string,
  news: ProductNewsInput,
  settings: NewsSettings,
): Promise<{ recipients: number }> {
  return db.transaction(async (tx) => {
    const recipients = await tx
      .select({ userId: users.id, email: users.email, name: profiles.fullName })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(audience);
    if (recipients.length === 0) return { recipients: 0 };
    await recordAudit(tx, {
      actorId,
      action: "news.send",
      targetType: "news",
      targetId: news.subject,
      before: null,
      after: { subject: news.subject, recipients: recipients.length },
    });
    await enqueueEmails(
      tx,
      jobs,
      recipients.map((recipient) => {
        const unsubscribeUrl = new URL(
          `/unsubscribe/${unsubscribeToken(recipient.userId, settings.secret)}`,
          settings.publicUrl,
        ).toString();
        const content = productNewsEmail({ appName: settings.appName, name: recipient.name, ...news, unsubscribeUrl });
        return { kind: "news", to: recipient.email, ...content };
      }),
    );
    return { recipients: recipients.length };
  });
}
