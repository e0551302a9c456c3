import { data, Form, Link } from "react-router";
import { ContentPage } from "~/components/ContentPage";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { seo } from "~/lib/seo";
import { CONTACT_MESSAGE_MAX } from "~/shared/contact";
import { contactSchema } from "~/shared/contact-schemas";
import { sendContactMessage } from "~/use-cases/accounts/contact-and-news.server";
import { runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/contact";

type FieldErrors = Partial<Record<"name" | "email" | "message", string>>;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return { prefill: user ? { name: user.name, email: user.email } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(formBody(context));
  const parsed = contactSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof FieldErrors;
      fieldErrors[field] ??= issue.message;
    }
    return data({ fieldErrors, error: null, sent: false }, { status: 400 });
  }
  // The form's own check above names every field at fault; the use case checks the same again, and sends.
  const sent = await runForPage(sendContactMessage, { request, context }, form);
  if (!sent.ok)
    return data({ fieldErrors: {} as FieldErrors, error: sent.message, sent: false }, { status: sent.status });
  return { fieldErrors: {} as FieldErrors, error: null, sent: true };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact",
    description: "Questions, ideas for the question library, or something that did not work? Send us a message.",
    path: "/contact",
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.fieldErrors ?? {};
  const prefill = loaderData.prefill;
  return (
    <ContentPage
      title="Contact us"
      lead="Questions, ideas for the question library, or something that did not work as you expected? We read every message and answer within two working days."
    >
      {actionData?.sent ? (
        <FormMessage tone="success">
          Thank you, your message is on its way. We will answer at the e-mail address you gave.
        </FormMessage>
      ) : (
        <Form
          method="post"
          noValidate
          className="not-prose space-y-5 rounded-3xl border border-line bg-white p-6 sm:p-8"
        >
          {actionData?.error && <FormMessage tone="error">{actionData.error}</FormMessage>}
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={prefill?.name}
            error={errors.name}
          />
          <TextField
            label="Your e-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={prefill?.email}
            hint="We only use it to answer you."
            error={errors.email}
          />
          <div>
            <label htmlFor="contact-message" className="block text-sm font-semibold text-ink">
              Message
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              required
              maxLength={CONTACT_MESSAGE_MAX}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? "contact-message-error" : undefined}
              className="mt-1.5 block w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-accent-600"
            />
            {errors.message && (
              <p id="contact-message-error" className="mt-1 text-sm font-medium text-accent-600">
                {errors.message}
              </p>
            )}
          </div>
          {/* Hidden from people and screen readers; robots that fill every field reveal themselves. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">Website</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <SubmitButton pendingLabel="Sending...">Send message</SubmitButton>
        </Form>
      )}
      <p>
        Looking for help with running a check-in? The <Link to="/how-to">how-to guide</Link> covers picking, asking and
        closing with a question, and the <Link to="/support">support page</Link> answers common account questions.
      </p>
    </ContentPage>
  );
}
