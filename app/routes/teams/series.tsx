import { data, redirect } from "react-router";
import { NextMeeting } from "~/components/teams/NextMeeting";
import { PulseTrend } from "~/components/teams/PulseTrend";
import { RecentMeetings } from "~/components/teams/RecentMeetings";
import { Rotation } from "~/components/teams/Rotation";
import { SeriesForm, seriesValues } from "~/components/teams/SeriesForm";
import { TeamNav } from "~/components/teams/TeamNav";
import { UpcomingDates } from "~/components/teams/UpcomingDates";
import { recentMeetings } from "~/domain/teams/meetings.server";
import { seriesOverview } from "~/domain/teams/overview.server";
import { pulseTrend } from "~/domain/teams/pulse.server";
import { deleteSeries, joinRotation, leaveRotation, skipNextHost, updateSeries } from "~/domain/teams/series.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { cadenceWords, localDayOf } from "~/shared/cadence";
import { isUuid } from "~/shared/ids";
import { firstProblem, seriesFormFields, seriesFormSchema } from "~/shared/series-schemas";
import { teamRoleCan } from "~/shared/teams";
import { formBody, statusOf } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/series";
import { isNextMeetingIntent, nextMeetingAction } from "./next-meeting-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

const notFound = (message: string) => new Response(message, { status: 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  if (!isUuid(params.seriesId)) throw notFound("This series does not exist in this team");
  const { db } = await database();
  const found = await seriesOverview(db, access, params.seriesId);
  if (!found.ok) throw notFound(found.error.message);
  const [meetings, pulse] = await Promise.all([
    recentMeetings(db, access.teamId, { seriesId: found.series.id, limit: 20 }),
    pulseTrend(db, access.teamId, found.series.id),
  ]);
  return { access, series: found.series, meetings, pulse, today: localDayOf(new Date(), access.timeZone) };
}

/** Saving and deleting the series need 'manage-series'; hosting (in turn, starting, drawing a question), 'run-meetings'. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = formBody(context);
  const intent = String(form.get("intent") ?? "");
  const hosting = intent === "join" || intent === "leave" || intent === "skip" || isNextMeetingIntent(intent);
  const access = await requireTeamPage(request, params.teamId, hosting ? "run-meetings" : "manage-series");
  if (!isUuid(params.seriesId)) throw notFound("This series does not exist in this team");
  if (isNextMeetingIntent(intent)) return nextMeetingAction(access, intent, form, params.seriesId);
  const { db } = await database();
  const { teamId, userId } = access;
  const seriesId = params.seriesId;
  if (intent === "save") {
    const parsed = seriesFormSchema.safeParse(seriesFormFields(form));
    if (!parsed.success) return data({ error: firstProblem(parsed.error).message }, { status: 400 });
    const saved = await updateSeries(db, teamId, seriesId, parsed.data);
    return saved.ok ? { error: null } : data({ error: saved.error.message }, { status: statusOf(saved.error) });
  }
  const done =
    intent === "delete"
      ? await deleteSeries(db, teamId, seriesId)
      : intent === "join"
        ? await joinRotation(db, teamId, seriesId, userId)
        : intent === "leave"
          ? await leaveRotation(db, teamId, seriesId, userId)
          : intent === "skip"
            ? await skipNextHost(db, teamId, seriesId)
            : null;
  if (!done) return data({ error: "intent must be save, delete, join, leave, skip, start or draw" }, { status: 400 });
  if (!done.ok) {
    if (done.error.kind === "not-found") throw notFound(done.error.message);
    return data({ error: done.error.message }, { status: statusOf(done.error) });
  }
  return intent === "delete" ? redirect(`/teams/${teamId}`) : { error: null };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(matches, {
    title: data ? data.series.name : "Meeting series",
    description: "A team's meeting series: its hosts, its meetings and its pulse.",
    path: "/teams",
    noindex: true,
  });

export default function SeriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { access, series, meetings, pulse, today } = loaderData;
  const canManage = teamRoleCan(access.role, "manage-series");
  const canRun = teamRoleCan(access.role, "run-meetings");
  // A next meeting's form answers with its series; the other forms' errors show under the title.
  const meetingError = actionData && "seriesId" in actionData ? actionData.error : null;
  const formError = actionData && !("seriesId" in actionData) ? actionData.error : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <TeamNav teamId={access.teamId} teamName={access.teamName} role={access.role} current="overview" />
      <h2 className="font-serif text-2xl font-semibold text-ink">{series.name}</h2>
      <p className="mt-1 text-ink-muted">{cadenceWords(series.cadence, series.timeOfDay, access.timeZone)}</p>
      {formError && (
        <p role="alert" className="mt-3 text-sm font-medium text-accent-600">
          {formError}
        </p>
      )}
      <section aria-labelledby="next-meeting" className="mt-6 rounded-3xl border border-line bg-white p-4 sm:p-6">
        <h2 id="next-meeting" className="font-serif text-xl font-semibold text-ink">
          Next meeting
        </h2>
        <NextMeeting series={series} viewerId={access.userId} canRun={canRun} primary error={meetingError} />
      </section>
      <UpcomingDates upcoming={series.upcoming} timeOfDay={series.timeOfDay} />
      <Rotation rotation={series.rotation} nextHost={series.nextHost} viewerId={access.userId} canRun={canRun} />
      {(series.pulse || pulse.length > 0) && <PulseTrend points={pulse} />}
      <RecentMeetings teamId={access.teamId} timeZone={access.timeZone} meetings={meetings} title="Meetings" />
      {canManage && (
        <details className="mt-8 rounded-3xl border border-line bg-white p-4 sm:p-6">
          <summary className="cursor-pointer py-2 font-semibold text-brand-800">Change the series</summary>
          <div className="mt-4">
            <SeriesForm
              values={seriesValues(series, today)}
              timeZone={access.timeZone}
              error={null}
              submitLabel="Save the series"
            />
          </div>
          <form method="post" className="mt-6 border-t border-line pt-4">
            <button type="submit" name="intent" value="delete" className="min-h-11 font-semibold text-accent-600">
              Delete the series (its meetings stay in the history)
            </button>
          </form>
        </details>
      )}
    </div>
  );
}
