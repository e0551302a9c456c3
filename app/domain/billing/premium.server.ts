import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { profiles, subscriptions } from "~/db/schema";
import { PREMIUM_GIVING_STATUSES } from "~/shared/billing";

/**
 * SQL that is true while the account's subscription gives Premium: the same
 * rule as `subscriptionGivesPremium`, read at the database's clock, so
 * Premium ends at the paid period's end without any job running.
 */
export function paidPremium(userId: AnyColumn | SQL): SQL<boolean> {
  const statuses = sql.join(
    PREMIUM_GIVING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptions.status} in (${statuses}) and (${subscriptions.endsAt} > now() or (${subscriptions.endsAt} is null and ${subscriptions.status} <> 'canceled')))`;
}

/** SQL that is true while the profile's account has Premium: granted by an admin, or given by a subscription. */
export function hasPremium(): SQL<boolean> {
  return sql<boolean>`(${profiles.plan} = 'premium' or ${paidPremium(profiles.userId)})`;
}
