import { Link, redirect } from "react-router";
import { primaryButton } from "~/components/buttons";
import { RecentMeetings } from "~/components/teams/RecentMeetings";
import { SeriesCard } from "~/components/teams/SeriesCard";
import { TeamNav } from "~/components/teams/TeamNav";
import { startMeeting } from "~/domain/teams/meetings.server";
import { teamOverview } from "~/domain/teams/overview.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { teamRoleCan } from "~/shared/teams";
import { domainPageError, formBody } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/team";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  const { db } = await database();
  return { access, ...(await teamOverview(db, access)) };
}

/** Starts a series' meeting, hosted by whoever starts it, with the question the card showed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamPage(request, params.teamId, "run-meetings");
  const form = formBody(context);
  const seriesId = String(form.get("seriesId") ?? "");
  const questionId = String(form.get("questionId") ?? "");
  const { db } = await database();
  const started = await startMeeting(db, access, isUuid(seriesId) ? seriesId : null);
  if (!started.ok) throw domainPageError(started.error);
  const first = isUuid(questionId) ? `?q=${questionId}` : "";
  return redirect(`/teams/${access.teamId}/meetings/${started.meetingId}${first}`);
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(matches, {
    title: data ? `${data.access.teamName}: meetings` : "Team",
    description: "The team's meeting series, who hosts next and the question ready for each.",
    path: "/teams",
    noindex: true,
  });

export default function TeamOverview({ loaderData }: Route.ComponentProps) {
  const { access, series, recent } = loaderData;
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
                Set up the meeting you hold every week: CircleUp then has a fresh question ready for it each time, and
                says who hosts next.
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
