import { data, Link, redirect } from "react-router";
import { MeetingQuestions } from "~/components/teams/MeetingQuestions";
import { MeetingUses } from "~/components/teams/MeetingUses";
import { TeamNav } from "~/components/teams/TeamNav";
import { TeamRecap } from "~/components/teams/TeamRecap";
import { TeamCardScope } from "~/components/teams/team-card-scope";
import { config } from "~/config.server";
import { ownerHasPremium } from "~/domain/generation/directed-access.server";
import { LIMITS } from "~/domain/limits/rules";
import {
  askableQuestions,
  getMeeting,
  readyQuestion,
  recordMeetingUse,
  startTeamRound,
} from "~/domain/teams/meetings.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { livePaths } from "~/shared/live";
import { formatInZone } from "~/shared/series";
import { teamRoleCan } from "~/shared/teams";
import { formBody, statusOf } from "~/web/http.server";
import { overLimit } from "~/web/limits.server";
import { hostCookie } from "~/web/live.server";
import { requireTeamPage } from "~/web/teams.server";
import type { Route } from "./+types/meeting";

export { privatePageHeaders as headers } from "~/web/private-page.server";

/** The questions drawn for the meeting so far travel in the address (`?q=id,id`), the ready one first. */
const MAX_ON_TABLE = 10;
const onTableOf = (url: URL) => (url.searchParams.get("q") ?? "").split(",").filter(isUuid).slice(0, MAX_ON_TABLE);
const unique = (ids: string[]) => [...new Set(ids)];

async function meetingOf(teamId: string, meetingId: string | undefined) {
  if (!isUuid(meetingId)) throw new Response("This meeting does not exist in this team", { status: 404 });
  const { db } = await database();
  const found = await getMeeting(db, teamId, meetingId);
  if (!found.ok) throw new Response(found.error.message, { status: statusOf(found.error) });
  return { db, meeting: found.meeting };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireTeamPage(request, params.teamId, "view");
  const { db, meeting } = await meetingOf(access.teamId, params.meetingId);
  const canRun = teamRoleCan(access.role, "run-meetings");
  const url = new URL(request.url);
  const onTable = onTableOf(url);
  const usedIds = unique(meeting.uses.map((use) => use.questionId));
  // "Another question", or a meeting opened with nothing on its table: the ladder, skipping what is on it.
  if (canRun && (url.searchParams.has("another") || (onTable.length === 0 && usedIds.length === 0))) {
    const drawn = await readyQuestion(db, access.teamId, meeting.series, [...onTable, ...usedIds]);
    if (drawn && onTable.length < MAX_ON_TABLE) {
      url.searchParams.delete("another");
      url.searchParams.set("q", unique([...onTable, drawn.id]).join(","));
      throw redirect(`${url.pathname}?${url.searchParams}`);
    }
  }
  const questions = await askableQuestions(db, access.teamId, canRun ? unique([...onTable, ...usedIds]) : usedIds);
  const another = new URLSearchParams({ q: onTable.join(","), another: "1" });
  // A Premium owner gives every member the AI studio for the team's meetings.
  const studio = (await ownerHasPremium(db, access.teamId)) ? `/studio?team=${access.teamId}` : null;
  return { access, meeting, questions, usedIds, canRun, anotherHref: `?${another}`, studio };
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
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <TeamNav teamId={access.teamId} teamName={access.teamName} role={access.role} current="overview" />
      <h2 className="font-serif text-2xl font-semibold text-ink">
        {meeting.seriesId ? (
          <Link to={`/teams/${access.teamId}/series/${meeting.seriesId}`} className="hover:underline">
            {meeting.seriesName}
          </Link>
        ) : (
          "Meeting"
        )}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        <time dateTime={meeting.heldAt}>{formatInZone(meeting.heldAt, access.timeZone)}</time>
        {meeting.hostName ? ` · hosted by ${meeting.hostId === access.userId ? "you" : meeting.hostName}` : ""}
      </p>
      {studio && (
        <p className="mt-2 text-sm">
          <Link to={studio} className="font-semibold text-brand-800 underline">
            Direct the AI for this meeting
          </Link>
        </p>
      )}
      {actionData?.error && (
        <p role="alert" className="mt-3 text-sm font-medium text-accent-600">
          {actionData.error}
        </p>
      )}
      {meeting.round?.open && (
        <p className="mt-4 rounded-2xl bg-brand-50 px-4 py-3 text-ink">
          The team round is open: join at{" "}
          <Link to={livePaths.participant(meeting.round.code)} className="font-semibold underline">
            {livePaths.participant(meeting.round.code)}
          </Link>
          {canRun && (
            <>
              {" · "}
              <Link to={livePaths.host(meeting.round.code)} className="font-semibold underline">
                the room's screen
              </Link>
            </>
          )}
        </p>
      )}
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
    </main>
  );
}
