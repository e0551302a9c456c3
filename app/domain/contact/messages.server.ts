import crypto from "node:crypto";
import { and, count, eq, gte } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { contactMessages } from "~/db/schema";
import type { EmailContent } from "~/domain/email/templates";
import { contactMessageEmail } from "~/domain/email/templates";
import type { ContactInput } from "~/shared/contact-schemas";

/** At most this many messages per sender address in the window. */
export const CONTACT_LIMIT = { messages: 3, windowMinutes: 10 };

export const CONTACT_RATE_LIMITED =
  "You have sent several messages in a short time. Please wait a few minutes and try again.";

type Sender = { ip: string | null; userId: string | null };
type Settings = {
  appName: string;
  /** Where messages are e-mailed; without it they are only stored. */
  contactEmail: string | undefined;
  /** Keys the hash of the sender's IP, so stored keys can't be turned back into addresses. */
  secret: string;
  sendEmail: (kind: string, to: string, content: EmailContent) => void;
};

export type ContactResult = { ok: true } | { ok: false; error: string };

function senderKey(ip: string | null, secret: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(ip ?? "unknown")
    .digest("base64url");
}

/**
 * Stores a contact message and mails it to the team. A filled honeypot is
 * accepted and dropped, so robots learn nothing; a sender over the limit is
 * told to wait.
 */
export async function submitContactMessage(
  db: Database,
  input: ContactInput,
  sender: Sender,
  settings: Settings,
  now = new Date(),
): Promise<ContactResult> {
  if (input.website.trim() !== "") return { ok: true };
  const key = senderKey(sender.ip, settings.secret);
  const since = new Date(now.getTime() - CONTACT_LIMIT.windowMinutes * 60_000);
  const [{ recent = 0 } = {}] = await db
    .select({ recent: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.senderKey, key), gte(contactMessages.createdAt, since)));
  if (recent >= CONTACT_LIMIT.messages) return { ok: false, error: CONTACT_RATE_LIMITED };
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    message: input.message,
    userId: sender.userId,
    senderKey: key,
  });
  if (settings.contactEmail) {
    settings.sendEmail("contact", settings.contactEmail, contactMessageEmail({ appName: settings.appName, ...input }));
  }
  return { ok: true };
}
