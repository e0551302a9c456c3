import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string };

export type Mailer = {
  send(message: OutgoingMail): Promise<void>;
  /** For logs: where mail goes, without credentials. */
  describe: string;
};

type Log = { info(obj: object, msg: string): void };

/** "ada@example.com" -> "a***@example.com": enough to tell mails apart in a log, not to harvest. */
export function maskAddress(address: string): string {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * SMTP when a server is configured; otherwise each mail becomes an .eml file
 * in the outbox folder (open it with any mail program), so the flows work
 * on a laptop with nothing set up.
 */
export function createMailer({ smtpUrl, outboxDir, log }: { smtpUrl?: string; outboxDir: string; log: Log }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl, {
      // An outage should fail fast; the outbox retries later.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 15_000,
    } as object);
    const target = new URL(smtpUrl);
    return {
      describe: `SMTP ${target.hostname}:${target.port || (target.protocol === "smtps:" ? 465 : 587)}`,
      async send(message) {
        await transport.sendMail(message);
      },
    };
  }
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${outboxDir}`,
    async send(message) {
      const info = await render.sendMail(message);
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: maskAddress(message.to), subject: message.subject, file }, "mail written to the outbox folder");
    },
  };
}
