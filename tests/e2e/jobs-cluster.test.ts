import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startClusterOrSkip } from "../support/cluster";
import { seedMembers, signIn } from "../support/members";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * The job queue with two production servers on one PostgreSQL and a real
 * SMTP server on loopback that takes a moment over each message, as a busy
 * one does: product news goes out from both servers, each mail once, and a
 * server killed in the middle of a mailing loses none of it.
 */
describe("the job queue on two servers sharing one PostgreSQL", () => {
  let smtp: SmtpTestServer;
  let cluster: Cluster | null = null;
  let db: pg.Client;
  const ADMIN = "news-editor@example.com";
  const READERS = Array.from({ length: 30 }, (_, i) => `reader-${i}@example.com`);

  beforeAll(async () => {
    smtp = await startSmtpServer({ acceptAfterMs: 150 });
    cluster = await startClusterOrSkip("the job queue cluster tests", { env: { SMTP_URL: smtp.url } });
    if (!cluster) return;
    await seedMembers({ databaseUrl: cluster.databaseUrl }, [
      { email: ADMIN, admin: true },
      ...READERS.map((email) => ({ email, productNews: true })),
    ]);
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await smtp?.close();
  });

  async function sendNews(server: number, subject: string) {
    if (!cluster) throw new Error("no cluster");
    const admin = cluster.client(server);
    await signIn(admin, ADMIN);
    const response = await admin.postForm("/admin", { intent: "news", subject, text: `${subject}.\n\nMore.` });
    expect(response.status).toBeLessThan(400);
  }

  const copiesOf = (subject: string) => {
    const copies = new Map<string, number>();
    for (const mail of smtp.messages.filter((m) => m.subject === subject)) {
      for (const to of mail.to) copies.set(to, (copies.get(to) ?? 0) + 1);
    }
    return copies;
  };

  const rowsOf = async (subject: string) =>
    (
      await db.query<{ status: string; attempts: number; state: string; retry_count: number }>(
        `select o.status, o.attempts, j.state::text as state, j.retry_count
           from email_outbox o join pgboss.job j on j.name = 'mail' and j.data->>'outboxId' = o.id::text
          where o.subject = $1`,
        [subject],
      )
    ).rows;

  it("sends a mailing from both servers, each mail once, no job taken by two servers", async (context) => {
    if (!cluster) return context.skip();
    const subject = "Plans can be shared";
    await sendNews(0, subject);
    await expect
      .poll(() => copiesOf(subject).size, { message: "every reader's mail", timeout: 60_000 })
      .toBe(READERS.length);
    await expect.poll(async () => (await rowsOf(subject)).every((row) => row.state === "completed")).toBe(true);

    expect([...copiesOf(subject).keys()].sort()).toEqual([...READERS].sort());
    expect([...copiesOf(subject).values()].every((n) => n === 1)).toBe(true);
    // Each job ran once: taken by one server, never retried, never handed to the other.
    const rows = await rowsOf(subject);
    expect(rows).toHaveLength(READERS.length);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1 && row.retry_count === 0)).toBe(true);
  });

  it("loses no mail when a server is killed in the middle of a mailing", async (context) => {
    if (!cluster) return context.skip();
    const subject = "Team memory is here";
    await sendNews(1, subject);
    // A few are out; the rest are queued or in the hands of the two servers.
    await expect.poll(() => copiesOf(subject).size, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await cluster.kill(0);
    expect(copiesOf(subject).size).toBeLessThan(READERS.length);

    // The survivor sends what was queued. What the dead server held stays active until its heartbeat has
    // lapsed; then it waits out a retry's back-off, which is skipped here, as the clock would pass it.
    await expect
      .poll(async () => (await rowsOf(subject)).every((row) => row.state === "completed" || row.state === "retry"), {
        message: "the dead server's jobs to be handed back",
        timeout: 60_000,
      })
      .toBe(true);
    await db.query("update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'");
    await expect
      .poll(() => copiesOf(subject).size, { message: "every reader's mail after the kill", timeout: 90_000 })
      .toBe(READERS.length);
    await expect
      .poll(async () => (await rowsOf(subject)).every((row) => row.status === "sent"), { timeout: 30_000 })
      .toBe(true);
    // At least once: a mail the SMTP server had taken when the sender died is sent again, since nothing
    // said "sent" yet. That is at most the one mail each of the dead server's two workers was sending.
    const copies = [...copiesOf(subject).values()];
    expect(copies.every((n) => n >= 1)).toBe(true);
    expect(copies.reduce((sum, n) => sum + n, 0) - READERS.length).toBeLessThanOrEqual(2);

    // The killed server comes back and takes jobs again.
    await cluster.restart(0);
    const again = "After the restart";
    await sendNews(0, again);
    await expect.poll(() => copiesOf(again).size, { timeout: 60_000 }).toBe(READERS.length);
  });
});
