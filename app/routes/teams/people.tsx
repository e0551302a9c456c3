import { PeoplePage } from "~/components/teams/PeoplePage";
import { listOpenInvitations } from "~/domain/teams/invitations.server";
import { listMembers } from "~/domain/teams/people.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { teamNotice } from "~/shared/team-pages";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/people";
import { peopleAction } from "./people-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  const { db } = await database();
  const [people, invitations] = await Promise.all([listMembers(db, access), listOpenInvitations(db, access)]);
  return {
    team: { id: access.teamId, name: access.teamName, role: access.role, viewerId: access.userId },
    people,
    invitations,
    notice: teamNotice(new URL(request.url).searchParams.get("notice")),
  };
}

export function action(args: Route.ActionArgs) {
  return peopleAction(args);
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  seo(matches, {
    title: loaderData ? `People of ${loaderData.team.name}` : "Team people",
    description: "Who is in the team, their roles and open invitations.",
    path: `/teams/${params.teamId}/people`,
    noindex: true,
  });

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  return <PeoplePage {...loaderData} result={actionData} />;
}
