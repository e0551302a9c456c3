import { z } from "zod";
import { openPortal, startCheckout } from "~/domain/billing/checkout.server";
import { failure, type Outcome } from "~/domain/errors";
import { LIMITS } from "~/domain/limits/rules";
import { BILLING_INTERVALS } from "~/shared/billing";
import { memberOf } from "../actors";
import type { UseCaseDeps } from "../deps";
import { defineUseCase, done } from "../use-case";

const stripePage = z.object({ url: z.url() });

/** Stripe's page for the member; Stripe not answering is said as such, and noted for the operators. */
async function stripeAnswer(deps: UseCaseDeps, what: string, ask: () => Promise<Outcome<{ url: string }>>) {
  try {
    const result = await ask();
    return result.ok ? done({ url: result.url }) : result;
  } catch (error) {
    deps.log.warn({ err: error, what }, "stripe did not answer");
    return failure("STRIPE_UNREACHABLE");
  }
}

export const startPremiumCheckout = defineUseCase({
  name: "billing.start-checkout",
  summary: "Opens Stripe Checkout for Premium, monthly or yearly, with the trial while the account has not used it.",
  input: z.object({ interval: z.enum(BILLING_INTERVALS) }),
  output: stripePage,
  actors: ["member"],
  limit: { rule: LIMITS.billing },
  errors: ["PREMIUM_NOT_FOR_SALE", "PLAN_INTERVAL_NOT_OFFERED", "ALREADY_PREMIUM", "API_ERROR", "STRIPE_UNREACHABLE"],
  async run(deps, actor, { interval }) {
    const payments = deps.billing();
    // Checkout only where Premium is sold.
    if (!payments || !deps.features().premiumForSale) return failure("PREMIUM_NOT_FOR_SALE");
    const { id, email } = memberOf(actor);
    return stripeAnswer(deps, "checkout", () => startCheckout(deps.db, payments, { id, email }, interval));
  },
});

export const manageBilling = defineUseCase({
  name: "billing.open-portal",
  summary: "Opens Stripe's customer portal: change the plan, update the card or cancel.",
  input: z.object({}),
  output: stripePage,
  actors: ["member"],
  limit: { rule: LIMITS.billing },
  errors: ["PREMIUM_NOT_FOR_SALE", "NOTHING_TO_MANAGE", "STRIPE_UNREACHABLE"],
  async run(deps, actor) {
    const payments = deps.billing();
    // The portal wherever Stripe keeps a subscription, so it can always be changed or cancelled.
    if (!payments) return failure("PREMIUM_NOT_FOR_SALE");
    return stripeAnswer(deps, "portal", () => openPortal(deps.db, payments, memberOf(actor).id));
  },
});
