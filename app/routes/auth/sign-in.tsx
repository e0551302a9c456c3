import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { GoogleButton, OrDivider } from "~/components/auth/GoogleButton";
import { AuthFrame } from "~/components/forms/AuthFrame";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { Check, Sparkles } from "~/components/icons";
import { config } from "~/config.server";
import { seo } from "~/lib/seo";
import { emailOnlySchema, firstIssue, safeRedirectPath, signInSchema } from "~/shared/accounts";
import { authErrorMessage, callAuth, withCookies } from "~/web/auth-endpoint.server";
import { requireSignedOut } from "~/web/session.server";
import type { Route } from "./+types/sign-in";

const NOTICES: Record<string, string> = {
  reset: "Your password has been changed. Sign in with the new one.",
  signedOut: "You are signed out.",
  accountDeleted: "Your account and everything in it are deleted. Thank you for the meetings you ran with us.",
  google: "Google sign-in did not complete. Please try again or use your e-mail and password.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireSignedOut(request);
  return { googleEnabled: Boolean(config().google) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Sign in",
    description: "Sign in to save questions, vote and keep your generation history.",
    path: "/sign-in",
    noindex: true,
  });

type ActionResult = { error?: string; success?: string; unverifiedEmail?: string; intent: string };

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "sign-in");
  const redirectTo = safeRedirectPath(form.redirectTo);
  const fail = (error: string, status = 400, extra: Partial<ActionResult> = {}) =>
    data<ActionResult>({ error, intent, ...extra }, { status });

  if (intent === "forgot") {
    const parsed = emailOnlySchema.safeParse(form);
    if (!parsed.success) return fail(firstIssue(parsed.error));
    const answer = await callAuth(request, "/request-password-reset", {
      email: parsed.data.email,
      redirectTo: "/reset-password",
    });
    if (answer.status === 429) return fail(authErrorMessage(answer, ""), 429);
    // The same answer whether or not the address has an account.
    if (!answer.ok) return fail(authErrorMessage(answer, "Failed to send reset password email"), answer.status);
    return data<ActionResult>({ success: "Check your email for password reset instructions", intent });
  }

  if (intent === "resend") {
    const parsed = emailOnlySchema.safeParse(form);
    if (!parsed.success) return fail("You must provide either an email or phone number and a type");
    const answer = await callAuth(request, "/send-verification-email", {
      email: parsed.data.email,
      callbackURL: "/verify-email?status=verified",
    });
    if (answer.status === 429) return fail(authErrorMessage(answer, ""), 429);
    return data<ActionResult>({
      success: "If that address is waiting for verification, a new link is on its way. It works for 24 hours.",
      intent,
    });
  }

  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) return fail(firstIssue(parsed.error));
  const answer = await callAuth(request, "/sign-in/email", { ...parsed.data, rememberMe: true });
  if (answer.ok && answer.body?.twoFactorRedirect) {
    throw redirect(`/sign-in/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: withCookies(answer),
    });
  }
  if (answer.ok) throw redirect(redirectTo, { headers: withCookies(answer) });
  if (answer.body?.code === "EMAIL_NOT_VERIFIED") {
    return fail(
      "Please verify your email address before signing in. Open the link we e-mailed you, or send a new one.",
      403,
      { unverifiedEmail: parsed.data.email },
    );
  }
  return fail(authErrorMessage(answer, "Failed to sign in"), answer.status);
}

const BENEFITS = [
  "Save the questions that worked for your team",
  "Vote to lift the best questions for everyone",
  "25 new AI questions a day, and the whole library",
  "Your history on every device",
];

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  const notice = NOTICES[params.get("reset") ? "reset" : (params.get("error") ?? params.get("notice") ?? "")];
  const signUpHref = redirectTo === "/" ? "/sign-up" : `/sign-up?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthFrame
      title="Welcome back"
      lead="Sign in to pick up where your team left off."
      aside={
        <>
          <section className="rounded-3xl bg-brand-50 p-6" aria-labelledby="benefits-title">
            <h2 id="benefits-title" className="font-serif text-xl font-semibold text-ink">
              With your account
            </h2>
            <ul className="mt-4 space-y-3">
              {BENEFITS.map((b) => (
                <li key={b} className="flex gap-2.5 text-ink">
                  <Check className="mt-1 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {b}
                </li>
              ))}
            </ul>
          </section>
          <section className="rounded-3xl border border-line bg-white p-6" aria-labelledby="promo-title">
            <h2 id="promo-title" className="flex items-center gap-2 font-semibold text-ink">
              <Sparkles className="h-4 w-4 text-accent-600" aria-hidden="true" />
              New here? Accounts are free.
            </h2>
            <p className="mt-2 text-sm text-ink-muted">
              Anonymous visitors get 10 new AI questions per session; a free account gets 25 every day, plus saves and
              votes.
            </p>
            <Link
              to={signUpHref}
              className="mt-4 inline-flex rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Create a free account
            </Link>
          </section>
        </>
      }
    >
      <div className="space-y-5">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
        {loaderData.googleEnabled && (
          <>
            <GoogleButton redirectTo={redirectTo} label="Continue with Google" />
            <OrDivider />
          </>
        )}
        <Form method="post" className="space-y-5" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {actionData?.error && <FormMessage tone="error">{actionData.error}</FormMessage>}
          {actionData?.success && <FormMessage tone="success">{actionData.success}</FormMessage>}
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
        {actionData?.unverifiedEmail && (
          <Form method="post">
            <input type="hidden" name="email" value={actionData.unverifiedEmail} />
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
    </AuthFrame>
  );
}
