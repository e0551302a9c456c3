import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe on product news). */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(message: OutgoingMail): Promise<void>;
  /** For logs: where mail goes, without credentials. */
  describe: string;
};

export type MailLog = { info(obj: object, msg: string): void };

/** "ada@example.com" -> "a***@example.com": enough to tell mails apart in a log, not to harvest. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return "***";
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/**
 * SMTP when a server is configured; otherwise each mail becomes an .eml file
 * in the outbox folder (open it with any mail program), so the flows work
 * on a laptop with nothing set up.
 */
export function createMailer({
  smtpUrl,
  outboxDir,
  log,
}: {
  smtpUrl?: string;
  outboxDir: string;
  log: MailLog;
}): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl) : folderMailer(outboxDir, log);
}

function smtpMailer(smtpUrl: string): Mailer {
  // Options go next to `url` in one object: a second argument to createTransport
  // would be message defaults, and the timeouts would silently not apply.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // An outage should fail fast; the outbox retries later.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  });
  const target = new URL(smtpUrl);
  const port = target.port || (target.protocol === "smtps:" ? "465" : "587");
  return {
    describe: `SMTP ${target.hostname}:${port}`,
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

function folderMailer(outboxDir: string, log: MailLog): Mailer {
  // Renders the exact MIME message an SMTP server would get.
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${outboxDir}`,
    async send(message) {
      const info = await render.sendMail(message);
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message);
      // The file holds the link; the log only says where it is.
      log.info({ to: maskAddress(message.to), subject: message.subject, file }, "mail written to the outbox folder");
    },
  };
}
