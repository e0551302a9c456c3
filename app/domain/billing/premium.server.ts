import { type AnyColumn, getTableColumns, type SQL, sql } from "drizzle-orm";
import { profiles, subscriptions } from "~/db/schema";

/**
 * Subscription statuses that give Premium until `ends_at` (when set): a trial,
 * a paid period, a failed payment Stripe is still retrying, and a
 * cancellation whose paid period has not ended.
 */
const PREMIUM_GIVING_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;

/**
 * The one rule for whether a `subscriptions` row gives Premium, in SQL at
 * the database's clock, so Premium ends at the paid period's end without
 * any job running. A cancelled subscription always has an end. Everything
 * that asks (the profile, the billing page, the mails a change sends, the
 * team owner's check) reads this rule's answer instead of deciding again.
 */
const subscriptionGivesPremium = (): SQL<boolean> => {
  const statuses = sql.join(
    PREMIUM_GIVING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<boolean>`(${subscriptions.status} in (${statuses}) and (${subscriptions.endsAt} > now() or (${subscriptions.endsAt} is null and ${subscriptions.status} <> 'canceled')))`;
};

/** A `subscriptions` row's columns and `premium`: whether it gives Premium now, by the one rule. */
export const subscriptionColumns = () => ({ ...getTableColumns(subscriptions), premium: subscriptionGivesPremium() });

/** SQL that is true while the account's subscription gives Premium. */
export function paidPremium(userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptionGivesPremium()})`;
}

/** SQL that is true while the profile's account has Premium: granted by an admin, or given by a subscription. */
export function hasPremium(): SQL<boolean> {
  return sql<boolean>`(${profiles.plan} = 'premium' or ${paidPremium(profiles.userId)})`;
}
