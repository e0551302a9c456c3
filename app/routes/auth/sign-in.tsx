import { data, redirect, useSearchParams } from "react-router";
import { SignInAside } from "~/components/auth/SignInAside";
import { SignInForm } from "~/components/auth/SignInForm";
import { AuthFrame } from "~/components/forms/AuthFrame";
import { config } from "~/config.server";
import { seo } from "~/lib/seo";
import { safeRedirectPath } from "~/shared/accounts";
import { emailOnlySchema, firstIssue, signInSchema } from "~/shared/accounts-schemas";
import { say } from "~/shared/errors/english";
import { ownEntry } from "~/shared/own-entry";
import { accounts, authErrorMessage, withCookies } from "~/web/accounts.server";
import { quotaStatement } from "~/web/features.server";
import { formBody } from "~/web/http.server";
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
  return { googleEnabled: Boolean(config().google), quota: quotaStatement() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Sign in",
    description: "Sign in to save questions, vote and keep your generation history.",
    path: "/sign-in",
    noindex: true,
  });

type ActionResult = { error?: string; success?: string; unverifiedEmail?: string; intent: string };

// Hand-written, not a use case: better-auth owns this change and is called through its own endpoint on
// behalf of this request (its cookies, origin check and rate limits), and its answer's cookies are the page's.
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(formBody(context));
  const intent = String(form.intent ?? "sign-in");
  const redirectTo = safeRedirectPath(form.redirectTo);
  const fail = (error: string, status = 400, extra: Partial<ActionResult> = {}) =>
    data<ActionResult>({ error, intent, ...extra }, { status });

  if (intent === "forgot") {
    const parsed = emailOnlySchema.safeParse(form);
    if (!parsed.success) return fail(firstIssue(parsed.error));
    const answer = await accounts.requestPasswordReset(request, parsed.data.email);
    if (answer.status === 429) return fail(authErrorMessage(answer, "send-reset"), 429);
    // The same answer whether or not the address has an account.
    if (!answer.ok) return fail(authErrorMessage(answer, "send-reset"), answer.status);
    return data<ActionResult>({ success: "Check your email for password reset instructions", intent });
  }

  if (intent === "resend") {
    const parsed = emailOnlySchema.safeParse(form);
    if (!parsed.success) return fail(say("EMAIL_OR_PHONE_REQUIRED"));
    const answer = await accounts.sendVerificationEmail(request, parsed.data.email);
    if (answer.status === 429) return fail(authErrorMessage(answer, "sign-in"), 429);
    return data<ActionResult>({
      success: "If that address is waiting for verification, a new link is on its way. It works for 24 hours.",
      intent,
    });
  }

  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) return fail(firstIssue(parsed.error));
  const answer = await accounts.signIn(request, parsed.data);
  if (answer.ok && answer.body?.twoFactorRedirect) {
    throw redirect(`/sign-in/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: withCookies(answer),
    });
  }
  if (answer.ok) throw redirect(redirectTo, { headers: withCookies(answer) });
  if (answer.body?.code === "EMAIL_NOT_VERIFIED") {
    return fail(say("EMAIL_NOT_VERIFIED"), 403, { unverifiedEmail: parsed.data.email });
  }
  return fail(authErrorMessage(answer, "sign-in"), answer.status);
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  const notice = ownEntry(NOTICES, params.get("reset") ? "reset" : (params.get("error") ?? params.get("notice")));
  const signUpHref = redirectTo === "/" ? "/sign-up" : `/sign-up?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthFrame
      title="Welcome back"
      lead="Sign in to pick up where your team left off."
      aside={<SignInAside signUpHref={signUpHref} quota={loaderData.quota} />}
    >
      <SignInForm
        redirectTo={redirectTo}
        signUpHref={signUpHref}
        notice={notice}
        googleEnabled={loaderData.googleEnabled}
        outcome={actionData}
      />
    </AuthFrame>
  );
}
