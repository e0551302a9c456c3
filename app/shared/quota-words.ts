import type { Limit, QuotaLimits } from "./quota";

/**
 * The one way every page states the new-AI-question limits, from the
 * server's settings: a visitor's window is a rolling 24 hours, an account's
 * is the (UTC) day, and "unlimited" switches a limit off.
 */
export type QuotaWords = {
  /** "10 per 24 hours" */
  visitor: string;
  /** "25 per day" */
  free: string;
  /** "unlimited" */
  premium: string;
};

function per(limit: Limit, window: string): string {
  return limit === "unlimited" ? "unlimited" : `${limit} per ${window}`;
}

export function quotaWords(limits: Pick<QuotaLimits, "anonymous" | "free" | "premium">): QuotaWords {
  return {
    visitor: per(limits.anonymous, "24 hours"),
    free: per(limits.free, "day"),
    premium: per(limits.premium, "day"),
  };
}

/** The limits in one sentence: "New AI questions: 10 per 24 hours without an account, 25 per day with a free account, unlimited with Premium." */
export function quotaSentence(words: QuotaWords): string {
  return `New AI questions: ${words.visitor} without an account, ${words.free} with a free account, ${words.premium} with Premium.`;
}

/** Capitalised for the start of a line or a table cell: "Unlimited". */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
