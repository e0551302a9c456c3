import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { CenteredCard } from "~/components/forms/CenteredCard";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { KeyRound } from "~/components/icons";
import { seo } from "~/lib/seo";
import { MIN_PASSWORD_LENGTH } from "~/shared/accounts";
import { firstIssue, newPasswordSchema } from "~/shared/accounts-schemas";
import { BROWSER_ERRORS } from "~/shared/errors/browser";
import { accounts, authErrorMessage } from "~/web/accounts.server";
import { formBody } from "~/web/http.server";
import type { Route } from "./+types/reset-password";

export { privatePageHeaders as headers } from "~/web/private-page.server";

const EXPIRED = BROWSER_ERRORS.RESET_LINK_EXPIRED;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Choose a new password",
    description: "Set a new password for your account.",
    path: "/reset-password",
    noindex: true,
  });

// Hand-written, not a use case: better-auth owns this change and is called through its own endpoint on
// behalf of this request (its cookies, origin check and rate limits), and its answer's cookies are the page's.
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(formBody(context));
  const token = typeof form.token === "string" ? form.token : "";
  if (!token) return data({ error: EXPIRED }, { status: 400 });
  const parsed = newPasswordSchema.safeParse(form);
  if (!parsed.success) return data({ error: firstIssue(parsed.error) }, { status: 400 });
  const answer = await accounts.resetPassword(request, { newPassword: parsed.data.password, token });
  if (answer.body?.code === "INVALID_TOKEN") return data({ error: EXPIRED }, { status: 400 });
  if (!answer.ok) return data({ error: authErrorMessage(answer, "reset-password") }, { status: answer.status });
  // Every session of the account was signed out by the reset; sign in afresh.
  throw redirect("/sign-in?reset=1");
}

/** Where the reset e-mail's link lands (better-auth adds ?token= or ?error=INVALID_TOKEN). */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const icon = <KeyRound className="h-8 w-8 text-brand-700" aria-hidden="true" />;
  if (!token || params.get("error")) {
    return (
      <CenteredCard icon={icon} title="That link did not work">
        <p className="text-ink-muted">{EXPIRED}</p>
        <Link to="/sign-in" className="mt-6 inline-flex font-semibold text-brand-800 underline">
          Go to sign in
        </Link>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard icon={icon} title="Choose a new password">
      <p className="text-ink-muted">After the change, every device signed in to your account is signed out.</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="token" value={token} />
        {actionData?.error && <FormMessage tone="error">{actionData.error}</FormMessage>}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          required
        />
        <TextField
          label="Repeat the new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
        <SubmitButton pendingLabel="Saving...">Set new password</SubmitButton>
      </Form>
    </CenteredCard>
  );
}
