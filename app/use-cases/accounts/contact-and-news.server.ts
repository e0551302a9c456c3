import { z } from "zod";
import { submitContactMessage } from "~/domain/contact/messages.server";
import { LIMITS } from "~/domain/limits/rules";
import { unsubscribe } from "~/domain/news/consent.server";
import { contactSchema } from "~/shared/contact-schemas";
import { addressOf, signedInUser } from "../actors";
import { defineUseCase, done } from "../use-case";

/** Longer than any link we mail: not worth checking. */
const TOKEN_MAX = 300;

export const stopProductNews = defineUseCase({
  name: "news.unsubscribe",
  summary:
    "Stops product news for the account an unsubscribe link names; the link's secret authorises it, signed in or not.",
  input: z.object({ token: z.string().transform((token) => token.slice(0, TOKEN_MAX)) }),
  output: z.object({ done: z.literal(true) }),
  actors: ["visitor", "member"],
  // Per address: the links carry a token, so trying tokens is bounded.
  limit: { rule: LIMITS.unsubscribes, by: "address" },
  errors: ["UNSUBSCRIBE_LINK_INVALID"],
  async run({ db, secret }, _actor, { token }) {
    const outcome = await unsubscribe(db, token, secret);
    return outcome.ok ? done({ done: true as const }) : outcome;
  },
});

/**
 * The contact form: stored, and mailed to the team where an address is
 * set. The sender's limit is the domain's (LIMITS.contact, per address):
 * it is counted only for messages that are kept, so a robot that fills the
 * hidden field is answered alike and counts for nothing.
 */
export const sendContactMessage = defineUseCase({
  name: "contact.send",
  summary: "Sends a message to the CircleUp team.",
  input: contactSchema,
  output: z.object({ sent: z.literal(true) }),
  actors: ["visitor", "member"],
  errors: ["CONTACT_RATE_LIMITED"],
  async run({ db, secret, settings, sendEmail }, actor, message) {
    const { appName, contactEmail } = settings;
    const sender = { ip: addressOf(actor), userId: signedInUser(actor)?.id ?? null };
    const sent = await submitContactMessage(db, message, sender, { appName, contactEmail, secret, sendEmail });
    return sent.ok ? done({ sent: true as const }) : sent;
  },
});
