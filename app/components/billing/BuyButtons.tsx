import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import type { BillingInterval } from "~/shared/billing";

const LABELS: Record<BillingInterval, { button: string; pending: string }> = {
  month: { button: "Buy Premium monthly", pending: "Opening checkout..." },
  year: { button: "Buy Premium yearly", pending: "Opening checkout..." },
};

export const BILLING_PATH = "/account/billing";

/**
 * Premium's checkout buttons: a form posting to the billing page, which
 * sends the member on to Stripe. A visitor signs up first and lands on the
 * billing page afterwards.
 */
export function BuyButtons({
  offered,
  trialDays,
  prices = {},
  signedIn,
}: {
  offered: BillingInterval[];
  trialDays: number;
  /** What each interval costs, as Stripe says ("€8 a month"); missing when Stripe did not answer in time. */
  prices?: Partial<Record<BillingInterval, string>>;
  signedIn: boolean;
}) {
  const amounts = offered.flatMap((interval) => prices[interval] ?? []);
  const trial = trialDays > 0 ? `Try it free for ${trialDays} days; cancel any time.` : "Cancel any time.";
  const cost = amounts.length ? <p className="text-lg font-semibold text-ink">{amounts.join(" or ")}</p> : null;
  if (!signedIn) {
    return (
      <div className="space-y-2">
        {cost}
        <Link
          to={`/sign-up?redirectTo=${encodeURIComponent(BILLING_PATH)}`}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white! no-underline! hover:bg-brand-800"
        >
          Sign up to buy Premium
        </Link>
        <p className="text-sm text-ink-muted">{trial}</p>
      </div>
    );
  }
  return (
    <Form method="post" action={BILLING_PATH} className="space-y-2">
      {cost}
      <div className="flex flex-wrap gap-2">
        {offered.map((interval) => (
          <SubmitButton key={interval} intent={`checkout-${interval}`} pendingLabel={LABELS[interval].pending}>
            {LABELS[interval].button}
          </SubmitButton>
        ))}
      </div>
      <p className="text-sm text-ink-muted">{trial}</p>
    </Form>
  );
}

/** Premium as "ask us", where it is not sold online: a contact link, no offer. */
export function NotForSale() {
  return (
    <p className="text-sm text-ink">
      Premium is not sold online here.{" "}
      <Link to="/contact" className="font-semibold text-brand-700 underline">
        Contact us
      </Link>{" "}
      to ask for it for your account.
    </p>
  );
}
