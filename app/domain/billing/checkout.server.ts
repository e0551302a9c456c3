import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { subscriptions } from "~/db/schema";
import type { BillingInterval } from "~/shared/billing";
import { failure, type Outcome, retryableFailure } from "../errors";
import { BILLING_PAGE_PATH, type Billing } from "./billing.server";
import { planStateOf } from "./plan-state";
import { subscriptionColumns } from "./premium.server";

type Member = { id: string; email: string };

async function storedSubscription(db: Database, userId: string) {
  const [row] = await db.select(subscriptionColumns()).from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/**
 * The member's Stripe customer: the stored one, or a new one stored before
 * anyone is sent to Stripe, so the webhook that follows finds its account.
 * The idempotency key makes two clicks at once one customer.
 */
async function customerOf(db: Database, billing: Billing, member: Member): Promise<string> {
  const stored = await storedSubscription(db, member.id);
  if (stored) return stored.customerId;
  const customer = await billing.stripe.customers.create(
    { email: member.email, metadata: { userId: member.id } },
    { idempotencyKey: `circleup-customer-${member.id}` },
  );
  await db.insert(subscriptions).values({ userId: member.id, customerId: customer.id }).onConflictDoNothing();
  return (await storedSubscription(db, member.id))?.customerId ?? customer.id;
}

/**
 * Starts Stripe Checkout for Premium, monthly or yearly. The account's id
 * travels as `client_reference_id` and in the metadata of the session and
 * the subscription; the trial is offered only to an account that never had one.
 */
export async function startCheckout(
  db: Database,
  billing: Billing,
  member: Member,
  interval: BillingInterval,
): Promise<Outcome<{ url: string }>> {
  const price = billing.prices[interval];
  if (!price) {
    return failure("PLAN_INTERVAL_NOT_OFFERED", { interval });
  }
  const stored = await storedSubscription(db, member.id);
  if (stored && planStateOf(stored).kind !== "free") {
    return failure("ALREADY_PREMIUM");
  }
  const customer = await customerOf(db, billing, member);
  const trial = !stored?.trialUsed && billing.trialDays > 0 ? { trial_period_days: billing.trialDays } : {};
  const session = await billing.stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: member.id,
    metadata: { userId: member.id },
    line_items: [{ price, quantity: 1 }],
    subscription_data: { metadata: { userId: member.id }, ...trial },
    success_url: `${billing.publicUrl}${BILLING_PAGE_PATH}?checkout=done`,
    cancel_url: `${billing.publicUrl}${BILLING_PAGE_PATH}?checkout=cancelled`,
  });
  if (!session.url) return retryableFailure("API_ERROR", { reason: "checkout-page" }, { retryable: true });
  return { ok: true, url: session.url };
}

/** Opens Stripe's customer portal (change plan, update the card, cancel) for a member who has a customer. */
export async function openPortal(db: Database, billing: Billing, userId: string): Promise<Outcome<{ url: string }>> {
  const stored = await storedSubscription(db, userId);
  if (!stored) return failure("NOTHING_TO_MANAGE");
  const session = await billing.stripe.billingPortal.sessions.create({
    customer: stored.customerId,
    return_url: `${billing.publicUrl}${BILLING_PAGE_PATH}`,
  });
  return { ok: true, url: session.url };
}

/** The member's stored plan for the billing page, or null without one. */
export async function billingStateOf(db: Database, userId: string) {
  return planStateOf(await storedSubscription(db, userId));
}
