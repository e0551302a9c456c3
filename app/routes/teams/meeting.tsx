import { redirect } from "react-router";
import { MeetingHeading } from "~/components/teams/MeetingHeading";
import { MeetingQuestions } from "~/components/teams/MeetingQuestions";
import { MeetingUses } from "~/components/teams/MeetingUses";
import { TeamNav } from "~/components/teams/TeamNav";
import { TeamRecap } from "~/components/teams/TeamRecap";
import { TeamCardScope } from "~/components/teams/team-card-scope";
import { config } from "~/config.server";
import { ownerHasPremium } from "~/domain/generation/directed-access.server";
import { getMeeting } from "~/domain/teams/meetings.server";
import { askableQuestions } from "~/domain/teams/prepared-questions.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { isUuid } from "~/shared/ids";
import { livePaths } from "~/shared/live";
import { formatInZone } from "~/shared/series";
import { teamRoleCan } from "~/shared/teams";
import { startMeetingRound } from "~/use-cases/teams/meetings.server";
import { recordUseInMeeting } from "~/use-cases/teams/team-questions.server";
import { type FormFailure, formError, formRefusal, runForPage } from "~/web/adapters/page.server";
import { siteFeatures } from "~/web/features.server";
import { domainPageError, formBody, pageError } from "~/web/http.server";
import { hostCookie } from "~/web/live.server";
import { MAX_ON_TABLE, meetingTable } from "~/web/meeting-table.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/meeting";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorScreen";
export { privatePageHeaders as headers } from "~/web/private-page.server";

async function meetingOf(teamId: string, meetingId: string | undefined) {
  if (!isUuid(meetingId)) throw pageError(coded("TEAM_MEETING_NOT_FOUND"));
  const { db } = await database();
  const found = await getMeeting(db, teamId, meetingId);
  if (!found.ok) throw domainPageError(found.error);
  return { db, meeting: found.meeting };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  const { db, meeting } = await meetingOf(access.teamId, params.meetingId);
  const canRun = teamRoleCan(access.role, "run-meetings");
  const { shown, usedIds, anotherHref } = await meetingTable(db, request, access, meeting, canRun);
  const questions = await askableQuestions(db, access.teamId, shown);
  // A Premium owner gives every member the AI studio for the team's meetings, where an AI writes questions.
  const studio =
    siteFeatures().ai && (await ownerHasPremium(db, access.teamId)) ? `/studio?team=${access.teamId}` : null;
  return {
    access,
    meeting,
    questions,
    usedIds,
    canRun,
    anotherHref,
    studio,
    siteUrl: config().publicUrl.replace(/\/+$/, ""),
  };
}

/** Marking a question asked and starting the meeting's team round: both for those who run meetings. */
export async function action(args: Route.ActionArgs) {
  const { teamId, meetingId } = args.params;
  const form = formBody(args.context);
  const intent = form.get("intent");
  if (intent === "asked") {
    const input = { teamId, meetingId, questionId: String(form.get("questionId") ?? ""), how: "asked" };
    const recorded = await runForPage(recordUseInMeeting, args, input, teamId);
    if (!recorded.ok) return meetingFailure(recorded);
    return { error: null };
  }
  if (intent === "round") {
    const questionIds = form.getAll("questionIds").map(String).filter(isUuid).slice(0, MAX_ON_TABLE);
    const input = { teamId, meetingId, questionIds, anonymous: form.get("anonymous") === "on" };
    const started = await runForPage(startMeetingRound, args, input, teamId);
    if (!started.ok) return meetingFailure(started);
    const { code, hostToken, expiresAt } = started.value;
    return redirect(livePaths.host(code), { headers: { "Set-Cookie": hostCookie(code, hostToken, expiresAt) } });
  }
  await requireTeamPage(args.request, teamId, "run-meetings");
  return formError(formRefusal("INTENT_UNKNOWN", { allowed: ["asked", "round"] }));
}

/** A meeting that is not the team's is the page's 404, as on reading it; anything else is said beside the form. */
function meetingFailure(failed: FormFailure) {
  if (failed.error.code === "TEAM_MEETING_NOT_FOUND") throw domainPageError(failed.error);
  return formError(failed);
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(matches, {
    title: data
      ? `${data.meeting.seriesName ?? "Meeting"}: ${formatInZone(data.meeting.heldAt, data.access.timeZone)}`
      : "Meeting",
    description: "A team meeting: its questions, its team round and what the team answered.",
    path: "/teams",
    noindex: true,
  });

export default function MeetingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { access, meeting, questions, usedIds, canRun, anotherHref, studio, siteUrl } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <TeamNav teamId={access.teamId} teamName={access.teamName} role={access.role} current="overview" />
      <MeetingHeading
        teamId={access.teamId}
        seriesId={meeting.seriesId}
        seriesName={meeting.seriesName}
        heldAt={meeting.heldAt}
        timeZone={access.timeZone}
        host={meeting.hostName && (meeting.hostId === access.userId ? "you" : meeting.hostName)}
        studio={studio}
        round={meeting.round}
        answersOpenAt={meeting.answersOpenAt}
        siteUrl={siteUrl}
        canRun={canRun}
        error={actionData?.error}
      />
      {canRun ? (
        <TeamCardScope teamId={access.teamId} offersMarkAsked={false}>
          <MeetingQuestions
            teamId={access.teamId}
            meetingId={meeting.id}
            questions={questions}
            usedIds={usedIds}
            anotherHref={anotherHref}
            canStartRound={!meeting.round && !meeting.recap}
          />
        </TeamCardScope>
      ) : null}
      <MeetingUses uses={meeting.uses} />
      {meeting.recap && <TeamRecap recap={meeting.recap} timeZone={access.timeZone} />}
    </div>
  );
}
