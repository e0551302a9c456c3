import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { adminAuditLog, emailOutbox, profiles, users } from "~/db/schema";
import { type JobQueue, jobQueueStats } from "~/domain/jobs/queue.server";
import { sendProductNews } from "~/domain/news/product-news.server";
import { freshDatabase, testEngines } from "../support/databases";
import { startJobQueue } from "../support/jobs";

const SETTINGS = {
  appName: "CircleUp",
  publicUrl: "http://circleup.test",
  secret: "a-secret-of-32-characters-or-more!",
};
const NEWS = { subject: "New in CircleUp", text: "Plans.\n\nA second paragraph." };

describe.each(testEngines())("sending product news on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let adminId = "";
  const readers: string[] = [];
  // Queues only, as a server whose workers are busy elsewhere: what was queued stays to be read.
  let jobs: JobQueue;

  async function account(consents: boolean, verified = true) {
    const email = `reader-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const [row] = await handle.db
      .insert(users)
      .values({ name: "Reader", email, emailVerified: verified })
      .returning({ id: users.id });
    if (!row) throw new Error("no user");
    await handle.db
      .insert(profiles)
      .values({ userId: row.id, fullName: "Reader", marketingConsentAt: consents ? new Date() : null });
    return { id: row.id, email };
  }

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    jobs = await startJobQueue(handle);
    adminId = (await account(false)).id;
    for (let n = 0; n < 3; n++) readers.push((await account(true)).email);
    await account(false);
    await account(true, false);
  });
  afterAll(async () => {
    await jobs?.stop();
    await cleanup?.();
  });

  const newsMails = () =>
    handle.db
      .select({ to: emailOutbox.recipient, headers: emailOutbox.headers, status: emailOutbox.status })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "news"), eq(emailOutbox.subject, NEWS.subject)));
  const newsAudits = () => handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "news.send"));

  it.skipIf(!available)("a failure while queueing leaves no mail queued and no audit entry", async () => {
    // The outbox refuses the second reader's mail, as a full disk or a lost connection would in the middle.
    await handle.db.execute(
      sql.raw(`create function refuse_news_mail() returns trigger language plpgsql as $$
        begin
          if new.recipient = '${readers[1]}' then raise exception 'the outbox is unavailable'; end if;
          return new;
        end $$`),
    );
    await handle.db.execute(
      sql.raw(
        "create trigger refuse_news_mail before insert on email_outbox for each row execute function refuse_news_mail()",
      ),
    );
    try {
      await expect(sendProductNews(handle.db, jobs, adminId, NEWS, SETTINGS)).rejects.toThrow();
    } finally {
      await handle.db.execute(sql.raw("drop trigger refuse_news_mail on email_outbox"));
      await handle.db.execute(sql.raw("drop function refuse_news_mail()"));
    }
    expect(await newsMails()).toEqual([]);
    expect(await newsAudits()).toEqual([]);
    expect((await jobQueueStats(handle.db)).queued).toBe(0);
  });

  it.skipIf(!available)("a queue that refuses the mail jobs leaves no mail and no audit entry either", async () => {
    // The job table refuses the mail jobs, after the outbox rows were written in the same transaction.
    await handle.db.execute(
      sql.raw(`create function refuse_mail_job() returns trigger language plpgsql as $$
        begin raise exception 'the queue is unavailable'; end $$`),
    );
    await handle.db.execute(
      sql.raw(
        "create trigger refuse_mail_job before insert on pgboss.job for each row when (new.name = 'mail') execute function refuse_mail_job()",
      ),
    );
    try {
      await expect(sendProductNews(handle.db, jobs, adminId, NEWS, SETTINGS)).rejects.toThrow();
    } finally {
      await handle.db.execute(sql.raw("drop trigger refuse_mail_job on pgboss.job"));
      await handle.db.execute(sql.raw("drop function refuse_mail_job()"));
    }
    expect(await newsMails()).toEqual([]);
    expect(await newsAudits()).toEqual([]);
    expect((await jobQueueStats(handle.db)).queued).toBe(0);
  });

  it.skipIf(!available)("queues every recipient's mail with the audit entry that says it was sent", async () => {
    expect(await sendProductNews(handle.db, jobs, adminId, NEWS, SETTINGS)).toEqual({ recipients: 3 });
    // Queued when the send returns, before any delivery: a restart now loses none of them.
    const mails = await newsMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([...readers].sort());
    for (const mail of mails) {
      expect(mail.status).toBe("pending");
      expect(mail.headers).toMatchObject({
        "List-Unsubscribe": expect.stringMatching(/^<http:\/\/circleup\.test\/unsubscribe\/[\w-]+\.[\w-]+>$/),
      });
    }
    const audits = await newsAudits();
    expect(audits.map((audit) => audit.after)).toEqual([{ subject: NEWS.subject, recipients: 3 }]);
    // One mail job each, committed with them: whichever server is up sends them.
    expect(await jobQueueStats(handle.db)).toEqual({ queued: 3, active: 0, failed: 0 });
  });
});
