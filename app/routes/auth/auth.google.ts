import { redirect } from "react-router";
import { GOOGLE_PROVIDER_ID } from "~/domain/accounts/auth.server";
import { logger } from "~/logger.server";
import { safeRedirectPath } from "~/shared/accounts";
import { accounts, withCookies } from "~/web/accounts.server";
import { formBody } from "~/web/http.server";
import type { Route } from "./+types/auth.google";

// Hand-written, not a use case: better-auth owns this change and is called through its own endpoint on
// behalf of this request (its cookies, origin check and rate limits), and its answer's cookies are the page's.
/** POST /auth/google: asks better-auth for Google's authorization URL and sends the browser there. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = formBody(context);
  const next = safeRedirectPath(form.get("redirectTo"));
  const answer = await accounts.signInWithGoogle(request, { providerId: GOOGLE_PROVIDER_ID, next });
  const url = answer.body?.url;
  // When Google sign-in cannot start, log why and go back to the sign-in page with a notice, never an error page.
  if (!answer.ok || typeof url !== "string") {
    logger.warn(
      { status: answer.status, code: answer.body?.code, message: answer.body?.message },
      "google sign-in could not start",
    );
    throw redirect("/sign-in?error=google");
  }
  return redirect(url, { headers: withCookies(answer) });
}

export function loader() {
  return redirect("/sign-in");
}
