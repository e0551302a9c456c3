import type Stripe from "stripe";
import type { StoredPlan } from "./plan-state";

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe statuses after which a subscription never gives Premium again. */
const FINISHED = new Set(["canceled", "incomplete_expired"]);

export const isFinished = (status: string | null) => status === null || FINISHED.has(status);

/**
 * What CircleUp keeps of a subscription as Stripe has it now. Cancelled at
 * the period's end (`cancel_at`) or at once (`ended_at`), Premium lasts until
 * then: `endsAt`.
 */
export function storedPlanOf(subscription: Stripe.Subscription): StoredPlan & { trialUsed: boolean } {
  const item = subscription.items?.data?.[0];
  const interval = item?.price?.recurring?.interval;
  const endsAt =
    subscription.status === "canceled"
      ? at(subscription.ended_at ?? subscription.canceled_at)
      : at(subscription.cancel_at ?? (subscription.cancel_at_period_end ? item?.current_period_end : null));
  return {
    status: subscription.status,
    billingInterval: interval === "month" || interval === "year" ? interval : null,
    trialEndsAt: at(subscription.trial_end),
    currentPeriodEndsAt: at(item?.current_period_end),
    endsAt,
    trialUsed: subscription.trial_end !== null && subscription.trial_end !== undefined,
  };
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);
