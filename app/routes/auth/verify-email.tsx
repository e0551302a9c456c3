import { data, Form, Link, useSearchParams } from "react-router";
import { CenteredCard } from "~/components/forms/CenteredCard";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { MailCheck } from "~/components/icons";
import { seo } from "~/lib/seo";
import { safeRedirectPath } from "~/shared/accounts";
import { emailOnlySchema } from "~/shared/accounts-schemas";
import { say } from "~/shared/errors/english";
import { accounts, authErrorMessage } from "~/web/accounts.server";
import { formBody } from "~/web/http.server";
import type { Route } from "./+types/verify-email";

export { privatePageHeaders as headers } from "~/web/private-page.server";

const ICON = <MailCheck className="h-8 w-8 text-brand-700" aria-hidden="true" />;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Verify your email",
    description: "Open the link we e-mailed you to activate your account.",
    path: "/verify-email",
    noindex: true,
  });

// Hand-written, not a use case: better-auth owns this change and is called through its own endpoint on
// behalf of this request (its cookies, origin check and rate limits), and its answer's cookies are the page's.
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = emailOnlySchema.safeParse(Object.fromEntries(formBody(context)));
  if (!parsed.success) {
    return data({ error: say("EMAIL_OR_PHONE_REQUIRED") }, { status: 400 });
  }
  const answer = await accounts.sendVerificationEmail(request, parsed.data.email);
  if (answer.status === 429) return data({ error: authErrorMessage(answer, "send-reset") }, { status: 429 });
  // Same answer for every address: this form must not tell who has an account.
  return { success: "A new verification link is on its way if that address is waiting for one." };
}

/** After sign-up (?email=), after the link was used (?status=verified) or failed (?error=). */
export default function VerifyEmail({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  const verified = params.get("status") === "verified" && !params.get("error");
  const failed = Boolean(params.get("error"));

  if (verified) {
    // Where sign-up started (a team invitation), when it was not the home page.
    const next = safeRedirectPath(params.get("next"));
    return (
      <CenteredCard icon={ICON} title="Your email is verified">
        <p className="text-ink-muted">Welcome aboard. Your account is ready and you are signed in.</p>
        <Link
          to={next}
          className="mt-6 inline-flex rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {next === "/" ? "Find a question for your next meeting" : "Continue where you left off"}
        </Link>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard icon={ICON} title={failed ? "That link did not work" : "Check your email"}>
      {failed ? (
        <p className="text-ink-muted">
          The verification link has expired or was already used. Send yourself a new one below.
        </p>
      ) : (
        <>
          <p className="text-ink-muted">
            We sent a verification link to {email ? <strong className="text-ink">{email}</strong> : "your address"}.
            Open it to activate your account; it works for 24 hours.
          </p>
          <p className="mt-3 text-sm text-ink-muted">
            Nothing after a few minutes? Look in your spam or promotions folder, or send a new link.
          </p>
        </>
      )}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        {actionData && "error" in actionData && <FormMessage tone="error">{actionData.error}</FormMessage>}
        {actionData && "success" in actionData && <FormMessage tone="success">{actionData.success}</FormMessage>}
        {email && !failed ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={email} />
        )}
        <SubmitButton pendingLabel="Sending..." variant="secondary">
          Resend verification email
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-ink-muted">
        Already verified?{" "}
        <Link to="/sign-in" className="font-semibold text-brand-800 underline">
          Sign in
        </Link>
      </p>
    </CenteredCard>
  );
}
