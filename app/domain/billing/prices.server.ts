import type { BillingInterval } from "~/shared/billing";
import { type Billing, offeredIntervals } from "./billing.server";

/** What each offered interval costs, in words ("€8 a month"); an interval Stripe could not tell is left out. */
export type PriceWords = Partial<Record<BillingInterval, string>>;

/** Prices change rarely: each server asks Stripe at most every ten minutes, and after a failure waits a minute. */
const FRESH_MS = 10 * 60 * 1000;
const RETRY_MS = 60 * 1000;
/** The pricing page waits this long for Stripe at most; without an answer it shows the buttons without amounts. */
const PRICE_TIMEOUT_MS = 2_000;

let cached: { words: PriceWords; until: number } | null = null;

const PER: Record<BillingInterval, string> = { month: "a month", year: "a year" };

/** "€8 a month", "$79.99 a year": whole amounts without cents. */
export function priceInWords(unitAmount: number, currency: string, interval: BillingInterval): string {
  const whole = unitAmount % 100 === 0;
  const amount = new Intl.NumberFormat("en", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(unitAmount / 100);
  return `${amount} ${PER[interval]}`;
}

/**
 * The configured prices as Stripe has them, so the page never states an
 * amount the operator did not set in Stripe. A slow or failing Stripe costs
 * the page its amounts, never its answer.
 */
export async function offeredPriceWords(billing: Billing, now = Date.now()): Promise<PriceWords> {
  if (cached && cached.until > now) return cached.words;
  const words: PriceWords = {};
  let failed = false;
  await Promise.all(
    offeredIntervals(billing).map(async (interval) => {
      const id = billing.prices[interval];
      if (!id) return;
      try {
        const price = await billing.stripe.prices.retrieve(id, {}, { timeout: PRICE_TIMEOUT_MS, maxNetworkRetries: 0 });
        if (typeof price.unit_amount === "number") {
          words[interval] = priceInWords(price.unit_amount, price.currency, interval);
        }
      } catch {
        failed = true;
      }
    }),
  );
  cached = { words, until: now + (failed ? RETRY_MS : FRESH_MS) };
  return words;
}

/** What the pricing and billing pages offer: the intervals, the trial and their prices; null without Stripe keys. */
export async function premiumOffer(billing: Billing | undefined) {
  if (!billing) return null;
  return {
    offered: offeredIntervals(billing),
    trialDays: billing.trialDays,
    prices: await offeredPriceWords(billing),
  };
}
