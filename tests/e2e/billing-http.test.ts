import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../support/cluster";
import { aiEnv, type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import {
  type FakeStripe,
  type SubscriptionSetup,
  startFakeStripe,
  stripeEnv,
  subscriptionObject,
} from "../support/fake-stripe";
import { HttpClient } from "../support/http-client";
import { skipOrFail } from "../support/loud-skip";
import { seedMembers, signIn } from "../support/members";
import { findPostgresBin } from "../support/postgres";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type SmtpTestServer, startSmtpServer } from "../support/smtp";

/**
 * Buying Premium end to end: two app servers on one PostgreSQL, the
 * `stripe` package pointed at a local Stripe stand-in (tests/support/fake-stripe.ts),
 * webhooks signed as Stripe signs them and sent to either server, mail
 * received by a real SMTP server. What a member sees is read from their
 * billing page and profile; what the operator sees from the audit log.
 */

const WEBHOOK_SECRET = "whsec_billingtestsecret";
const DAY = 86_400_000;
const runnable = !!process.env.DATABASE_URL || !!findPostgresBin();

const planOn = async (http: HttpClient) => {
  const response = await http.get("/account/billing");
  expect(response.status).toBe(200);
  return /data-testid="plan-state">([^<]*)</.exec(await response.text())?.[1] ?? "";
};
const profilePlan = async (http: HttpClient) => {
  const html = await (await http.get("/profile")).text();
  return /(Premium|Free) plan/.exec(html)?.[0] ?? "";
};

describe.skipIf(!runnable)("buying Premium through Stripe, on two servers", () => {
  let smtp: SmtpTestServer;
  let stripe: FakeStripe;
  let ai: FakeOpenAI;
  let cluster: Cluster;
  let db: pg.Client;
  let members = 0;
  const query = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows;

  beforeAll(async () => {
    if (!runnable) {
      skipOrFail("the billing HTTP tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
      return;
    }
    smtp = await startSmtpServer();
    stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    // Premium is sold where Stripe takes the payment and an AI provider delivers what it adds.
    ai = await startFakeOpenAI();
    const started = await startCluster({
      env: { SMTP_URL: smtp.url, ...stripeEnv(stripe, WEBHOOK_SECRET), ...aiEnv(ai) },
    });
    if (!started) throw new Error("No PostgreSQL for the cluster");
    cluster = started;
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await stripe?.close();
    await ai?.close();
    await smtp?.close();
  });

  /** A signed-in member of their own, on server `index`. */
  async function member(prefix: string, index = 0) {
    members++;
    const email = `${prefix}-${members}@example.com`;
    await seedMembers({ databaseUrl: cluster.databaseUrl }, [{ email, name: `${prefix} member` }]);
    const http = cluster.client(index, `10.7.0.${members}`);
    await signIn(http, email);
    const [row] = await query("select id from users where email = $1", [email]);
    return { http, email, userId: row.id as string };
  }

  /** Posts an event to a server as Stripe does: no Origin, no cookies, the signature header. */
  function deliver(event: { payload: string; signature: string }, index = 0, signature = event.signature) {
    const server = cluster.servers[index] as RunningServer;
    return fetch(`${server.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: event.payload,
    });
  }

  /** The member goes through Checkout (monthly): answers the fake's checkout address and the stored customer. */
  async function checkout(http: HttpClient, intent = "checkout-month") {
    const response = await http.postForm("/account/billing", { intent });
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location.startsWith(`${stripe.url}/checkout/`)).toBe(true);
    const request = stripe.requests("POST", "/v1/checkout/sessions").at(-1);
    return { location, form: request?.form ?? {}, customer: request?.form.customer ?? "" };
  }

  const planAudits = async (userId: string) =>
    query(
      "select before, after from admin_audit_log where action = 'user.plan' and target_id = $1 order by created_at",
      [userId],
    );
  const billingMails = async (email: string) =>
    query("select subject from email_outbox where kind = 'billing' and recipient = $1 order by created_at", [email]);

  /** Checkout completed and the first event taken: an account on a monthly trial. */
  async function onTrial(prefix: string) {
    const someone = await member(prefix);
    const { customer } = await checkout(someone.http);
    const subscriptionId = `sub_${prefix}_${members}`;
    const setup = {
      id: subscriptionId,
      customer,
      status: "trialing" as const,
      trialEnd: new Date(Date.now() + 14 * DAY),
      userId: someone.userId,
    };
    stripe.setSubscription(setup);
    const completed = stripe.signedEvent("checkout.session.completed", {
      id: "cs_test_completed",
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: someone.userId,
      customer,
      subscription: subscriptionId,
    });
    const answer = await deliver(completed, 1);
    expect(answer.status).toBe(200);
    return { ...someone, customer, subscriptionId, setup, completed };
  }

  it("checkout then the webhook makes the account Premium, with a welcome mail and one audit entry", async () => {
    const someone = await member("buyer");
    expect(await planOn(someone.http)).toBe("Free");
    const { form, customer } = await checkout(someone.http);
    // The customer is ours before anyone reaches Stripe, and the checkout names the account and the trial.
    expect(await query("select customer_id from subscriptions where user_id = $1", [someone.userId])).toEqual([
      { customer_id: customer },
    ]);
    expect(form).toMatchObject({
      mode: "subscription",
      client_reference_id: someone.userId,
      "metadata[userId]": someone.userId,
      "line_items[0][price]": "price_monthlyfake",
      "subscription_data[metadata][userId]": someone.userId,
      "subscription_data[trial_period_days]": "14",
    });
    expect(form.success_url).toMatch(/\/account\/billing\?checkout=done$/);
    expect(stripe.requests("POST", "/v1/customers").at(-1)?.authorization).toBe("Bearer sk_test_circleupfake");

    const subscriptionId = "sub_buyer";
    const trialEnd = new Date(Date.now() + 14 * DAY);
    stripe.setSubscription({ id: subscriptionId, customer, status: "trialing", trialEnd, userId: someone.userId });
    const event = stripe.signedEvent("checkout.session.completed", {
      id: "cs_test_buyer",
      object: "checkout.session",
      client_reference_id: someone.userId,
      customer,
      subscription: subscriptionId,
    });
    const answer = await deliver(event, 1);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ received: true, outcome: "applied" });

    expect(await planOn(someone.http)).toMatch(/^Trial until \d+ \w+ \d{4}$/);
    expect(await profilePlan(someone.http)).toBe("Premium plan");
    const welcome = await smtp.waitForMessage((m) => m.to.includes(someone.email) && /Premium/.test(m.subject));
    expect(welcome.subject).toMatch(/Welcome to .+ Premium/);
    expect(linksIn(welcome).some((link) => link.endsWith("/account/billing"))).toBe(true);
    expect(await planAudits(someone.userId)).toEqual([
      {
        before: { status: null, interval: null, endsAt: null },
        after: { status: "trialing", interval: "month", endsAt: null },
      },
    ]);
    // An admin sees where this account's Premium comes from.
    const admin = await member("admin", 1);
    await query("update profiles set is_admin = true where user_id = $1", [admin.userId]);
    const lookup = await (await admin.http.get(`/admin?email=${encodeURIComponent(someone.email)}`)).text();
    expect(lookup).toContain("Premium from a paid subscription");
    expect(lookup).toContain("Grant premium");
    // A second checkout is refused while Premium lasts: the portal changes the plan.
    const again = await someone.http.postForm("/account/billing", { intent: "checkout-year" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have Premium already");
  });

  it("only Premium's prices bought by the account's own Stripe customer give Premium, whatever the event names", async () => {
    const someone = await member("foreign");
    const stayedFree = async () => {
      expect(await planOn(someone.http)).toBe("Free");
      expect(await profilePlan(someone.http)).toBe("Free plan");
      expect(await planAudits(someone.userId)).toEqual([]);
      expect(await billingMails(someone.email)).toEqual([]);
    };
    /** What Stripe sends when a subscription is bought through a Payment Link that set client_reference_id. */
    const eventsAbout = (setup: SubscriptionSetup) => [
      stripe.signedEvent("checkout.session.completed", {
        id: `cs_${setup.id}`,
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: someone.userId,
        metadata: { userId: someone.userId },
        customer: setup.customer,
        subscription: setup.id,
      }),
      stripe.signedEvent("customer.subscription.created", subscriptionObject(setup)),
      stripe.signedEvent("customer.subscription.updated", subscriptionObject(setup)),
    ];
    const takeAll = async (events: ReturnType<typeof eventsAbout>) => {
      for (const [index, event] of events.entries()) {
        const answer = await deliver(event, index % 2);
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({ outcome: "ignored" });
      }
    };
    // Another product of the same Stripe account, bought by someone else, naming this free member.
    const otherProduct = stripe.setSubscription({
      id: "sub_course_elsewhere",
      customer: "cus_somebodyelse",
      status: "active",
      price: "price_cookingcourse",
      userId: someone.userId,
    });
    // Premium's own price, but a customer CircleUp never made for this account.
    const strangersPremium = stripe.setSubscription({
      id: "sub_premium_stranger",
      customer: "cus_stranger",
      status: "active",
      userId: someone.userId,
    });
    expect(otherProduct.items.data[0]?.price.id).toBe("price_cookingcourse");
    await takeAll([
      ...eventsAbout({ ...otherProduct, status: "active", price: "price_cookingcourse", userId: someone.userId }),
      ...eventsAbout({ ...strangersPremium, status: "active", userId: someone.userId }),
    ]);
    await stayedFree();

    // The member's own customer, subscribed to the other product (a second purchase at the same Stripe account).
    const { customer } = await checkout(someone.http);
    stripe.setSubscription({ id: "sub_course_own", customer, status: "active", price: "price_cookingcourse" });
    await takeAll(eventsAbout({ id: "sub_course_own", customer, status: "active", price: "price_cookingcourse" }));
    await stayedFree();
    expect(
      await query("select subscription_id, status from subscriptions where user_id = $1", [someone.userId]),
    ).toEqual([{ subscription_id: null, status: null }]);
  });

  it("a replayed event changes nothing: no second mail, no second audit entry, the state it left stays", async () => {
    const someone = await onTrial("replay");
    // Stripe's state moved on, but the replay of the event already taken must not be taken again.
    stripe.setSubscription({ ...someone.setup, status: "past_due" });
    const replies = await Promise.all([deliver(someone.completed, 0), deliver(someone.completed, 1)]);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({ outcome: "duplicate" });
    }
    expect(await planOn(someone.http)).toMatch(/^Trial until/);
    expect(await planAudits(someone.userId)).toHaveLength(1);
    expect(await billingMails(someone.email)).toHaveLength(1);
    expect(await query("select count(*)::int as n from stripe_events where id = $1", [someone.completed.id])).toEqual([
      { n: 1 },
    ]);
  });

  it("events that arrive out of order end in Stripe's current state, with each mail once", async () => {
    const someone = await member("order");
    const { customer } = await checkout(someone.http);
    const id = "sub_order";
    const periodEnd = new Date(Date.now() + 30 * DAY);
    // Stripe's state now: paid, monthly. The events carry older states and arrive newest first.
    stripe.setSubscription({ id, customer, status: "active", periodEnd, userId: someone.userId });
    const updated = stripe.signedEvent(
      "customer.subscription.updated",
      subscriptionObject({ id, customer, status: "active", periodEnd }),
    );
    const created = stripe.signedEvent(
      "customer.subscription.created",
      subscriptionObject({ id, customer, status: "incomplete", periodEnd }),
    );
    const completed = stripe.signedEvent("checkout.session.completed", {
      id: "cs_order",
      object: "checkout.session",
      client_reference_id: someone.userId,
      customer,
      subscription: id,
    });
    for (const [index, event] of [updated, created, completed].entries()) {
      expect((await deliver(event, index % 2)).status).toBe(200);
    }
    const renews = periodEnd.toISOString().slice(0, 10);
    const plan = await planOn(someone.http);
    expect(plan).toMatch(/^Premium, monthly, renews \d+ \w+ \d{4}$/);
    expect(plan).toContain(String(Number(renews.slice(8, 10))));
    expect(await billingMails(someone.email)).toEqual([{ subject: expect.stringMatching(/Welcome/) }]);
    expect(await planAudits(someone.userId)).toHaveLength(1);
  });

  it("two events taken at once end in Stripe's latest state, even when the older read answers last", async () => {
    const someone = await onTrial("race");
    const invoice = (id: string) => ({
      id,
      object: "invoice",
      customer: someone.customer,
      parent: { type: "subscription_details", subscription_details: { subscription: someone.subscriptionId } },
    });
    // The first payment fails; the read of that state is slow to come back from Stripe.
    stripe.setSubscription({ ...someone.setup, status: "past_due", trialEnd: null });
    const slowRead = stripe.holdNextRead(someone.subscriptionId);
    const failed = deliver(stripe.signedEvent("invoice.payment_failed", invoice("in_race_failed")), 0);
    await slowRead.arrived;
    // Meanwhile Stripe's retry of the payment succeeds and its event reaches the other server.
    stripe.setSubscription({ ...someone.setup, status: "active", trialEnd: null });
    const paid = deliver(stripe.signedEvent("invoice.paid", invoice("in_race_paid")), 1);
    // Time for the newer event to finish, if nothing makes it wait for the older one.
    await Promise.race([paid, new Promise((resolve) => setTimeout(resolve, 1_500))]);
    slowRead.release();
    expect((await failed).status).toBe(200);
    expect((await paid).status).toBe(200);

    expect(await planOn(someone.http)).toMatch(/^Premium, monthly, renews/);
    expect(await query("select status from subscriptions where user_id = $1", [someone.userId])).toEqual([
      { status: "active" },
    ]);
    expect((await planAudits(someone.userId)).at(-1)?.after).toMatchObject({ status: "active" });
  });

  it("a cancellation keeps Premium to the period's end, then the account is free", async () => {
    const someone = await onTrial("cancel");
    const endsAt = new Date(Date.now() + 6_000);
    stripe.setSubscription({ ...someone.setup, status: "active", trialEnd: null, cancelAt: endsAt });
    const cancelled = stripe.signedEvent("customer.subscription.updated", subscriptionObject(someone.setup));
    expect((await deliver(cancelled, 0)).status).toBe(200);

    expect(await planOn(someone.http)).toMatch(/^Cancelled: Premium until \d+ \w+ \d{4}$/);
    expect(await profilePlan(someone.http)).toBe("Premium plan");
    const mail = await smtp.waitForMessage((m) => m.to.includes(someone.email) && /cancelled/.test(m.subject));
    expect(mail.text).toContain("You keep Premium until");
    expect((await planAudits(someone.userId)).at(-1)?.after).toEqual({
      status: "active",
      interval: "month",
      endsAt: new Date(Math.floor(endsAt.getTime() / 1000) * 1000).toISOString(),
    });

    // No event comes at the end: the paid period simply runs out.
    await expect.poll(() => profilePlan(someone.http), { timeout: 20_000, interval: 500 }).toBe("Free plan");
    expect(await planOn(someone.http)).toBe("Free");
    // Buying again: the same Stripe customer, and no second trial.
    const again = await checkout(someone.http, "checkout-year");
    expect(again.customer).toBe(someone.customer);
    expect(again.form["line_items[0][price]"]).toBe("price_yearlyfake");
    expect(again.form).not.toHaveProperty("subscription_data[trial_period_days]");
  });

  it("a failed payment marks the plan past due and mails the member a link to update the card", async () => {
    const someone = await onTrial("unpaid");
    stripe.setSubscription({ ...someone.setup, status: "past_due", trialEnd: null });
    const failed = stripe.signedEvent("invoice.payment_failed", {
      id: "in_unpaid",
      object: "invoice",
      customer: someone.customer,
      parent: { type: "subscription_details", subscription_details: { subscription: someone.subscriptionId } },
    });
    expect((await deliver(failed, 1)).status).toBe(200);

    expect(await planOn(someone.http)).toBe("Payment failed: update your card");
    // Stripe retries the payment for a while: Premium stays on meanwhile.
    expect(await profilePlan(someone.http)).toBe("Premium plan");
    const mail = await smtp.waitForMessage((m) => m.to.includes(someone.email) && /payment failed/.test(m.subject));
    expect(linksIn(mail).some((link) => link.endsWith("/account/billing"))).toBe(true);
    expect((await planAudits(someone.userId)).at(-1)?.after).toMatchObject({ status: "past_due" });
  });

  it("answers 500 without details when Stripe cannot be read, so Stripe retries, and takes the retry", async () => {
    const someone = await member("outage");
    const { customer } = await checkout(someone.http);
    stripe.setSubscription({ id: "sub_outage", customer, status: "active", userId: someone.userId });
    const created = stripe.signedEvent(
      "customer.subscription.created",
      subscriptionObject({ id: "sub_outage", customer, status: "active" }),
    );
    // The request and both of the client's own retries fail.
    stripe.failNext(3);
    const failed = await deliver(created, 0);
    expect(failed.status).toBe(500);
    const body = await failed.text();
    expect(JSON.parse(body)).toMatchObject({ retryable: true });
    expect(body).not.toMatch(/at .+\.js|sk_test/);
    expect(await planOn(someone.http)).toBe("Free");

    const retried = await deliver(created, 1);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ outcome: "applied" });
    expect(await planOn(someone.http)).toMatch(/^Premium, monthly/);
  });

  it("ignores an event about a subscription Stripe does not know", async () => {
    const unknown = stripe.signedEvent("customer.subscription.updated", { id: "sub_nowhere", object: "subscription" });
    const answer = await deliver(unknown, 1);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: "ignored" });
  });

  it("limits how often one member opens Checkout, and Stripe is not asked once the limit is reached", async () => {
    const someone = await member("limited");
    for (let opened = 0; opened < 20; opened++) await checkout(someone.http);
    const asked = stripe.requests("POST", "/v1/checkout/sessions").length;
    const refused = await someone.http.postForm("/account/billing", { intent: "checkout-month" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/payment pages opened/);
    expect(stripe.requests("POST", "/v1/checkout/sessions")).toHaveLength(asked);
    // One Stripe customer for all of them.
    const customers = new Set(
      stripe
        .requests("POST", "/v1/checkout/sessions")
        .slice(-20)
        .map((r) => r.form.customer),
    );
    expect(customers.size).toBe(1);
  });

  it("mails the member three days before the trial ends, once", async () => {
    const someone = await onTrial("trialend");
    const ending = stripe.signedEvent("customer.subscription.trial_will_end", subscriptionObject(someone.setup));
    for (const index of [0, 1]) expect((await deliver(ending, index)).status).toBe(200);
    const mail = await smtp.waitForMessage((m) => m.to.includes(someone.email) && /trial ends/.test(m.subject));
    expect(mail.subject).toMatch(/Premium trial ends in 3 days/);
    expect(await billingMails(someone.email)).toHaveLength(2);
    expect(await planOn(someone.http)).toMatch(/^Trial until/);
  });

  it("a bad, malformed or missing signature answers 400 naming the header and changes nothing", async () => {
    const someone = await member("forger");
    const { customer } = await checkout(someone.http);
    stripe.setSubscription({ id: "sub_forged", customer, status: "active", userId: someone.userId });
    const forged = stripe.signedEvent("customer.subscription.created", { id: "sub_forged", object: "subscription" });
    // Signed, but with another endpoint's secret.
    const otherSecret = Stripe.webhooks.generateTestHeaderString({
      payload: forged.payload,
      secret: "whsec_notoursatall",
    });
    const attempts = [
      deliver(forged, 0, ""),
      deliver(forged, 1, "t=1,v1=deadbeef"),
      deliver(forged, 0, otherSecret),
      deliver({ payload: forged.payload.replace("sub_forged", "sub_forgee"), signature: forged.signature }, 1),
      // Malformed headers: empty parts, no timestamp, a signature that is not hex, no pairs at all.
      ...["t=,v1=", "t=1,v1=", `t=${Math.floor(Date.now() / 1000)},v1=`, "v1=deadbeef", "t=1,v1=nothex", "garbage"].map(
        (header, index) => deliver(forged, index % 2, header),
      ),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: expect.stringMatching(/^STRIPE_SIGNATURE_(MISSING|MALFORMED|MISMATCH)$/),
        error: expect.stringMatching(/Stripe-Signature/),
      });
    }
    expect(await planOn(someone.http)).toBe("Free");
    expect(await query("select id from stripe_events where id = $1", [forged.id])).toEqual([]);
  });

  it("answers events it does not use with 200 and the pricing page sells Premium", async () => {
    const unknown = stripe.signedEvent("charge.refunded", { id: "ch_1", object: "charge" });
    const answer = await deliver(unknown, 0);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: "ignored" });

    const pricing = await cluster.client(0).get("/pricing");
    // The buy buttons' form leads to Stripe: the browser must allow that redirect after a form.
    const formAction = /form-action ([^;]+)/.exec(pricing.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(formAction.split(" ")).toEqual(
      expect.arrayContaining(["'self'", "https://checkout.stripe.com", "https://billing.stripe.com", stripe.url]),
    );
    const visitor = await pricing.text();
    expect(visitor).toContain("Sign up to buy Premium");
    expect(visitor).toContain("Try it free for 14 days");
    // The amounts are Stripe's, read from the configured prices.
    expect(visitor).toContain("€8 a month or €80 a year");
    const someone = await member("pricing");
    const page = await (await someone.http.get("/pricing")).text();
    expect(page).toContain("Buy Premium monthly");
    expect(page).toContain("Buy Premium yearly");
    expect(page).not.toContain("not sold online");
    // Where it is sold, it is offered: on sign-up, and once on a free member's home page.
    expect(await (await cluster.client(1).get("/sign-up")).text()).toContain("See plans and pricing");
    expect(await (await someone.http.get("/")).text()).toContain('aria-label="What Premium adds"');
  });
});

describe("without Stripe keys", () => {
  let server: RunningServer;
  let ai: FakeOpenAI;
  const email = "keyless@example.com";

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    server = await startServer(aiEnv(ai), { members: [{ email }] });
  });
  afterAll(async () => {
    await server?.stop();
    await ai?.close();
  });

  it("offers Premium only as 'ask us', sells nothing, and nothing answers 500", async () => {
    const visitor = new HttpClient(server.url);
    const pricing = await visitor.get("/pricing");
    expect(pricing.status).toBe(200);
    const words = await pricing.text();
    expect(words).toContain("It is not sold online here");
    expect(words).toContain('<a href="/contact">contact us</a>');
    expect(words).not.toMatch(/Buy Premium|Sign up to buy Premium|Get Premium/);
    expect(pricing.headers.get("content-security-policy")).not.toContain("stripe.com");

    const webhook = await fetch(`${server.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(webhook.status).toBe(404);
    expect(await webhook.json()).toMatchObject({ error: "Payments are not set up on this server" });

    const http = new HttpClient(server.url);
    await signIn(http, email);
    expect(await planOn(http)).toBe("Free");
    expect(await (await http.get("/account/billing")).text()).toContain("Premium is not sold online here.");
    for (const intent of ["checkout-month", "checkout-year", "portal"]) {
      const answer = await http.postForm("/account/billing", { intent });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("Premium cannot be bought on this server");
    }
  });
});
