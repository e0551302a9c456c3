import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { CenteredCard } from "~/components/forms/CenteredCard";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { ShieldCheck } from "~/components/icons";
import { seo } from "~/lib/seo";
import { safeRedirectPath } from "~/shared/accounts";
import { backupCodeSchema, firstIssue, totpCodeSchema } from "~/shared/accounts-schemas";
import { say } from "~/shared/errors/english";
import { accounts, authErrorMessage, withCookies } from "~/web/accounts.server";
import { formBody } from "~/web/http.server";
import { requireSignedOut } from "~/web/session.server";
import type { Route } from "./+types/sign-in.two-factor";

export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSignedOut(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Two-factor code",
    description: "Enter the code from your authenticator app.",
    path: "/sign-in/two-factor",
    noindex: true,
  });

// Hand-written, not a use case: better-auth owns this change and is called through its own endpoint on
// behalf of this request (its cookies, origin check and rate limits), and its answer's cookies are the page's.
/** Second step of signing in when the account has two-factor on: a TOTP code or a backup code. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(formBody(context));
  const backup = form.intent === "backup";
  const parsed = (backup ? backupCodeSchema : totpCodeSchema).safeParse(form);
  if (!parsed.success) return data({ error: firstIssue(parsed.error) }, { status: 400 });
  const answer = await (backup ? accounts.verifyBackupCode : accounts.verifyTotp)(request, parsed.data.code);
  if (answer.ok) throw redirect(safeRedirectPath(form.redirectTo), { headers: withCookies(answer) });
  if (answer.body?.code === "INVALID_TWO_FACTOR_COOKIE") {
    return data({ error: say("SIGN_IN_EXPIRED") }, { status: 401 });
  }
  return data({ error: authErrorMessage(answer, "verify-code") }, { status: 400 });
}

export default function TwoFactorSignIn({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  const useBackup = params.get("method") === "backup";
  return (
    <CenteredCard icon={<ShieldCheck className="h-8 w-8 text-brand-700" aria-hidden="true" />} title="Two-factor code">
      <p className="text-ink-muted">
        {useBackup
          ? "Enter one of the backup codes you saved when you turned on two-factor. Each works once."
          : "Open your authenticator app and enter the 6-digit code for CircleUp."}
      </p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {actionData?.error && <FormMessage tone="error">{actionData.error}</FormMessage>}
        <TextField
          label={useBackup ? "Backup code" : "Authentication code"}
          name="code"
          inputMode={useBackup ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoFocus
          required
        />
        <SubmitButton pendingLabel="Checking..." intent={useBackup ? "backup" : "totp"}>
          Verify and sign in
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-ink-muted">
        {useBackup ? (
          <Link to={`?redirectTo=${encodeURIComponent(redirectTo)}`} className="font-semibold text-brand-800 underline">
            Use the authenticator app instead
          </Link>
        ) : (
          <Link
            to={`?redirectTo=${encodeURIComponent(redirectTo)}&method=backup`}
            className="font-semibold text-brand-800 underline"
          >
            Lost your phone? Use a backup code
          </Link>
        )}
      </p>
    </CenteredCard>
  );
}
