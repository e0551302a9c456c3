import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "~/db/database.server";
import { profiles, stripeEvents, subscriptions, users } from "~/db/schema";
import { recordAudit } from "../admin/audit.server";
import { enqueueEmails } from "../email/outbox.server";
import type { EmailContent } from "../email/templates";
import { failure, type Outcome } from "../errors";
import type { JobSender } from "../jobs/queue.server";
import { BILLING_PAGE_PATH, type Billing } from "./billing.server";
import { cancelledEmail, paymentFailedEmail, trialEndingEmail, welcomeToPremiumEmail } from "./billing-mails";
import { type PlanMail, planChanged, planMailsFor, planSnapshot, type ReadPlan, type StoredPlan } from "./plan-state";
import { subscriptionColumns } from "./premium.server";
import { idOf, isFinished, storedPlanOf } from "./stripe-subscription";

/** The events to enable on the webhook endpoint in Stripe's dashboard; others are answered and ignored. */
const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

/**
 * Whether the header has Stripe's shape: a `t=` of digits and `v1=` hex
 * signatures. The library throws a plain error, not its verification error,
 * on some malformed headers (an empty `v1=`), which would otherwise answer 500.
 */
function wellFormedSignature(header: string): boolean {
  const pairs = header.split(",").map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [part, ""] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const values = (key: string) => pairs.filter(([name]) => name === key).map(([, value]) => value ?? "");
  const times = values("t");
  const signatures = values("v1");
  return (
    times.length === 1 &&
    /^\d{1,12}$/.test(times[0] ?? "") &&
    signatures.length > 0 &&
    signatures.every((value) => /^[0-9a-f]{1,128}$/i.test(value))
  );
}

/** The event as Stripe signed it; a missing, malformed or wrong signature (or a stale timestamp) is refused. */
export function verifyWebhook(
  billing: Pick<Billing, "stripe" | "webhookSecret">,
  payload: Buffer,
  signature: string | null,
): Outcome<{ event: Stripe.Event }> {
  if (!signature) return failure("STRIPE_SIGNATURE_MISSING");
  if (!wellFormedSignature(signature)) {
    return failure("STRIPE_SIGNATURE_MALFORMED");
  }
  try {
    return { ok: true, event: billing.stripe.webhooks.constructEvent(payload, signature, billing.webhookSecret) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      return failure("STRIPE_SIGNATURE_MISMATCH");
    }
    throw error;
  }
}

/** Which subscription an event is about, and the Stripe customer it belongs to, as Stripe signed them. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; customerId: string | null } | null {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return null;
  const object = event.data.object as unknown as Record<string, unknown>;
  const customerId = idOf(object.customer as string | { id: string } | null | undefined);
  switch (event.type) {
    case "checkout.session.completed":
      return { subscriptionId: idOf(event.data.object.subscription), customerId };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end":
      return { subscriptionId: event.data.object.id, customerId };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const details = (object.parent as { subscription_details?: { subscription?: unknown } } | null)
        ?.subscription_details;
      const legacy = object.subscription as string | { id: string } | null | undefined;
      return {
        subscriptionId: idOf((details?.subscription as string | { id: string } | undefined) ?? legacy),
        customerId,
      };
    }
    default:
      return null;
  }
}

export type WebhookOutcome = "applied" | "duplicate" | "ignored";
const IGNORED = { outcome: "ignored", queued: 0 } as const;

/**
 * Handles one verified event. Stripe may send an event twice and in any
 * order, so the event only says which subscription changed. In one
 * transaction: the event's id is stored (a second delivery finds it and
 * changes nothing), the account's row is locked, and only then is the
 * subscription's current state read from Stripe and written. Reading under
 * the lock makes concurrent events take turns, each reading after the
 * previous one wrote, so the last write is Stripe's latest state.
 * Mails (queued as jobs in the same transaction) and the audit entry
 * follow the change of state; `queued` counts the mails.
 */
export async function handleStripeEvent(
  db: Database,
  jobs: JobSender,
  billing: Billing,
  event: Stripe.Event,
): Promise<{ outcome: WebhookOutcome; queued: number }> {
  const subject = subjectOf(event);
  const { subscriptionId, customerId } = subject ?? {};
  if (!subscriptionId || !customerId) {
    await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return IGNORED;
  }
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { outcome: "duplicate", queued: 0 } as const;
    // The account is the one whose customer CircleUp created (checkout stores it before anyone
    // reaches Stripe). client_reference_id and metadata are the buyer's to set (Payment Links,
    // the API), so they never name the account.
    const [stored] = await tx
      .select(subscriptionColumns())
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId))
      .for("update");
    if (!stored) return IGNORED;
    // Under the lock, so an older read cannot commit after a newer one. The call holds a
    // connection (on PGlite, the process's only one) for as long as Stripe takes to answer.
    const subscription = await retrieveSubscription(billing, subscriptionId);
    // Stripe no longer knows it (deleted in test mode, another account's id): retrying would never help.
    if (!subscription || idOf(subscription.customer) !== stored.customerId) return IGNORED;
    // Another product sold from the same Stripe account is not Premium.
    if (!sellsPremium(billing, subscription)) return IGNORED;
    const member = await memberOf(tx, stored.userId);
    if (!member) return IGNORED;

    const after = storedPlanOf(subscription);
    // A late event about an earlier, finished subscription never replaces a live one.
    const replacesLive =
      stored.subscriptionId && stored.subscriptionId !== subscription.id && !isFinished(stored.status);
    if (replacesLive && isFinished(after.status)) return IGNORED;

    const before: ReadPlan | null = stored.subscriptionId ? stored : null;
    await tx
      .update(subscriptions)
      .set({
        subscriptionId: subscription.id,
        status: after.status,
        billingInterval: after.billingInterval,
        trialEndsAt: after.trialEndsAt,
        currentPeriodEndsAt: after.currentPeriodEndsAt,
        endsAt: after.endsAt,
        trialUsed: stored.trialUsed || after.trialUsed,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.userId, stored.userId));

    if (planChanged(before, after)) {
      await recordAudit(tx, {
        actorId: null,
        action: "user.plan",
        targetType: "user",
        targetId: member.id,
        before: planSnapshot(before),
        after: planSnapshot(after),
      });
    }
    const mails: EmailContent[] = planMailsFor(before, after).map((kind) => planMail(kind, billing, member, after));
    if (event.type === "customer.subscription.trial_will_end" && after.status === "trialing" && after.trialEndsAt) {
      mails.push(trialEndingEmail({ ...common(billing, member), trialEndsAt: after.trialEndsAt }));
    }
    await enqueueEmails(
      tx,
      jobs,
      mails.map((mail) => ({ kind: "billing", to: member.email, ...mail })),
    );
    return { outcome: "applied", queued: mails.length } as const;
  });
}

/** The subscription as Stripe has it now; null when Stripe answers that there is no such subscription. */
async function retrieveSubscription(billing: Billing, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await billing.stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return null;
    throw error;
  }
}

type Member = { id: string; email: string; name: string };

async function memberOf(db: Database, userId: string): Promise<Member | null> {
  const [member] = await db
    .select({ id: users.id, email: users.email, name: profiles.fullName })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return member ?? null;
}

/** Whether every item of the subscription is one of the configured Premium prices (monthly or yearly). */
function sellsPremium(billing: Pick<Billing, "prices">, subscription: Stripe.Subscription): boolean {
  const premium = new Set([billing.prices.month, billing.prices.year].filter((id) => id !== undefined));
  const items = subscription.items?.data ?? [];
  return items.length > 0 && items.every((item) => premium.has(item.price?.id));
}

const common = (billing: Billing, member: Member) => ({
  appName: billing.appName,
  name: member.name,
  billingUrl: `${billing.publicUrl}${BILLING_PAGE_PATH}`,
});

function planMail(kind: PlanMail, billing: Billing, member: Member, plan: StoredPlan): EmailContent {
  switch (kind) {
    case "welcome":
      return welcomeToPremiumEmail({
        ...common(billing, member),
        trialEndsAt: plan.status === "trialing" ? plan.trialEndsAt : null,
      });
    case "payment_failed":
      return paymentFailedEmail(common(billing, member));
    case "cancelled":
      return cancelledEmail({ ...common(billing, member), endsAt: plan.endsAt ?? new Date() });
  }
}
