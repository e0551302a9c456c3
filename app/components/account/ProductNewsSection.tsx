import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { MailCheck } from "~/components/icons";
import type { ProfileActionResult } from "~/shared/accounts";
import { Outcome } from "./Outcome";
import { Section, sectionIconClass } from "./Section";

/** Consent to product news: off until the member ticks it; every news mail can also end it by its link. */
export function ProductNewsSection({ subscribed, result }: { subscribed: boolean; result?: ProfileActionResult }) {
  return (
    <Section
      id="product-news"
      title="Product news"
      icon={<MailCheck className={sectionIconClass} aria-hidden="true" />}
    >
      <Outcome result={result} section="product-news" />
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" noValidate>
        <label className="flex min-h-11 items-center gap-3 text-ink">
          <input type="checkbox" name="productNews" defaultChecked={subscribed} className="size-5" />
          Send me occasional product news by e-mail
        </label>
        <SubmitButton intent="product-news" pendingLabel="Saving...">
          Save choice
        </SubmitButton>
      </Form>
    </Section>
  );
}
