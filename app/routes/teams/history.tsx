import { TeamHistoryList } from "~/components/teams/TeamHistoryList";
import { TeamNav } from "~/components/teams/TeamNav";
import { teamHistory } from "~/domain/teams/memory.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { teamHistoryQuerySchema } from "~/shared/team-question-schemas";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/history";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  const { page } = teamHistoryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db } = await database();
  return { team: access, history: await teamHistory(db, access.teamId, page) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData ? `History · ${loaderData.team.teamName}` : "Team history",
    description: "What the team asked, and the questions its hosts drew, when and in which series.",
    path: "/teams",
    noindex: true,
  });

export default function TeamHistory({ loaderData }: Route.ComponentProps) {
  const { team, history } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <TeamNav teamId={team.teamId} teamName={team.teamName} role={team.role} current="history" />
      <h2 className="mb-4 font-serif text-xl font-semibold text-ink">What the team asked and drew</h2>
      <TeamHistoryList entries={history.entries} page={history.page} pages={history.pages} timeZone={team.timeZone} />
    </div>
  );
}
