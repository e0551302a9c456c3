import { data, redirect } from "react-router";
import { newSeriesValues, SeriesForm } from "~/components/teams/SeriesForm";
import { TeamNav } from "~/components/teams/TeamNav";
import { createSeries } from "~/domain/teams/series.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { localDayOf } from "~/shared/cadence";
import { firstProblem, seriesFormFields, seriesFormSchema } from "~/shared/series-schemas";
import { formBody, statusOf } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/series.new";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "manage-series");
  return { access, today: localDayOf(new Date(), access.timeZone) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamPage(request, params.teamId, "manage-series");
  const parsed = seriesFormSchema.safeParse(seriesFormFields(formBody(context)));
  if (!parsed.success) return data({ error: firstProblem(parsed.error).message }, { status: 400 });
  const { db } = await database();
  const created = await createSeries(db, access.teamId, parsed.data, access.userId);
  if (!created.ok) return data({ error: created.error.message }, { status: statusOf(created.error) });
  return redirect(`/teams/${access.teamId}/series/${created.seriesId}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "New meeting series",
    description: "A meeting the team holds every week, every two weeks or every month.",
    path: "/teams",
    noindex: true,
  });

export default function NewSeries({ loaderData, actionData }: Route.ComponentProps) {
  const { access, today } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <TeamNav teamId={access.teamId} teamName={access.teamName} role={access.role} current="overview" />
      <h2 className="mb-4 font-serif text-2xl font-semibold text-ink">New meeting series</h2>
      <SeriesForm
        values={newSeriesValues(today)}
        timeZone={access.timeZone}
        error={actionData?.error ?? null}
        submitLabel="Create the series"
      />
    </div>
  );
}
