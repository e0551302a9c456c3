import { describe, expect, it } from "vitest";
import { planMailsFor, planStateOf, planWords, type ReadPlan } from "~/domain/billing/plan-state";
import { storedPlanOf } from "~/domain/billing/stripe-subscription";
import { formatDay } from "~/shared/format";
import { subscriptionObject } from "../support/fake-stripe";

const later = new Date("2026-12-10T12:00:00Z");
const earlier = new Date("2026-11-20T12:00:00Z");
/** A stored plan with the database rule's answer; whether a state gives Premium is tested in tests/integration/premium.test.ts. */
const plan = (change: Partial<ReadPlan>): ReadPlan => ({
  status: "active",
  billingInterval: "month",
  trialEndsAt: null,
  currentPeriodEndsAt: later,
  endsAt: null,
  premium: true,
  ...change,
});
const words = (state: ReadPlan | null) => planWords(planStateOf(state), (d) => formatDay(d.toISOString()));

describe("the billing page's plan in words", () => {
  it("says each state of a subscription, and free once it no longer gives Premium", () => {
    expect(words(null)).toBe("Free");
    expect(words(plan({ status: "trialing", trialEndsAt: later }))).toBe("Trial until 10 December 2026");
    expect(words(plan({}))).toBe("Premium, monthly, renews 10 December 2026");
    expect(words(plan({ billingInterval: "year" }))).toBe("Premium, yearly, renews 10 December 2026");
    expect(words(plan({ status: "past_due" }))).toBe("Payment failed: update your card");
    expect(words(plan({ endsAt: later }))).toBe("Cancelled: Premium until 10 December 2026");
    expect(words(plan({ status: "canceled", endsAt: later }))).toBe("Cancelled: Premium until 10 December 2026");
    expect(words(plan({ status: "canceled", endsAt: earlier, premium: false }))).toBe("Free");
    expect(words(plan({ status: "incomplete", premium: false }))).toBe("Free");
  });
});

describe("the mails a change of plan sends", () => {
  it("welcomes once, when Premium starts, whatever order the states arrive in", () => {
    expect(planMailsFor(null, plan({ status: "trialing", trialEndsAt: later }))).toEqual(["welcome"]);
    expect(planMailsFor(plan({ status: "incomplete", premium: false }), plan({}))).toEqual(["welcome"]);
    expect(planMailsFor(plan({ status: "trialing", trialEndsAt: later }), plan({}))).toEqual([]);
    expect(planMailsFor(plan({ status: "past_due" }), plan({}))).toEqual([]);
    expect(planMailsFor(plan({}), plan({}))).toEqual([]);
  });

  it("tells of a failed payment and of a cancellation once, when they first show", () => {
    expect(planMailsFor(plan({}), plan({ status: "past_due" }))).toEqual(["payment_failed"]);
    expect(planMailsFor(plan({ status: "past_due" }), plan({ status: "past_due" }))).toEqual([]);
    expect(planMailsFor(plan({}), plan({ endsAt: later }))).toEqual(["cancelled"]);
    expect(planMailsFor(plan({ endsAt: later }), plan({ status: "canceled", endsAt: later }))).toEqual([]);
  });
});

describe("what is kept of Stripe's subscription", () => {
  it("keeps the status, interval and trial, and the end of a cancelled one", () => {
    const periodEnd = new Date("2027-01-01T00:00:00Z");
    const kept = storedPlanOf(
      subscriptionObject({ id: "sub_1", customer: "cus_1", status: "active", interval: "year", periodEnd }) as never,
    );
    expect(kept).toMatchObject({
      status: "active",
      billingInterval: "year",
      currentPeriodEndsAt: periodEnd,
      endsAt: null,
    });
    const cancelled = storedPlanOf(
      subscriptionObject({ id: "sub_1", customer: "cus_1", status: "active", periodEnd, cancelAt: periodEnd }) as never,
    );
    expect(cancelled.endsAt).toEqual(periodEnd);
    const ended = storedPlanOf(
      subscriptionObject({ id: "sub_1", customer: "cus_1", status: "canceled", endedAt: earlier }) as never,
    );
    expect(ended).toMatchObject({ status: "canceled", endsAt: earlier, trialUsed: false });
    const trial = storedPlanOf(
      subscriptionObject({ id: "sub_1", customer: "cus_1", status: "trialing", trialEnd: later }) as never,
    );
    expect(trial).toMatchObject({ trialEndsAt: later, trialUsed: true });
  });
});
