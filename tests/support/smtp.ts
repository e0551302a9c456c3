import { SMTPServer } from "smtp-server";
import { freePort } from "./ports";

export type ReceivedMail = {
  /** Envelope recipients (RCPT TO), lowercased. */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  subject: string;
  /** The text/plain part, decoded ("" when there is none). */
  text: string;
  /** The text/html part, decoded ("" when there is none). */
  html: string;
  /** The message as the server received it. */
  raw: string;
};

export type SmtpTestServer = {
  port: number;
  /** smtp://127.0.0.1:port, ready for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  waitForMessage(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

type Entity = { headers: string; body: string };

function splitEntity(raw: string): Entity {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: raw, body: "" };
  return { headers: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function header(headers: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(headers);
  const value = (match?.[1] ?? "").replace(/\r?\n[ \t]+/g, " ").trim();
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/**
 * The decoded text/plain and text/html parts of a MIME message: enough of
 * MIME for what nodemailer writes (multipart/alternative, quoted-printable or
 * base64, UTF-8), without a parser dependency.
 */
function bodies(raw: string, found: { text: string; html: string } = { text: "", html: "" }) {
  const { headers, body } = splitEntity(raw);
  const contentType = header(headers, "Content-Type") || "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const marker = `--${boundary}`;
    const end = body.indexOf(`${marker}--`);
    const parts = (end >= 0 ? body.slice(0, end) : body).split(marker).slice(1);
    for (const part of parts) bodies(part.replace(/^\r?\n/, "").replace(/\r?\n$/, ""), found);
    return found;
  }
  const encoding = header(headers, "Content-Transfer-Encoding").toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  if (/^text\/html/i.test(contentType)) found.html ||= decoded;
  else if (/^text\/plain/i.test(contentType)) found.text ||= decoded;
  return found;
}

/** Reads a received message the way a test wants to look at it. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { text, html } = bodies(raw);
  return {
    to: envelope.to.map((a) => a.toLowerCase()),
    from: envelope.from,
    subject: header(splitEntity(raw).headers, "Subject"),
    text,
    html,
    raw,
  };
}

/**
 * A real SMTP server on loopback (no TLS, any or no login) that keeps every
 * message it receives. Give it a port to bring a mail server "back" where an
 * app was already pointed.
 */
/**
 * A real SMTP server on loopback that keeps every message. `acceptAfterMs`
 * holds each message that long before accepting it, as a busy mail server
 * does, so a sender can be caught in the middle of a mailing.
 */
export async function startSmtpServer({
  port,
  acceptAfterMs = 0,
}: {
  port?: number;
  acceptAfterMs?: number;
} = {}): Promise<SmtpTestServer> {
  const listenPort = port ?? (await freePort());
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Whatever credentials an SMTP_URL carries are fine here.
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "test" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (acceptAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptAfterMs));
        const mailFrom = session.envelope.mailFrom;
        messages.push(
          parseMail(Buffer.concat(chunks).toString("utf8"), {
            from: mailFrom ? mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          }),
        );
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client hanging up mid-session must not crash the test run.
  server.on("error", () => {});
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    messages,
    waitForMessage(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `No matching mail within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(" | ")})`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The http(s) links in a mail's text part, in order. */
export function linksIn(mail: Pick<ReceivedMail, "text">): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[).,;:]+$/, ""));
}
