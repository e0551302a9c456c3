import { handleStripeEvent, verifyWebhook } from "~/domain/billing/webhooks.server";
import { logger } from "~/logger.server";
import { billing, database, jobs } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { domainProblem, methodNotAllowed, problem } from "~/web/http.server";
import type { Route } from "./+types/stripe.webhook";

/**
 * POST /api/stripe/webhook: Stripe's events about checkouts, subscriptions
 * and invoices. The signature is checked on the body's raw bytes (kept on
 * the Request before routing); Stripe sends no Origin header, which the
 * origin check lets through as it does for every client that is not a
 * browser. Our own failure answers 500 so that Stripe retries.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const payments = billing();
  if (!payments) return problem(coded("PAYMENTS_NOT_SET_UP"));
  const payload = Buffer.from(await request.arrayBuffer());
  const verified = verifyWebhook(payments, payload, request.headers.get("stripe-signature"));
  if (!verified.ok) return domainProblem(verified.error);
  const { event } = verified;
  try {
    const { db } = await database();
    const { outcome } = await handleStripeEvent(db, jobs(), payments, event);
    logger.info({ eventId: event.id, type: event.type, outcome }, "stripe event");
    return Response.json({ received: true, outcome });
  } catch (error) {
    logger.error({ err: error, eventId: event.id, type: event.type }, "stripe event not handled; Stripe will retry");
    return problem(coded("STRIPE_EVENT_DEFERRED"), { retryable: true });
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
