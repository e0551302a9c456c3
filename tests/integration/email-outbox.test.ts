import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import type { DatabaseHandle } from "~/db/database.server";
import { analyticsEvents, emailOutbox, profiles, users } from "~/db/schema";
import { createAuth } from "~/domain/accounts/auth.server";
import { createMailer } from "~/domain/email/mailer.server";
import { deliverDueEmails, enqueueEmail, outboxSummary } from "~/domain/email/outbox.server";
import { verificationEmail } from "~/domain/email/templates";
import { freshDatabase, testEngines } from "../support/databases";
import { freePort } from "../support/ports";
import { linksIn, startSmtpServer } from "../support/smtp";

const quiet = { info() {}, warn() {}, error() {} };
const FROM = "CircleUp <no-reply@circleup.test>";
const PUBLIC_URL = "http://circleup.test";

describe.each(testEngines())("the e-mail outbox on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)(
    "keeps sign-up working through an SMTP outage and delivers the mail once it is back",
    async () => {
      const { db } = handle;
      const queued: Promise<unknown>[] = [];
      const auth = createAuth({
        db,
        config: parseConfig({ PUBLIC_URL }),
        secret: "a-test-secret-that-is-long-enough-to-sign-things",
        sendEmail: (kind, to, content) => queued.push(enqueueEmail(db, { kind, to, ...content })),
        logger: quiet,
      });
      const port = await freePort(); // nothing listens here yet: the outage
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", log: quiet });

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

      const down = await deliverDueEmails(db, mailer, { from: FROM });
      expect(down).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [waiting] = await db.select().from(emailOutbox).where(eq(emailOutbox.recipient, "noor@example.com"));
      expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
      expect(waiting?.lastError).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
      // Not due again until the back-off has passed.
      expect(await deliverDueEmails(db, mailer, { from: FROM })).toEqual({ sent: 0, retried: 0, failed: 0 });

      const smtp = await startSmtpServer({ port });
      try {
        const later = new Date(Date.now() + 60_000);
        expect(await deliverDueEmails(db, mailer, { from: FROM, now: later })).toEqual({
          sent: 1,
          retried: 0,
          failed: 0,
        });
        expect(await deliverDueEmails(db, mailer, { from: FROM, now: later })).toEqual({
          sent: 0,
          retried: 0,
          failed: 0,
        });
        expect(smtp.messages).toHaveLength(1);
        const [mail] = smtp.messages;
        expect(mail?.to).toEqual(["noor@example.com"]);
        expect(mail?.subject).toBe("Verify your email for CircleUp");

        // The link from the received mail verifies the account.
        const link = linksIn(mail as NonNullable<typeof mail>).find((l) => l.includes("/api/auth/verify-email"));
        const verified = await auth.handler(new Request(link as string, { redirect: "manual" }));
        expect(verified.status).toBe(302);
        const [user] = await db.select().from(users).where(eq(users.email, "noor@example.com"));
        expect(user?.emailVerified).toBe(true);
        expect((await outboxSummary(db)).pending).toBe(1); // the welcome mail, queued by the verification
      } finally {
        await smtp.close();
      }
    },
  );

  it.skipIf(!available)("sends each mail exactly once when two servers deliver at the same time", async () => {
    const { db } = handle;
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", log: quiet });
      const now = new Date(Date.now() + 3_600_000);
      // Whatever earlier tests left waiting goes out first.
      await deliverDueEmails(db, mailer, { from: FROM, now, batchSize: 100 });
      smtp.messages.length = 0;
      for (let i = 0; i < 8; i++) {
        const content = verificationEmail({ appName: "CircleUp", name: `P${i}`, url: `${PUBLIC_URL}/x/${i}` });
        await enqueueEmail(db, { kind: "verification", to: `p${i}@example.com`, ...content });
      }
      const runs = await Promise.all([
        deliverDueEmails(db, mailer, { from: FROM, now, batchSize: 5 }),
        deliverDueEmails(db, mailer, { from: FROM, now, batchSize: 5 }),
        deliverDueEmails(db, mailer, { from: FROM, now, batchSize: 5 }),
      ]);
      const sent = runs.reduce((sum, r) => sum + r.sent, 0);
      expect(sent).toBe(8);
      expect(smtp.messages).toHaveLength(8);
      expect(new Set(smtp.messages.map((m) => m.to[0])).size).toBe(8);
    } finally {
      await smtp.close();
    }
  });
});

describe("the outbox folder, with no SMTP server", () => {
  it("writes each mail as an .eml file a mail program opens", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-outbox-"));
    const lines: object[] = [];
    try {
      const mailer = createMailer({ outboxDir: dir, log: { info: (obj) => lines.push(obj) } });
      const content = verificationEmail({ appName: "CircleUp", name: "Ada", url: "http://circleup.test/v?token=abc" });
      await mailer.send({ from: FROM, to: "ada@example.com", ...content });
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(dir, files[0] as string), "utf8");
      expect(eml).toMatch(/^Subject: Verify your email for CircleUp$/m);
      expect(eml).toMatch(/^To: ada@example.com$/m);
      // Quoted-printable, as mail programs expect.
      expect(eml.replace(/=\r?\n/g, "").replaceAll("=3D", "=")).toContain("token=abc");
      // The log says where the file is, without the address or the link.
      expect(JSON.stringify(lines)).not.toContain("ada@example.com");
      expect(JSON.stringify(lines)).not.toContain("token=abc");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
