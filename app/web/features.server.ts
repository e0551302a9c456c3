import { config } from "~/config.server";
import { activeGenerator, billing } from "~/services.server";
import type { SiteFeatures } from "~/shared/features";
import { quotaSentence } from "~/shared/quota-words";

/** What this server does, from its settings: the one place pages learn whether to speak of AI or Premium. */
export function siteFeatures(): SiteFeatures {
  const ai = activeGenerator().generator !== null;
  return { ai, premiumForSale: ai && billing() !== undefined };
}

/** The AI limits in the one sentence every page states them in; null where this server has no AI. */
export function quotaStatement(features = siteFeatures()): string | null {
  return features.ai ? quotaSentence(config().aiQuota, features.premiumForSale) : null;
}
