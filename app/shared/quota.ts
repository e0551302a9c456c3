/** New AI generations allowed per window; "unlimited" switches a limit off. */
export type Limit = number | "unlimited";

export type QuotaLimits = {
  /** Per anonymous visitor (cookie), per rolling 24 hours. */
  anonymous: Limit;
  /** Per client IP for all anonymous visitors behind it, so clearing cookies does not reset the count. */
  anonymousPerIp: Limit;
  /** Per free account, per rolling 24 hours. */
  free: Limit;
  /** Per premium account, per rolling 24 hours. */
  premium: Limit;
};
