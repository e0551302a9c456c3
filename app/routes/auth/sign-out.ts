import { redirect } from "react-router";
import { callAuth, withCookies } from "~/web/auth-endpoint.server";
import type { Route } from "./+types/sign-out";

/**
 * POST /sign-out: ends this session ("everywhere" ends all of them) and
 * goes to /sign-in (SPEC: SIGNED_OUT navigates there). Failures are ignored:
 * the cookies are cleared either way.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const everywhere = form.get("scope") === "everywhere";
  if (everywhere) await callAuth(request, "/revoke-sessions", {});
  const answer = await callAuth(request, "/sign-out", {});
  return redirect("/sign-in?notice=signedOut", { headers: withCookies(answer) });
}

export function loader() {
  return redirect("/");
}
