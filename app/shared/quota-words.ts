import type { Limit, QuotaLimits } from "./quota";

/** Every AI limit is counted over the same rolling window, so one phrase names it everywhere. */
export const QUOTA_WINDOW = "24 hours";

/** A limit as a number or "unlimited". */
export function limitWords(limit: Limit): string {
  return limit === "unlimited" ? "unlimited" : String(limit);
}

/**
 * The one way every page states the new-AI-question limits, from the
 * server's settings: "New AI questions per 24 hours: 10 without an account,
 * 25 with a free account, unlimited with Premium." Premium is named only
 * where it can be bought.
 */
export function quotaSentence(limits: Pick<QuotaLimits, "anonymous" | "free" | "premium">, premium: boolean): string {
  const parts = [
    `${limitWords(limits.anonymous)} without an account`,
    `${limitWords(limits.free)} with a free account`,
  ];
  if (premium) parts.push(`${limitWords(limits.premium)} with Premium`);
  const list = parts.length === 2 ? parts.join(" and ") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `New AI questions per ${QUOTA_WINDOW}: ${list}.`;
}

/** Capitalised for the start of a line or a table cell: "Unlimited". */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
