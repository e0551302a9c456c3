import type { Database } from "~/db/database.server";
import { contactMessages } from "~/db/schema";
import type { EmailContent } from "~/domain/email/templates";
import { contactMessageEmail } from "~/domain/email/templates";
import { addressKey, addressSubject, consumeLimit } from "~/domain/limits/rate-limit.server";
import { LIMITS } from "~/domain/limits/rules";
import type { ContactInput } from "~/shared/contact-schemas";
import { failure, type Outcome } from "../errors";

type Sender = { ip: string | null; userId: string | null };
type Settings = {
  appName: string;
  /** Where messages are e-mailed; without it they are only stored. */
  contactEmail: string | undefined;
  /** Keys the hash of the sender's IP, so stored keys can't be turned back into addresses. */
  secret: string;
  sendEmail: (kind: string, to: string, content: EmailContent) => void;
};

export type ContactResult = Outcome;

/**
 * Stores a contact message and mails it to the team. A filled honeypot is
 * accepted and dropped, so robots learn nothing; a sender over the limit
 * (LIMITS.contact, counted before anything is stored, so messages sent
 * together cannot all pass) is told to wait.
 */
export async function submitContactMessage(
  db: Database,
  input: ContactInput,
  sender: Sender,
  settings: Settings,
  now?: Date,
): Promise<ContactResult> {
  if (input.website.trim() !== "") return { ok: true };
  const limit = await consumeLimit(db, LIMITS.contact, addressSubject(sender.ip, settings.secret), now);
  if (!limit.allowed) return failure("CONTACT_RATE_LIMITED");
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    message: input.message,
    userId: sender.userId,
    senderKey: addressKey(sender.ip, settings.secret),
  });
  if (settings.contactEmail) {
    settings.sendEmail("contact", settings.contactEmail, contactMessageEmail({ appName: settings.appName, ...input }));
  }
  return { ok: true };
}
