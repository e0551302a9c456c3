import { Form, Link } from "react-router";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { GoogleButton, OrDivider } from "./GoogleButton";

/** What the sign-in action answers when it does not redirect. */
export type SignInOutcome = { error?: string; success?: string; unverifiedEmail?: string };

/**
 * Email and password, with "Forgot password?" posting the same form, and a new verification link
 * offered when the address is still unverified.
 */
export function SignInForm({
  redirectTo,
  signUpHref,
  notice,
  googleEnabled,
  outcome,
}: {
  redirectTo: string;
  signUpHref: string;
  notice?: string;
  googleEnabled: boolean;
  outcome?: SignInOutcome;
}) {
  return (
    <div className="space-y-5">
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {googleEnabled && (
        <>
          <GoogleButton redirectTo={redirectTo} label="Continue with Google" />
          <OrDivider />
        </>
      )}
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {outcome?.error && <FormMessage tone="error">{outcome.error}</FormMessage>}
        {outcome?.success && <FormMessage tone="success">{outcome.success}</FormMessage>}
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SubmitButton pendingLabel="Signing In..." intent="sign-in">
            Sign In
          </SubmitButton>
          <SubmitButton
            pendingLabel="Sending..."
            intent="forgot"
            variant="secondary"
            formNoValidate
            className="border-0 bg-transparent px-2 text-brand-800 underline hover:bg-transparent"
          >
            Forgot password?
          </SubmitButton>
        </div>
      </Form>
      {outcome?.unverifiedEmail && (
        <Form method="post">
          <input type="hidden" name="email" value={outcome.unverifiedEmail} />
          <SubmitButton pendingLabel="Sending..." intent="resend" variant="secondary">
            Send a new verification link
          </SubmitButton>
        </Form>
      )}
      <p className="text-sm text-ink-muted">
        No account yet?{" "}
        <Link to={signUpHref} className="font-semibold text-brand-800 underline">
          Sign up
        </Link>
      </p>
    </div>
  );
}
