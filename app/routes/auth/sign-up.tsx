import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { GoogleButton, OrDivider } from "~/components/auth/GoogleButton";
import { AuthFrame } from "~/components/forms/AuthFrame";
import { FormMessage } from "~/components/forms/FormMessage";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { TextField } from "~/components/forms/TextField";
import { Crown } from "~/components/icons";
import { config } from "~/config.server";
import { setProductNewsConsent } from "~/domain/news/consent.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { MIN_PASSWORD_LENGTH, safeRedirectPath } from "~/shared/accounts";
import { firstIssue, signUpSchema } from "~/shared/accounts-schemas";
import { accounts, authErrorMessage } from "~/web/accounts.server";
import { quotaStatement, siteFeatures } from "~/web/features.server";
import { formBody } from "~/web/http.server";
import { requireSignedOut } from "~/web/session.server";
import type { Route } from "./+types/sign-up";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSignedOut(request);
  const features = siteFeatures();
  return {
    googleEnabled: Boolean(config().google),
    quota: quotaStatement(features),
    premiumForSale: features.premiumForSale,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(matches, {
    title: "Create account",
    description: data?.quota
      ? "Create a free account to save questions, vote and get more new AI questions."
      : "Create a free account to save questions and vote.",
    path: "/sign-up",
    noindex: true,
  });

// Hand-written, not a use case: better-auth owns this change and is called through its own endpoint on
// behalf of this request (its cookies, origin check and rate limits), and its answer's cookies are the page's.
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(formBody(context));
  const parsed = signUpSchema.safeParse(form);
  if (!parsed.success) return data({ error: firstIssue(parsed.error) }, { status: 400 });
  const { fullName, email, password } = parsed.data;
  const next = safeRedirectPath(form.redirectTo);
  const answer = await accounts.signUp(request, { name: fullName, email, password, next });
  // A taken address answers like a new one (its owner gets a mail instead), so nothing leaks here.
  if (!answer.ok) return data({ error: authErrorMessage(answer, "sign-up") }, { status: answer.status });
  // A taken address answers with a made-up account that is stored nowhere, so this changes no one else's choice.
  const newUser = answer.body?.user as { id?: unknown } | undefined;
  if (form.productNews === "on" && typeof newUser?.id === "string") {
    await setProductNewsConsent((await database()).db, newUser.id, true);
  }
  throw redirect(`/verify-email?email=${encodeURIComponent(email)}`);
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  return (
    <AuthFrame
      title="Create your free account"
      lead={`Save the questions that land and vote on the best ones.${loaderData.quota ? ` ${loaderData.quota}` : ""}`}
      aside={
        // Premium is offered only where it can be bought.
        loaderData.premiumForSale && (
          <section className="rounded-3xl border border-accent-400 bg-accent-100 p-6" aria-labelledby="premium-title">
            <h2 id="premium-title" className="flex items-center gap-2 font-serif text-xl font-semibold text-ink">
              <Crown className="h-5 w-5 text-accent-600" aria-hidden="true" />
              Premium
            </h2>
            <p className="mt-2 text-ink">
              More new AI questions and the AI studio's advanced customisation, for people who run many meetings a week.
            </p>
            <Link to="/pricing" className="mt-4 inline-flex font-semibold text-brand-800 underline">
              See plans and pricing
            </Link>
          </section>
        )
      }
    >
      <div className="space-y-5">
        {loaderData.googleEnabled && (
          <>
            <GoogleButton redirectTo={redirectTo} label="Sign up with Google" />
            <OrDivider />
          </>
        )}
        <Form method="post" className="space-y-5" noValidate>
          {actionData?.error && <FormMessage tone="error">{actionData.error}</FormMessage>}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField label="Full name" name="fullName" autoComplete="name" required />
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. A short sentence is easy to remember and hard to guess.`}
            required
          />
          <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
            <input type="checkbox" name="productNews" className="size-5" />
            Send me occasional product news by e-mail
          </label>
          <SubmitButton pendingLabel="Creating Account...">Create Account</SubmitButton>
        </Form>
        <p className="text-sm text-ink-muted">
          Already have an account?{" "}
          <Link
            to={redirectTo === "/" ? "/sign-in" : `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="font-semibold text-brand-800 underline"
          >
            Sign in
          </Link>
        </p>
      </div>
    </AuthFrame>
  );
}
