import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { aiEnv, type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { type FakeStripe, startFakeStripe, stripeEnv } from "../support/fake-stripe";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";

const chromium = inject("chromium");
const PHONE = { width: 390, height: 844 };
const WEBHOOK_SECRET = "whsec_browserbillingsecret";
const DAY = 86_400_000;

/**
 * Buying Premium on a phone: the pricing page's button leads to Stripe's
 * Checkout (here the local stand-in's page), and the billing page says each
 * state of the plan in words, with the button that fits it.
 */
describe.skipIf(!chromium)("buying Premium in the browser", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let stripe: FakeStripe;
  let ai: FakeOpenAI;
  let server: RunningServer;
  const email = "phone-buyer@example.com";

  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    // Premium is sold where Stripe takes the payment and an AI provider delivers what it adds.
    ai = await startFakeOpenAI();
    server = await startServer(
      { ...stripeEnv(stripe, WEBHOOK_SECRET), ...aiEnv(ai) },
      { members: [{ email, name: "Noor Haddad" }] },
    );
    browser = await launchBrowser(chromium as string);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.close();
    await ai?.close();
  });
  afterEach(async () => context?.close());

  async function open(path: string, signedIn: boolean) {
    context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    if (signedIn) {
      const http = new HttpClient(server.url);
      await signIn(http, email);
      await context.addCookies(http.cookieList());
    }
    page = await context.newPage();
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  const planState = () => page.getByTestId("plan-state").textContent();

  async function deliver(type: string, object: unknown) {
    const event = stripe.signedEvent(type, object);
    const answer = await fetch(`${server.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload,
    });
    expect(answer.status).toBe(200);
  }

  /** The button is on screen and fits the phone's width. */
  async function fitsThePhone(name: string) {
    const box = await page.getByRole("button", { name }).boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }

  it("sends a visitor to sign up first, and back to the billing page", async () => {
    await open("/pricing", false);
    await accessible();
    const link = page.getByRole("link", { name: "Sign up to buy Premium" });
    expect(await link.getAttribute("href")).toBe("/sign-up?redirectTo=%2Faccount%2Fbilling");
    await link.click();
    await page.waitForURL(/\/sign-up\?redirectTo=%2Faccount%2Fbilling$/);
  });

  /** The page as it is now has no accessibility violations and does not scroll sideways on the phone. */
  async function accessible() {
    expect((await axeViolations(page)).map((v) => `${page.url()}: ${v}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }

  it("goes from the pricing page to Checkout, then shows trial, payment failed and cancelled", async () => {
    await open("/account/billing", true);
    expect(await planState()).toBe("Free");
    await accessible();
    await page.goto("/pricing");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await accessible();
    await fitsThePhone("Buy Premium monthly");
    await page.getByRole("button", { name: "Buy Premium monthly" }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    await page.getByRole("heading", { name: "Test checkout page" }).waitFor();
    const checkout = stripe.requests("POST", "/v1/checkout/sessions").at(-1);
    const customer = checkout?.form.customer as string;
    expect(checkout?.form["line_items[0][price]"]).toBe("price_monthlyfake");

    // Stripe sends the member back and tells the server by webhook.
    const setup = { id: "sub_phone", customer, status: "trialing" as const, trialEnd: new Date(Date.now() + 14 * DAY) };
    stripe.setSubscription(setup);
    await deliver("checkout.session.completed", {
      id: "cs_phone",
      object: "checkout.session",
      customer,
      subscription: setup.id,
    });
    await page.goto("/account/billing?checkout=done");
    expect(await planState()).toMatch(/^Trial until \d+ \w+ \d{4}$/);
    await page.getByText("Thank you.").waitFor();
    expect(await page.getByRole("button", { name: "Buy Premium monthly" }).count()).toBe(0);
    await fitsThePhone("Manage billing");
    await accessible();

    stripe.setSubscription({ ...setup, status: "past_due", trialEnd: null });
    await deliver("invoice.payment_failed", {
      id: "in_phone",
      object: "invoice",
      customer,
      parent: { subscription_details: { subscription: setup.id } },
    });
    await page.reload();
    expect(await planState()).toBe("Payment failed: update your card");

    const endsAt = new Date(Date.now() + 20 * DAY);
    stripe.setSubscription({ ...setup, status: "active", trialEnd: null, cancelAt: endsAt });
    await deliver("customer.subscription.updated", { id: setup.id, object: "subscription", customer });
    await page.reload();
    expect(await planState()).toMatch(/^Cancelled: Premium until \d+ \w+ \d{4}$/);

    // Manage billing opens Stripe's portal for this customer.
    await page.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/portal/bps_`));
    expect(stripe.requests("POST", "/v1/billing_portal/sessions").at(-1)?.form.customer).toBe(customer);
  });
});
