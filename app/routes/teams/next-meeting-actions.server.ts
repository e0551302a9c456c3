import { data, redirect } from "react-router";
import type { TeamAccess } from "~/domain/teams/access.server";
import { startMeeting } from "~/domain/teams/meetings.server";
import { drawAnother } from "~/domain/teams/prepared-questions.server";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { domainPageError, statusOf } from "~/web/http.server";

/** The forms of a series' next meeting, on the team page and the series page; both need 'run-meetings'. */
export const isNextMeetingIntent = (intent: string) => intent === "start" || intent === "draw";

export type NextMeetingAnswer = { error: string | null; seriesId?: string };

/**
 * "Start this meeting" (the meeting takes the question prepared for it; the
 * page it opens shows it first) and "Draw another question" (in place of the
 * one the page showed). The series is the form's, or the page's on a series
 * page; a series of another team is not found.
 */
export async function nextMeetingAction(access: TeamAccess, intent: string, form: FormData, pageSeriesId?: string) {
  const seriesId = pageSeriesId ?? String(form.get("seriesId") ?? "");
  const { db } = await database();
  if (intent === "draw") {
    if (!isUuid(seriesId)) return data<NextMeetingAnswer>({ error: "seriesId must be a series id" }, { status: 400 });
    const shown = String(form.get("questionId") ?? "");
    const drawn = await drawAnother(db, access, seriesId, isUuid(shown) ? shown : null);
    if (!drawn.ok && drawn.error.kind === "not-found") throw domainPageError(drawn.error);
    if (!drawn.ok) return data<NextMeetingAnswer>({ error: drawn.error.message, seriesId }, statusOf(drawn.error));
    return data<NextMeetingAnswer>({ error: null, seriesId });
  }
  const started = await startMeeting(db, access, isUuid(seriesId) ? seriesId : null);
  if (!started.ok) throw domainPageError(started.error);
  // A series' meeting opens with its prepared question; one on its own, with the question its card showed.
  const shown = String(form.get("questionId") ?? "");
  const firstId = started.questionId ?? (isUuid(shown) ? shown : null);
  const first = firstId ? `?q=${firstId}` : "";
  return redirect(`/teams/${access.teamId}/meetings/${started.meetingId}${first}`);
}
