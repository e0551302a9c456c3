import { data, redirect } from "react-router";
import { MeetingHeading } from "~/components/teams/MeetingHeading";
import { MeetingQuestions } from "~/components/teams/MeetingQuestions";
import { MeetingUses } from "~/components/teams/MeetingUses";
import { TeamNav } from "~/components/teams/TeamNav";
import { TeamRecap } from "~/components/teams/TeamRecap";
import { TeamCardScope } from "~/components/teams/team-card-scope";
import { config } from "~/config.server";
import { ownerHasPremium } from "~/domain/generation/directed-access.server";
import { LIMITS } from "~/domain/limits/rules";
import { getMeeting, recordMeetingUse, startTeamRound } from "~/domain/teams/meetings.server";
import { askableQuestions } from "~/domain/teams/prepared-questions.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { isUuid } from "~/shared/ids";
import { livePaths } from "~/shared/live";
import { formatInZone } from "~/shared/series";
import { teamRoleCan } from "~/shared/teams";
import { siteFeatures } from "~/web/features.server";
import { domainPageError, formBody, pageError, statusOf } from "~/web/http.server";
import { overLimit } from "~/web/limits.server";
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
  const { shown, usedIds, anotherHref } = await meetingTable(db, request, access.teamId, meeting, canRun);
  const questions = await askableQuestions(db, access.teamId, shown);
  // A Premium owner gives every member the AI studio for the team's meetings, where an AI writes questions.
  const studio =
    siteFeatures().ai && (await ownerHasPremium(db, access.teamId)) ? `/studio?team=${access.teamId}` : null;
  return { access, meeting, questions, usedIds, canRun, anotherHref, studio };
}

/** Marking a question asked and starting the meeting's team round: both for those who run meetings. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireTeamPage(request, params.teamId, "run-meetings");
  const { db, meeting } = await meetingOf(access.teamId, params.meetingId);
  const form = formBody(context);
  const intent = form.get("intent");
  if (intent === "asked") {
    const questionId = String(form.get("questionId") ?? "");
    if (!isUuid(questionId)) return data({ error: "questionId must be a question id" }, { status: 400 });
    const recorded = await recordMeetingUse(db, access, meeting.id, questionId, "asked");
    if (!recorded.ok) return data({ error: recorded.error.message }, { status: statusOf(recorded.error) });
    return { error: null };
  }
  if (intent === "round") {
    const limited = await overLimit(LIMITS.rounds, { userId: access.userId });
    if (limited) return data({ error: limited.message }, { status: statusOf(limited) });
    const questionIds = form.getAll("questionIds").map(String).filter(isUuid).slice(0, MAX_ON_TABLE);
    const anonymous = form.get("anonymous") === "on";
    const started = await startTeamRound(db, access, meeting.id, { questionIds, anonymous }, config().live);
    if (!started.ok) return data({ error: started.error.message }, { status: statusOf(started.error) });
    const headers = { "Set-Cookie": hostCookie(started.code, started.hostToken, started.expiresAt) };
    return redirect(livePaths.host(started.code), { headers });
  }
  return data({ error: "intent must be asked or round" }, { status: 400 });
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
  const { access, meeting, questions, usedIds, canRun, anotherHref, studio } = loaderData;
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
