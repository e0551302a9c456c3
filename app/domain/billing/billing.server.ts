import type Stripe from "stripe";
import { BILLING_INTERVALS, type BillingInterval } from "~/shared/billing";

/** Buying Premium: the Stripe client and what the operator configured (built in the composition root). */
export type Billing = {
  stripe: Stripe;
  webhookSecret: string;
  /** Stripe price ids; an interval without one is not offered. */
  prices: { month: string | undefined; year: string | undefined };
  /** Days of free trial on an account's first subscription; 0: none. */
  trialDays: number;
  appName: string;
  /** Where Stripe sends people back to, and the links in billing mails. */
  publicUrl: string;
};

/** The intervals that can be bought here, monthly first. */
export function offeredIntervals(billing: Pick<Billing, "prices">): BillingInterval[] {
  return BILLING_INTERVALS.filter((interval) => billing.prices[interval] !== undefined);
}

/** Where members see and change their plan; billing mails link here. */
export const BILLING_PAGE_PATH = "/account/billing";
