/**
 * Premium's plan states, shared by the billing page and the server. Stripe
 * keeps the subscription; CircleUp keeps what Stripe last said about it.
 */

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
