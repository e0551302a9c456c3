import { redirect } from "react-router";
import { newSeriesValues, SeriesForm } from "~/components/teams/SeriesForm";
import { TeamNav } from "~/components/teams/TeamNav";
import { hasChatChannel } from "~/domain/chat/installations.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { localDayOf } from "~/shared/cadence";
import { seriesFormFields } from "~/shared/series-schemas";
import { createMeetingSeries } from "~/use-cases/teams/series.server";
import { formError, runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/series.new";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "manage-series");
  const chatConnected = await hasChatChannel((await database()).db, access.teamId);
  return { access, today: localDayOf(new Date(), access.timeZone), chatConnected };
}

export async function action(args: Route.ActionArgs) {
  const teamId = args.params.teamId;
  const input = { teamId, series: seriesFormFields(formBody(args.context)) };
  const created = await runForPage(createMeetingSeries, args, input, teamId);
  if (!created.ok) return formError(created);
  return redirect(`/teams/${teamId}/series/${created.value.seriesId}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "New meeting series",
    description: "A meeting the team holds every week, every two weeks or every month.",
    path: "/teams",
    noindex: true,
  });

export default function NewSeries({ loaderData, actionData }: Route.ComponentProps) {
  const { access, today, chatConnected } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <TeamNav teamId={access.teamId} teamName={access.teamName} role={access.role} current="overview" />
      <h2 className="mb-4 font-serif text-2xl font-semibold text-ink">New meeting series</h2>
      <SeriesForm
        values={newSeriesValues(today)}
        timeZone={access.timeZone}
        error={actionData?.error ?? null}
        submitLabel="Create the series"
        chat={{ connected: chatConnected, settingsPath: `/teams/${access.teamId}/settings#chat` }}
      />
    </div>
  );
}
