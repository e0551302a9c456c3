/**
 * Premium's plan states, shared by the billing page and the server. Stripe
 * keeps the subscription; CircleUp keeps what Stripe last said about it.
 */

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * Subscription statuses that give Premium until `endsAt` (when set): a trial,
 * a paid period, a failed payment Stripe is still retrying, and a
 * cancellation whose paid period has not ended.
 */
export const PREMIUM_GIVING_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;

export type SubscriptionState = {
  status: string | null;
  endsAt: Date | null;
};

/** Whether a subscription in this state gives Premium at `now`. A cancelled one always has an end. */
export function subscriptionGivesPremium(state: SubscriptionState, now = new Date()): boolean {
  if (!state.status || !(PREMIUM_GIVING_STATUSES as readonly string[]).includes(state.status)) return false;
  if (state.endsAt) return state.endsAt.getTime() > now.getTime();
  return state.status !== "canceled";
}
