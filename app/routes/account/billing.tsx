import { Form, redirect } from "react-router";
import { BuyButtons, NotForSale } from "~/components/billing/BuyButtons";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { billingStateOf } from "~/domain/billing/checkout.server";
import { planWords } from "~/domain/billing/plan-state";
import { premiumOffer } from "~/domain/billing/prices.server";
import { seo } from "~/lib/seo";
import { billing, database } from "~/services.server";
import { formatDay } from "~/shared/format";
import { ownEntry } from "~/shared/own-entry";
import { manageBilling, startPremiumCheckout } from "~/use-cases/billing/billing.server";
import { formError, formRefusal, runForPage } from "~/web/adapters/page.server";
import { siteFeatures } from "~/web/features.server";
import { formBody } from "~/web/http.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/billing";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

const day = (date: Date) => formatDay(date.toISOString());

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await database();
  const state = await billingStateOf(db, user.id);
  const granted = state.kind === "free" && user.plan === "premium";
  const features = siteFeatures();
  return {
    plan: granted ? "Premium, granted by the CircleUp team" : planWords(state, day),
    state: state.kind,
    granted,
    checkout: new URL(request.url).searchParams.get("checkout"),
    // Premium is offered only where it is sold; asked for where an AI could deliver it; a subscription is
    // managed wherever Stripe is set up, so it can always be changed or cancelled.
    sale: features.premiumForSale ? await premiumOffer(billing()) : null,
    askable: features.ai,
    portal: billing() !== undefined,
  };
}

const INTENTS = { "checkout-month": "month", "checkout-year": "year", portal: null } as const;

/** Sends the member to Stripe: Checkout for a plan, or the portal to change, update the card or cancel. */
export async function action(args: Route.ActionArgs) {
  const intent = String(formBody(args.context).get("intent"));
  const interval = ownEntry<"month" | "year" | null>(INTENTS, intent);
  if (interval === undefined) {
    await requireUser(args.request);
    return formError(formRefusal("PLAN_CHOICE_REQUIRED"));
  }
  const opened = interval
    ? await runForPage(startPremiumCheckout, args, { interval })
    : await runForPage(manageBilling, args, {});
  return opened.ok ? redirect(opened.value.url) : formError(opened);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Billing", description: "Your CircleUp plan.", path: "/account/billing", noindex: true });

const NOTES: Record<string, string> = {
  done: "Thank you. Your plan shows here as soon as Stripe confirms the payment, usually within seconds.",
  cancelled: "Checkout was cancelled; nothing was charged.",
};

export default function BillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, state, granted, checkout, sale, askable, portal } = loaderData;
  const note = ownEntry(NOTES, checkout);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Billing</h1>
      <section
        aria-labelledby="plan-title"
        className="mt-8 space-y-4 rounded-3xl border border-line bg-white p-6 sm:p-8"
      >
        <h2 id="plan-title" className="font-serif text-xl font-semibold text-ink">
          Your plan
        </h2>
        <p className="text-lg text-ink" data-testid="plan-state">
          {plan}
        </p>
        {note && <FormMessage tone="success">{note}</FormMessage>}
        {actionData?.error && <FormMessage tone="error">{actionData.error}</FormMessage>}
        {!sale && askable && state === "free" && !granted && <NotForSale />}
        {sale && state === "free" && !granted && (
          <BuyButtons offered={sale.offered} trialDays={sale.trialDays} prices={sale.prices} signedIn />
        )}
        {portal && state !== "free" && (
          <Form method="post">
            <SubmitButton intent="portal" pendingLabel="Opening..." variant="secondary">
              Manage billing
            </SubmitButton>
            <p className="mt-2 text-sm text-ink-muted">Change the plan, update your card or cancel, on Stripe.</p>
          </Form>
        )}
      </section>
    </div>
  );
}
