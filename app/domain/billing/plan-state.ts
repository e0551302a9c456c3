import type { BillingInterval } from "~/shared/billing";

/** What CircleUp keeps of a Stripe subscription (the `subscriptions` row's plan columns). */
export type StoredPlan = {
  status: string | null;
  billingInterval: string | null;
  trialEndsAt: Date | null;
  currentPeriodEndsAt: Date | null;
  endsAt: Date | null;
};

/** A stored plan as read from the database, with whether it gives Premium now (the SQL rule in `premium.server.ts`). */
export type ReadPlan = StoredPlan & { premium: boolean };

/** A member's plan as the billing page says it. */
export type PlanState =
  | { kind: "free" }
  | { kind: "trial"; until: Date }
  | { kind: "premium"; interval: BillingInterval | null; renewsAt: Date | null }
  | { kind: "past_due" }
  | { kind: "cancelled"; until: Date };

/** The paid plan's state; free when there is no subscription or it no longer gives Premium. */
export function planStateOf(plan: ReadPlan | null): PlanState {
  if (!plan?.premium) return { kind: "free" };
  if (plan.endsAt) return { kind: "cancelled", until: plan.endsAt };
  if (plan.status === "past_due") return { kind: "past_due" };
  if (plan.status === "trialing" && plan.trialEndsAt) return { kind: "trial", until: plan.trialEndsAt };
  const interval = plan.billingInterval === "month" || plan.billingInterval === "year" ? plan.billingInterval : null;
  return { kind: "premium", interval, renewsAt: plan.currentPeriodEndsAt };
}

/** The transactional mails a change of plan sends. */
export type PlanMail = "welcome" | "cancelled" | "payment_failed";

const STARTED = new Set(["trialing", "active"]);
const PAYMENT_FAILED = new Set(["past_due", "unpaid"]);

/**
 * Which mails a change from `before` to `after` sends. They follow the
 * state, not the event that revealed it, so events arriving late or out of
 * order send each mail once: when the state first shows it.
 */
export function planMailsFor(before: ReadPlan | null, after: StoredPlan): PlanMail[] {
  const mails: PlanMail[] = [];
  const hadPremium = before?.premium ?? false;
  if (STARTED.has(after.status ?? "") && !after.endsAt && !hadPremium) mails.push("welcome");
  if (PAYMENT_FAILED.has(after.status ?? "") && !PAYMENT_FAILED.has(before?.status ?? "")) mails.push("payment_failed");
  if (after.endsAt && !before?.endsAt) mails.push("cancelled");
  return mails;
}

/** The part of the plan the audit log records: a renewal alone (a later period end) is not a change of plan. */
export function planSnapshot(plan: StoredPlan | null) {
  return {
    status: plan?.status ?? null,
    interval: plan?.billingInterval ?? null,
    endsAt: plan?.endsAt?.toISOString() ?? null,
  };
}

export function planChanged(before: StoredPlan | null, after: StoredPlan): boolean {
  return JSON.stringify(planSnapshot(before)) !== JSON.stringify(planSnapshot(after));
}

/** The plan in words, as the billing page and the admin console say it. */
export function planWords(state: PlanState, day: (date: Date) => string): string {
  switch (state.kind) {
    case "free":
      return "Free";
    case "trial":
      return `Trial until ${day(state.until)}`;
    case "premium": {
      const interval = state.interval === "year" ? ", yearly" : state.interval === "month" ? ", monthly" : "";
      return `Premium${interval}${state.renewsAt ? `, renews ${day(state.renewsAt)}` : ""}`;
    }
    case "past_due":
      return "Payment failed: update your card";
    case "cancelled":
      return `Cancelled: Premium until ${day(state.until)}`;
  }
}
