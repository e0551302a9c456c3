import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { profiles, subscriptions, users } from "~/db/schema";
import { getProfile } from "~/domain/accounts/profiles.server";
import { billingStateOf } from "~/domain/billing/checkout.server";
import { hasPremium } from "~/domain/billing/premium.server";
import { freshDatabase, testEngines } from "../support/databases";

const HOUR = 3_600_000;
const inAnHour = () => new Date(Date.now() + HOUR);
const anHourAgo = () => new Date(Date.now() - HOUR);

type Case = {
  state: string;
  subscription?: { status: string; endsAt?: Date; trialEndsAt?: Date };
  granted?: boolean;
  /** What the profile says and the team owner's check answers. */
  premium: boolean;
  /** What the billing page says of the paid plan. */
  page: string;
};

const CASES: Case[] = [
  { state: "no subscription", premium: false, page: "free" },
  { state: "trialing", subscription: { status: "trialing", trialEndsAt: inAnHour() }, premium: true, page: "trial" },
  { state: "active", subscription: { status: "active" }, premium: true, page: "premium" },
  { state: "past_due", subscription: { status: "past_due" }, premium: true, page: "past_due" },
  {
    state: "cancelled, before its end",
    subscription: { status: "canceled", endsAt: inAnHour() },
    premium: true,
    page: "cancelled",
  },
  {
    state: "cancelled, after its end",
    subscription: { status: "canceled", endsAt: anHourAgo() },
    premium: false,
    page: "free",
  },
  {
    state: "active, cancelled at a period end that has passed",
    subscription: { status: "active", endsAt: anHourAgo() },
    premium: false,
    page: "free",
  },
  { state: "cancelled without an end", subscription: { status: "canceled" }, premium: false, page: "free" },
  { state: "incomplete", subscription: { status: "incomplete" }, premium: false, page: "free" },
  { state: "unpaid", subscription: { status: "unpaid" }, premium: false, page: "free" },
  { state: "granted by an admin", granted: true, premium: true, page: "free" },
  {
    state: "granted, with a finished subscription",
    granted: true,
    subscription: { status: "canceled", endsAt: anHourAgo() },
    premium: true,
    page: "free",
  },
];

/**
 * Who has Premium is one SQL rule (`premium.server.ts`); the profile, the
 * billing page and the team owner's check all read its answer, so they
 * agree in every state a subscription can be in.
 */
describe.each(testEngines())("who has Premium, on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available).each(CASES)("$state", async ({ subscription, granted, premium, page }) => {
    const { db } = handle;
    const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const [user] = await db.insert(users).values({ name: "Member", email, emailVerified: true }).returning();
    if (!user) throw new Error("no user");
    await db.insert(profiles).values({ userId: user.id, fullName: "Member", plan: granted ? "premium" : "free" });
    if (subscription) {
      await db.insert(subscriptions).values({
        userId: user.id,
        customerId: `cus_${user.id}`,
        subscriptionId: `sub_${user.id}`,
        status: subscription.status,
        billingInterval: "month",
        trialEndsAt: subscription.trialEndsAt ?? null,
        currentPeriodEndsAt: inAnHour(),
        endsAt: subscription.endsAt ?? null,
      });
    }
    expect((await getProfile(db, user.id))?.plan).toBe(premium ? "premium" : "free");
    const [owner] = await db.select({ premium: hasPremium() }).from(profiles).where(eq(profiles.userId, user.id));
    expect(owner?.premium).toBe(premium);
    expect((await billingStateOf(db, user.id)).kind).toBe(page);
  });
});
