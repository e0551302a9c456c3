import { data, redirect } from "react-router";
import { InvitationPage } from "~/components/teams/InvitationPage";
import { invitationPath, readInvitation } from "~/domain/teams/invitations.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { joinByInvitation } from "~/use-cases/teams/teams.server";
import { formError, formRefusal, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { getUser, signInPath } from "~/web/session.server";
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

export async function action(args: Route.ActionArgs) {
  if (formBody(args.context).get("intent") !== "accept") return formError(formRefusal("UNKNOWN_ACTION"));
  const accepted = await runForPage(joinByInvitation, args, { token: args.params.token });
  if (!accepted.ok) return formError(accepted);
  throw redirect(`/teams/${accepted.value.teamId}`);
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
