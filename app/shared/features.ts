/**
 * What this server really does, so a page promises nothing more: whether an
 * AI provider writes new questions, and whether Premium can be bought here.
 */
export type SiteFeatures = {
  /** An AI provider is configured: new AI questions, their limits, the AI studio. */
  ai: boolean;
  /** Premium can be bought: Stripe takes the payment, and an AI provider delivers what Premium adds. */
  premiumForSale: boolean;
};

/** What a page assumes before it knows: nothing promised. */
export const NO_FEATURES: SiteFeatures = { ai: false, premiumForSale: false };
