import { Form } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { formatCount } from "~/shared/format";
import { NEWS_SUBJECT_MAX, NEWS_TEXT_MAX } from "~/shared/news-schemas";
import { AdminSection } from "./AdminSection";

/** Product news to every account that asked for it, counted before anything is sent. */
export function ProductNewsForm({
  audience,
  outcome,
}: {
  audience: number;
  outcome?: { error?: string; success?: string };
}) {
  const reach = `${formatCount(audience)} ${audience === 1 ? "account" : "accounts"}`;
  return (
    <AdminSection id="news" title="Product news">
      <p className="mt-3 text-ink-muted">
        Goes only to verified accounts that asked for product news on their profile: {reach} now. Every mail carries an
        unsubscribe link.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        {outcome?.error && <FormMessage tone="error">{outcome.error}</FormMessage>}
        {outcome?.success && <FormMessage tone="success">{outcome.success}</FormMessage>}
        <TextField label="Subject" name="subject" required maxLength={NEWS_SUBJECT_MAX} />
        <div>
          <label htmlFor="news-text" className="block text-sm font-semibold text-ink">
            News (plain text; a blank line starts a paragraph)
          </label>
          <textarea
            id="news-text"
            name="text"
            required
            rows={8}
            maxLength={NEWS_TEXT_MAX}
            className="mt-1.5 block w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
        <SubmitButton intent="news" pendingLabel="Sending...">
          {`Send to ${reach}`}
        </SubmitButton>
      </Form>
    </AdminSection>
  );
}
