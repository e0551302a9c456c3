import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import type { DatabaseHandle } from "~/db/database.server";
import { analyticsEvents, emailOutbox, profiles, users } from "~/db/schema";
import { createAuth } from "~/domain/accounts/auth.server";
import { createMailer, type Mailer } from "~/domain/email/mailer.server";
import { deliverQueuedMail, enqueueEmail, outboxSummary } from "~/domain/email/outbox.server";
import { verificationEmail } from "~/domain/email/templates";
import { type JobQueue, jobQueueStats, MAIL_ATTEMPTS } from "~/domain/jobs/queue.server";
import { freshDatabase, testEngines } from "../support/databases";
import { startJobQueue } from "../support/jobs";
import { freePort } from "../support/ports";
import { linksIn, startSmtpServer } from "../support/smtp";

const quiet = { info() {}, warn() {}, error() {} };
const FROM = "CircleUp <no-reply@circleup.test>";
const PUBLIC_URL = "http://circleup.test";

const verification = (name: string, token: string) =>
  verificationEmail({ appName: "CircleUp", name, url: `${PUBLIC_URL}/api/auth/verify-email?token=${token}` });

describe.each(testEngines())("the e-mail outbox on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());
  let queues: JobQueue[] = [];
  beforeEach(async () => {
    if (!available) return;
    await handle.db.delete(emailOutbox);
    await handle.db.execute(sql`delete from pgboss.job`).catch(() => {});
  });
  afterEach(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    queues = [];
  });

  /** A server's share of the queue: it sends mail through `mailer`. */
  async function mailServer(mailer: Mailer): Promise<JobQueue> {
    const queue = await startJobQueue(handle, {
      mail: async ({ outboxId }, attempt) => {
        await deliverQueuedMail(handle.db, mailer, { outboxId, attempt, from: FROM, log: quiet });
      },
      housekeeping: async () => {},
      "round-opening": async () => {},
      "chat.post-round": async () => {},
      "chat.reminder": async () => {},
      "chat.question-of-day": async () => {},
    });
    queues.push(queue);
    return queue;
  }

  /** The mail job of an outbox row, as the queue keeps it. */
  async function jobOf(outboxId: string) {
    const result = (await handle.db.execute(
      sql`select id, state::text as state, retry_count, started_on, start_after from pgboss.job
          where name = 'mail' and data->>'outboxId' = ${outboxId}`,
    )) as unknown as {
      rows: { id: string; state: string; retry_count: number; started_on: string; start_after: string }[];
    };
    const job = result.rows[0];
    if (!job) throw new Error(`No job for ${outboxId}`);
    return { ...job, waitSeconds: (new Date(job.start_after).getTime() - new Date(job.started_on).getTime()) / 1000 };
  }

  /** Skips the rest of a retry's wait, as the clock would: the job is due now. */
  const dueNow = (jobId: string) =>
    handle.db.execute(sql`update pgboss.job set start_after = now() where id = ${jobId}`);

  const row = async (id: string) => (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

  it.skipIf(!available)("sends a queued mail to a real SMTP server as a job", async () => {
    const { db } = handle;
    const smtp = await startSmtpServer();
    try {
      const queue = await mailServer(createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", log: quiet }));
      const id = await enqueueEmail(db, queue, {
        kind: "verification",
        to: "ada@example.com",
        ...verification("Ada", "t1"),
      });
      const mail = await smtp.waitForMessage((m) => m.to.includes("ada@example.com"));
      expect(mail.subject).toBe("Verify your email for CircleUp");
      expect(mail.from).toBe("no-reply@circleup.test");
      expect(linksIn(mail)).toContain(`${PUBLIC_URL}/api/auth/verify-email?token=t1`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/api/auth/verify-email?token=t1"`);
      await expect.poll(async () => (await row(id))?.status).toBe("sent");
      expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect((await row(id))?.sentAt).toBeInstanceOf(Date);
      await expect.poll(async () => (await jobOf(id)).state).toBe("completed");
      expect(await jobQueueStats(db)).toEqual({ queued: 0, active: 0, failed: 0 });
    } finally {
      await smtp.close();
    }
  });

  it.skipIf(!available)(
    "retries a mail through an SMTP outage, waiting longer each time, and sends it once the server is back",
    async () => {
      const { db } = handle;
      const port = await freePort(); // nothing listens here yet: the outage
      const queue = await mailServer(
        createMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, outboxDir: "/x", log: quiet }),
      );
      const id = await enqueueEmail(db, queue, {
        kind: "verification",
        to: "noor@example.com",
        ...verification("Noor", "t2"),
      });

      await expect.poll(async () => (await row(id))?.attempts, { timeout: 15_000 }).toBe(1);
      const waiting = await row(id);
      expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
      expect(waiting?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(waiting?.lastError).not.toContain("s3cret");
      await expect.poll(async () => (await jobOf(id)).state).toBe("retry");
      const first = await jobOf(id);
      // 30 s after the first failure, with up to as much again of jitter so servers do not retry in step.
      expect(first.waitSeconds).toBeGreaterThanOrEqual(30);
      expect(first.waitSeconds).toBeLessThanOrEqual(61);
      expect(await jobQueueStats(db)).toEqual({ queued: 1, active: 0, failed: 0 });

      await dueNow(first.id);
      await expect.poll(async () => (await row(id))?.attempts, { timeout: 15_000 }).toBe(2);
      await expect.poll(async () => (await jobOf(id)).state).toBe("retry");
      const second = await jobOf(id);
      // Doubled after the second failure.
      expect(second.waitSeconds).toBeGreaterThanOrEqual(60);
      expect(second.waitSeconds).toBeLessThanOrEqual(121);

      const smtp = await startSmtpServer({ port });
      try {
        await dueNow(second.id);
        await smtp.waitForMessage((m) => m.to.includes("noor@example.com"), 15_000);
        await expect.poll(async () => (await row(id))?.status).toBe("sent");
        expect(smtp.messages).toHaveLength(1);
        expect(await row(id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
        expect(await jobOf(id)).toMatchObject({ state: "completed", retry_count: 2 });
      } finally {
        await smtp.close();
      }
    },
  );

  it.skipIf(!available)(
    "marks a mail failed at its last attempt, with the error and no secret or address",
    async () => {
      const { db } = handle;
      const broken: Mailer = {
        describe: "broken",
        send: async () => {
          throw Object.assign(new Error("Invalid login for smtp://user:hunter2@mail.example:587 <noor@example.com>"), {
            code: "EAUTH",
          });
        },
      };
      const queue = await startJobQueue(handle);
      queues.push(queue);
      const id = await enqueueEmail(db, queue, {
        kind: "welcome",
        to: "noor@example.com",
        ...verification("Noor", "t3"),
      });
      await expect(
        deliverQueuedMail(db, broken, { outboxId: id, attempt: { number: 1, last: false }, from: FROM }),
      ).rejects.toThrow(/^EAUTH: Invalid login/);
      expect(await row(id)).toMatchObject({ status: "pending", attempts: 1 });
      await expect(
        deliverQueuedMail(db, broken, { outboxId: id, attempt: { number: MAIL_ATTEMPTS, last: true }, from: FROM }),
      ).rejects.toThrow();
      const failed = await row(id);
      expect(failed).toMatchObject({ status: "failed", attempts: 2 });
      expect(failed?.lastError).toMatch(/^EAUTH: Invalid login/);
      expect(failed?.lastError).not.toContain("hunter2");
      expect(failed?.lastError).not.toContain("noor@example.com");
      // A job that runs again for a mail given up (or sent) sends nothing.
      const smtp = await startSmtpServer();
      try {
        const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", log: quiet });
        expect(
          await deliverQueuedMail(db, mailer, { outboxId: id, attempt: { number: 3, last: false }, from: FROM }),
        ).toBe("skipped");
        expect(smtp.messages).toHaveLength(0);
      } finally {
        await smtp.close();
      }
    },
  );

  it.skipIf(!available)("sends each mail exactly once when two servers' queues run at the same time", async () => {
    const { db } = handle;
    const smtp = await startSmtpServer({ acceptAfterMs: 20 });
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", log: quiet });
      const [one] = [await mailServer(mailer), await mailServer(mailer)];
      const recipients = Array.from({ length: 10 }, (_, i) => `p${i}@example.com`);
      for (const [i, to] of recipients.entries()) {
        await enqueueEmail(db, one as JobQueue, { kind: "verification", to, ...verification(`P${i}`, `c${i}`) });
      }
      await expect.poll(async () => (await outboxSummary(db)).sent, { timeout: 20_000 }).toBe(10);
      expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([...recipients].sort());
      const rows = await db.select().from(emailOutbox);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it.skipIf(!available)("summarises the outbox for admins", async () => {
    const { db } = handle;
    expect(await outboxSummary(db)).toEqual({ pending: 0, sent: 0, failed: 0, oldestPendingAt: null });
    const queue = await startJobQueue(handle);
    queues.push(queue);
    const first = await enqueueEmail(db, queue, { kind: "welcome", to: "a@example.com", ...verification("A", "a") });
    await enqueueEmail(db, queue, { kind: "welcome", to: "b@example.com", ...verification("B", "b") });
    await db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.recipient, "b@example.com"));
    const summary = await outboxSummary(db);
    expect(summary).toMatchObject({ pending: 1, sent: 0, failed: 1 });
    expect(summary.oldestPendingAt?.getTime()).toBe((await row(first))?.createdAt.getTime());
  });

  it.skipIf(!available)("keeps sign-up working through an SMTP outage; the mailed link then verifies", async () => {
    const { db } = handle;
    const queued: Promise<unknown>[] = [];
    const port = await freePort(); // nothing listens here yet: the outage
    const queue = await mailServer(
      createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", log: quiet }),
    );
    const auth = createAuth({
      db,
      config: parseConfig({ PUBLIC_URL }),
      secret: "a-test-secret-that-is-long-enough-to-sign-things",
      sendEmail: (kind, to, content) => queued.push(enqueueEmail(db, queue, { kind, to, ...content })),
      logger: quiet,
    });
    const signUp = await auth.handler(
      new Request(`${PUBLIC_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: PUBLIC_URL },
        body: JSON.stringify({ name: "Noor", email: "noor@example.com", password: "long enough secret" }),
      }),
    );
    expect(signUp.status).toBe(200);
    await Promise.all(queued);
    // The profile and the first-party sign_up event come with the account.
    const [created] = await db.select().from(users).where(eq(users.email, "noor@example.com"));
    const [profile] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, created?.id ?? ""));
    expect(profile).toMatchObject({ fullName: "Noor", plan: "free", isAdmin: false });
    const events = await db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, created?.id ?? ""));
    expect(events.map((e) => e.name)).toEqual(["sign_up"]);

    const [verifying] = await db.select().from(emailOutbox);
    await expect.poll(async () => (await row(verifying?.id ?? ""))?.attempts, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await jobOf(verifying?.id ?? "")).state).toBe("retry");
    const smtp = await startSmtpServer({ port });
    try {
      await dueNow((await jobOf(verifying?.id ?? "")).id);
      const mail = await smtp.waitForMessage((m) => m.to.includes("noor@example.com"), 15_000);
      expect(mail?.to).toEqual(["noor@example.com"]);
      const link = linksIn(mail ?? { text: "" }).find((l) => l.includes("/api/auth/verify-email"));
      const verified = await auth.handler(new Request(link as string, { redirect: "manual" }));
      expect(verified.status).toBe(302);
      const [user] = await db.select().from(users).where(eq(users.email, "noor@example.com"));
      expect(user?.emailVerified).toBe(true);
      await Promise.all(queued);
      // The welcome mail, queued by the verification, goes out too.
      await smtp.waitForMessage((m) => m.to.includes("noor@example.com") && /welcome/i.test(m.subject), 15_000);
    } finally {
      await smtp.close();
    }
  });
});

describe("the outbox folder, with no SMTP server", () => {
  it("writes each mail as an .eml file a mail program opens, and logs no address or link", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "circleup-outbox-")), "outbox");
    const lines: object[] = [];
    try {
      const mailer = createMailer({ outboxDir: dir, log: { info: (obj) => lines.push(obj) } });
      expect(mailer.describe).toContain(dir);
      const content = verificationEmail({ appName: "CircleUp", name: "Ada", url: "http://circleup.test/v?token=abc" });
      await mailer.send({ from: FROM, to: "ada@example.com", ...content });
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]+\.eml$/);
      const eml = fs.readFileSync(path.join(dir, files[0] as string), "utf8");
      expect(eml).toMatch(/^Subject: Verify your email for CircleUp$/m);
      expect(eml).toMatch(/^To: ada@example.com$/m);
      expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
      // Quoted-printable, as mail programs expect.
      expect(eml.replace(/=\r?\n/g, "").replaceAll("=3D", "=")).toContain("http://circleup.test/v?token=abc");
      expect(lines).toEqual([
        expect.objectContaining({ to: "a***@example.com", subject: "Verify your email for CircleUp" }),
      ]);
      expect(JSON.stringify(lines)).not.toContain("ada@example.com");
      expect(JSON.stringify(lines)).not.toContain("token=abc");
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
