import { data, redirect } from "react-router";
import { InvitationPage } from "~/components/teams/InvitationPage";
import { acceptInvitation, invitationPath, readInvitation } from "~/domain/teams/invitations.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { formBody, statusOf } from "~/web/http.server";
import { getUser, requireUser, signInPath } from "~/web/session.server";
import type { Route } from "./+types/join";

// The address is the invitation: no cache, history copy or proxy keeps it.
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

/** Longer than any token we issue: not worth hashing. */
const TOKEN_MAX = 100;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request);
  const outcome = await readInvitation((await database()).db, params.token.slice(0, TOKEN_MAX), user?.id ?? null);
  if (!outcome.ok) return data({ invitation: null, message: outcome.error.message, signIn: null }, { status: 404 });
  if (outcome.member) throw redirect(`/teams/${outcome.invitation.teamId}`);
  const back = invitationPath(params.token);
  return {
    invitation: outcome.invitation,
    message: null,
    // For visitors: sign in (or up) and come back here.
    signIn: user ? null : { signIn: signInPath(back), signUp: `/sign-up?redirectTo=${encodeURIComponent(back)}` },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (formBody(context).get("intent") !== "accept") return data({ error: "Unknown action" }, { status: 400 });
  const outcome = await acceptInvitation((await database()).db, params.token.slice(0, TOKEN_MAX), user);
  if (!outcome.ok) return data({ error: outcome.error.message }, { status: statusOf(outcome.error) });
  throw redirect(`/teams/${outcome.teamId}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Team invitation",
    description: "An invitation to join a team on CircleUp.",
    path: "/teams/join",
    noindex: true,
  });

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationPage {...loaderData} error={actionData?.error ?? null} />;
}
