import { Link } from "react-router";
import { primaryButton } from "~/components/buttons";
import { RecentMeetings } from "~/components/teams/RecentMeetings";
import { SeriesCard } from "~/components/teams/SeriesCard";
import { TeamNav } from "~/components/teams/TeamNav";
import { teamOverview } from "~/domain/teams/overview.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { teamRoleCan } from "~/shared/teams";
import { formError, formRefusal } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/team";
import { isNextMeetingIntent, nextMeetingAction } from "./next-meeting-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  const { db } = await database();
  return { access, ...(await teamOverview(db, access)) };
}

/** Starts a series' meeting with the question prepared for it, or draws another question for it. */
export async function action(args: Route.ActionArgs) {
  const form = formBody(args.context);
  const intent = String(form.get("intent") ?? "start");
  if (!isNextMeetingIntent(intent)) {
    await requireTeamPage(args.request, args.params.teamId, "run-meetings");
    return formError(formRefusal("INTENT_UNKNOWN", { allowed: ["start", "draw"] }));
  }
  return nextMeetingAction(args, intent, form);
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(matches, {
    title: data ? `${data.access.teamName}: meetings` : "Team",
    description: "The team's meeting series, who hosts next and the question ready for each.",
    path: "/teams",
    noindex: true,
  });

export default function TeamOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { access, series, recent } = loaderData;
  const failed = actionData && "seriesId" in actionData ? actionData : null;
  const canRun = teamRoleCan(access.role, "run-meetings");
  const canManage = teamRoleCan(access.role, "manage-series");
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <TeamNav teamId={access.teamId} teamName={access.teamName} role={access.role} current="overview" />
      {series.length === 0 ? (
        <section className="rounded-3xl border border-dashed border-line-strong bg-white p-6 text-center">
          <h2 className="font-serif text-xl font-semibold text-ink">No meeting series yet</h2>
          {canManage ? (
            <>
              <p className="mt-2 text-ink-muted">
                Set up a meeting the team holds every week, every two weeks or every month: CircleUp then has a fresh
                question ready for each one, and says who hosts next.
              </p>
              <Link to={`/teams/${access.teamId}/series/new`} className={`${primaryButton} mt-4`}>
                Create the first series
              </Link>
            </>
          ) : (
            <p className="mt-2 text-ink-muted">An owner or a facilitator of the team can set one up.</p>
          )}
        </section>
      ) : (
        <div className="space-y-4">
          {series.map((one, index) => (
            <SeriesCard
              key={one.id}
              teamId={access.teamId}
              timeZone={access.timeZone}
              series={one}
              viewerId={access.userId}
              canRun={canRun}
              primary={index === 0}
              error={failed?.seriesId === one.id ? failed.error : null}
            />
          ))}
          {canManage && (
            <p>
              <Link to={`/teams/${access.teamId}/series/new`} className="font-semibold text-brand-800 hover:underline">
                Add a series
              </Link>
            </p>
          )}
        </div>
      )}
      <RecentMeetings teamId={access.teamId} timeZone={access.timeZone} meetings={recent} />
    </div>
  );
}
