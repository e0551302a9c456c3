import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** One request as the `stripe` package sent it: its form body as flat `key[sub]` names. */
export type StripeRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
};

/** A subscription's state as a test sets it; times are Date. */
export type SubscriptionSetup = {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  interval?: "month" | "year";
  periodEnd?: Date;
  trialEnd?: Date | null;
  /** Cancelled at the period's end: Premium until this moment. */
  cancelAt?: Date | null;
  endedAt?: Date | null;
  userId?: string;
  /** The item's price; by default the configured Premium price of the interval (`TEST_PRICES`). */
  price?: string;
};

/** The Premium prices `stripeEnv` configures; a subscription to any other price is another product. */
export const TEST_PRICES = { month: "price_monthlyfake", year: "price_yearlyfake" } as const;

const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

/** A subscription object shaped as Stripe's API answers it (the fields CircleUp reads, and a few around them). */
export function subscriptionObject(setup: SubscriptionSetup) {
  const now = Math.floor(Date.now() / 1000);
  const periodEnd = seconds(setup.periodEnd) ?? now + 30 * 86_400;
  return {
    id: setup.id,
    object: "subscription",
    customer: setup.customer,
    status: setup.status,
    created: now - 60,
    cancel_at: seconds(setup.cancelAt),
    cancel_at_period_end: !!setup.cancelAt,
    canceled_at: setup.cancelAt || setup.endedAt ? now : null,
    ended_at: seconds(setup.endedAt),
    trial_start: setup.trialEnd ? now - 60 : null,
    trial_end: seconds(setup.trialEnd),
    metadata: setup.userId ? { userId: setup.userId } : {},
    livemode: false,
    items: {
      object: "list",
      data: [
        {
          id: `si_${setup.id}`,
          object: "subscription_item",
          current_period_start: periodEnd - 30 * 86_400,
          current_period_end: periodEnd,
          price: {
            id: setup.price ?? TEST_PRICES[setup.interval ?? "month"],
            object: "price",
            recurring: { interval: setup.interval ?? "month", interval_count: 1 },
          },
          quantity: 1,
        },
      ],
    },
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify(body));
}

const missing = (res: http.ServerResponse, what: string) =>
  sendJson(res, 404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
  });

/**
 * A real HTTP server on 127.0.0.1 standing in for Stripe's API: the
 * `stripe` package is pointed at it (STRIPE_API_URL: host, port, protocol)
 * and speaks to it as to Stripe, form-encoded. It answers the few calls
 * CircleUp makes (customers, Checkout and portal sessions, subscriptions),
 * records every request, and serves the pages Checkout and the portal would
 * show, so a browser lands somewhere. Tests set a subscription's state and
 * send webhooks signed with the library's own test header.
 */
export async function startFakeStripe(options: { webhookSecret: string }) {
  const received: StripeRequest[] = [];
  const subscriptions = new Map<string, ReturnType<typeof subscriptionObject>>();
  let counter = 0;
  let failing = 0;
  /** Reads of these subscriptions answer what Stripe had when they were asked, once released. */
  const holds = new Map<string, { arrived: () => void; released: Promise<void> }>();
  const next = (prefix: string) => `${prefix}_fake${++counter}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const method = req.method ?? "GET";
      if (path.startsWith("/v1/")) {
        received.push({
          method,
          path,
          authorization: req.headers.authorization,
          idempotencyKey: req.headers["idempotency-key"] as string | undefined,
          form,
        });
      }
      if (failing > 0 && path.startsWith("/v1/")) {
        failing--;
        return sendJson(res, 500, { error: { type: "api_error", message: "An unknown error occurred" } });
      }
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (method === "POST" && path === "/v1/customers") {
        return sendJson(res, 200, { id: next("cus"), object: "customer", email: form.email ?? null, metadata: {} });
      }
      if (method === "POST" && path === "/v1/checkout/sessions") {
        const id = next("cs_test");
        return sendJson(res, 200, {
          id,
          object: "checkout.session",
          mode: form.mode,
          customer: form.customer,
          client_reference_id: form.client_reference_id ?? null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `${base}/checkout/${id}`,
        });
      }
      if (method === "POST" && path === "/v1/billing_portal/sessions") {
        const id = next("bps");
        return sendJson(res, 200, {
          id,
          object: "billing_portal.session",
          customer: form.customer,
          return_url: form.return_url,
          url: `${base}/portal/${id}`,
        });
      }
      const price = /^\/v1\/prices\/([^/]+)$/.exec(path);
      if (method === "GET" && price) {
        // A yearly price is any id naming a year; both cost what stripeEnv's test prices cost.
        const yearly = (price[1] ?? "").includes("year");
        return sendJson(res, 200, {
          id: price[1],
          object: "price",
          currency: "eur",
          unit_amount: yearly ? 8000 : 800,
          recurring: { interval: yearly ? "year" : "month", interval_count: 1 },
        });
      }
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (method === "GET" && subscription) {
        const id = decodeURIComponent(subscription[1] ?? "");
        const found = subscriptions.get(id);
        const hold = holds.get(id);
        if (found && hold) {
          holds.delete(id);
          hold.arrived();
          void hold.released.then(() => sendJson(res, 200, found));
          return;
        }
        return found ? sendJson(res, 200, found) : missing(res, `subscription: '${subscription[1]}'`);
      }
      if (method === "GET" && /^\/(checkout|portal)\//.test(path)) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><title>Stripe test page</title><h1>Test ${path.split("/")[1]} page</h1>`);
        return;
      }
      missing(res, `route: ${method} ${path}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** STRIPE_API_URL for the app. */
    url,
    received,
    /** Requests to one endpoint, oldest first. */
    requests: (method: string, path: string) => received.filter((r) => r.method === method && r.path === path),
    /** The next `count` API requests fail with Stripe's 500 (the client retries some of them itself). */
    failNext(count: number) {
      failing = count;
    },
    /**
     * Holds the next read of this subscription as a slow network would: it
     * answers the state at the moment it was asked, only after `release()`.
     * `arrived` resolves when the read reaches Stripe.
     */
    holdNextRead(id: string) {
      let arrived = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(id, { arrived, released });
      return { arrived: reached, release };
    },
    /** Sets what Stripe answers for this subscription from now on; returns the object. */
    setSubscription(setup: SubscriptionSetup) {
      const object = subscriptionObject(setup);
      subscriptions.set(setup.id, object);
      return object;
    },
    /** An event as Stripe would POST it: the JSON body and its Stripe-Signature header. */
    signedEvent(type: string, object: unknown, id = next("evt")) {
      const payload = JSON.stringify({
        id,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
      return { id, payload, signature };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The settings that point a server at the fake (both intervals offered, a 14-day trial). */
export function stripeEnv(fake: FakeStripe, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_circleupfake",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_MONTHLY: TEST_PRICES.month,
    STRIPE_PRICE_YEARLY: TEST_PRICES.year,
    STRIPE_TRIAL_DAYS: "14",
    STRIPE_API_URL: fake.url,
  };
}
