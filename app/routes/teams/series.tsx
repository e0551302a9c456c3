import { Link, redirect } from "react-router";
import { AnswersOpen } from "~/components/teams/MeetingHeading";
import { NextMeeting } from "~/components/teams/NextMeeting";
import { PulseTrend } from "~/components/teams/PulseTrend";
import { RecentMeetings } from "~/components/teams/RecentMeetings";
import { Rotation } from "~/components/teams/Rotation";
import { SeriesForm, seriesValues } from "~/components/teams/SeriesForm";
import { TeamNav } from "~/components/teams/TeamNav";
import { UpcomingDates } from "~/components/teams/UpcomingDates";
import { config } from "~/config.server";
import { hasChatChannel } from "~/domain/chat/installations.server";
import { openAheadMeeting } from "~/domain/teams/answers-ahead.server";
import { getMeeting, recentMeetings } from "~/domain/teams/meetings.server";
import { seriesOverview } from "~/domain/teams/overview.server";
import { pulseTrend } from "~/domain/teams/pulse.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { nextOpening, openingWords } from "~/shared/answers-ahead";
import { cadenceWords, localDayOf } from "~/shared/cadence";
import { coded } from "~/shared/errors/codes";
import { isUuid } from "~/shared/ids";
import { ownEntry } from "~/shared/own-entry";
import { formatInZone } from "~/shared/series";
import { seriesFormFields } from "~/shared/series-schemas";
import { teamRoleCan } from "~/shared/teams";
import {
  deleteMeetingSeries,
  joinHostRotation,
  leaveHostRotation,
  saveMeetingSeries,
  skipHost,
} from "~/use-cases/teams/series.server";
import type { AnyUseCase } from "~/use-cases/use-case";
import { formError, formRefusal, runForPage } from "~/web/adapters/page.server";
import { domainPageError, formBody, pageError } from "~/web/http.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/series";
import { isNextMeetingIntent, nextMeetingAction } from "./next-meeting-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  if (!isUuid(params.seriesId)) throw pageError(coded("SERIES_NOT_FOUND"));
  const { db } = await database();
  const found = await seriesOverview(db, access, params.seriesId);
  if (!found.ok) throw domainPageError(found.error);
  const [meetings, pulse] = await Promise.all([
    recentMeetings(db, access.teamId, { seriesId: found.series.id, limit: 20 }),
    pulseTrend(db, access.teamId, found.series.id),
  ]);
  const now = new Date();
  // A meeting whose round opened ahead and takes answers now, and when the one after it opens.
  const aheadRow = await openAheadMeeting(db, found.series.id);
  const ahead = aheadRow ? await getMeeting(db, access.teamId, aheadRow.id) : null;
  const openMeeting = ahead?.ok && ahead.meeting.round?.open ? ahead.meeting : null;
  const opening = nextOpening(found.series, access.timeZone, openMeeting ? new Date(openMeeting.heldAt) : now);
  return {
    access,
    series: found.series,
    meetings,
    pulse,
    today: localDayOf(now, access.timeZone),
    openMeeting,
    nextOpensAt: opening?.opensAt.toISOString() ?? null,
    siteUrl: config().publicUrl.replace(/\/+$/, ""),
    chatConnected: await hasChatChannel(db, access.teamId),
  };
}

/** The series page's forms, each one use case (saving and deleting need 'manage-series'; hosting, 'run-meetings'). */
const FORMS = {
  delete: deleteMeetingSeries,
  join: joinHostRotation,
  leave: leaveHostRotation,
  skip: skipHost,
};

export async function action(args: Route.ActionArgs) {
  const { teamId, seriesId } = args.params;
  const form = formBody(args.context);
  const intent = String(form.get("intent") ?? "");
  if (isNextMeetingIntent(intent)) {
    if (!isUuid(seriesId)) {
      await requireTeamPage(args.request, teamId, "run-meetings");
      throw pageError(coded("SERIES_NOT_FOUND"));
    }
    return nextMeetingAction(args, intent, form, seriesId);
  }
  const useCase = intent === "save" ? saveMeetingSeries : ownEntry<AnyUseCase>(FORMS, intent);
  if (!useCase) {
    await requireTeamPage(args.request, teamId, "manage-series");
    const allowed = ["save", "delete", "join", "leave", "skip", "start", "draw"];
    return formError(formRefusal("INTENT_UNKNOWN", { allowed }));
  }
  const series = intent === "save" ? { series: seriesFormFields(form) } : {};
  const done = await runForPage(useCase, args, { teamId, seriesId, ...series }, teamId);
  if (!done.ok) {
    // A series the team does not have is the page's 404, as on reading it.
    if (done.error.kind === "not-found") throw domainPageError(done.error);
    return formError(done);
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
  const { access, series, meetings, pulse, today, openMeeting, nextOpensAt, siteUrl, chatConnected } = loaderData;
  const opensWords = openingWords(series.opensAhead, series.timeOfDay);
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
      {opensWords && (
        <p className="mt-1 text-ink-muted" data-testid="opens-ahead">
          Answers open {opensWords}
          {nextOpensAt ? (
            <>
              {"; next on "}
              <time dateTime={nextOpensAt}>{formatInZone(nextOpensAt, access.timeZone)}</time>
            </>
          ) : null}
          .
        </p>
      )}
      {openMeeting?.round && openMeeting.answersOpenAt && (
        <div>
          <AnswersOpen
            round={openMeeting.round}
            answersOpenAt={openMeeting.answersOpenAt}
            timeZone={access.timeZone}
            siteUrl={siteUrl}
            canRun={canRun}
          />
          <p className="mt-2 text-sm">
            <Link
              to={`/teams/${access.teamId}/meetings/${openMeeting.id}`}
              className="font-semibold text-brand-800 underline"
            >
              The meeting of{" "}
              <time dateTime={openMeeting.heldAt}>{formatInZone(openMeeting.heldAt, access.timeZone)}</time>
            </Link>
          </p>
        </div>
      )}
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
              chat={{ connected: chatConnected, settingsPath: `/teams/${access.teamId}/settings#chat` }}
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
