import { redirect } from "react-router";
import { accounts, withCookies } from "~/web/accounts.server";
import { formBody } from "~/web/http.server";
import type { Route } from "./+types/sign-out";

// Hand-written, not a use case: better-auth owns this change and is called through its own endpoint on
// behalf of this request (its cookies, origin check and rate limits), and its answer's cookies are the page's.
/**
 * POST /sign-out: ends this session ("everywhere" ends all of them) and
 * goes to /sign-in, which says the visitor is signed out. Failures are ignored:
 * the cookies are cleared either way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = formBody(context);
  const everywhere = form.get("scope") === "everywhere";
  if (everywhere) await accounts.signOutEverywhere(request);
  const answer = await accounts.signOut(request);
  return redirect("/sign-in?notice=signedOut", { headers: withCookies(answer) });
}

export function loader() {
  return redirect("/");
}
