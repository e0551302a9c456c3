import { useEffect } from "react";
import { redirect, useNavigate } from "react-router";
import { seo } from "~/lib/seo";
import { safeRedirectPath } from "~/shared/accounts";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/auth.callback";

/**
 * /auth/callback (and /auth/v1/callback): where Google sign-in lands after
 * better-auth has set the session. With a session it goes on to `next`;
 * without one, or on any error, it goes quietly to /sign-in.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("error")) throw redirect("/sign-in");
  const user = await getUser(request).catch(() => null);
  if (!user) throw redirect("/sign-in");
  return { target: safeRedirectPath(url.searchParams.get("next")) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Signing in", description: "Completing sign in.", path: "/auth/callback", noindex: true });

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(loaderData.target, { replace: true });
  }, [navigate, loaderData.target]);
  return (
    <div className="mx-auto max-w-md px-4 py-24 text-center">
      <p role="status" className="text-lg text-ink-muted">
        Completing sign in...
      </p>
      <noscript>
        <a href={loaderData.target} className="mt-4 inline-block font-semibold text-brand-800 underline">
          Continue
        </a>
      </noscript>
    </div>
  );
}
