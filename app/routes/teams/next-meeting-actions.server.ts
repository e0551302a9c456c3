import { type AppLoadContext, data, redirect } from "react-router";
import { isUuid } from "~/shared/ids";
import { drawAnotherQuestion, startSeriesMeeting } from "~/use-cases/teams/meetings.server";
import { runForPage } from "~/web/adapters/page.server";
import { domainPageError } from "~/web/http.server";

/** The forms of a series' next meeting, on the team page and the series page; both need 'run-meetings'. */
export const isNextMeetingIntent = (intent: string) => intent === "start" || intent === "draw";

export type NextMeetingAnswer = { error: string | null; seriesId?: string };

type Page = { request: Request; context: AppLoadContext; params: { teamId: string } };

/**
 * "Start this meeting" (the meeting takes the question prepared for it; the
 * page it opens shows it first) and "Draw another question" (in place of the
 * one the page showed). The series is the form's, or the page's on a series
 * page; a series of another team is the page's 404.
 */
export async function nextMeetingAction(page: Page, intent: string, form: FormData, pageSeriesId?: string) {
  const teamId = page.params.teamId;
  const seriesId = pageSeriesId ?? String(form.get("seriesId") ?? "");
  const shown = String(form.get("questionId") ?? "");
  if (intent === "draw") {
    const drawn = await runForPage(drawAnotherQuestion, page, { teamId, seriesId, questionId: shown }, teamId);
    if (!drawn.ok && drawn.error.kind === "not-found") throw domainPageError(drawn.error);
    if (!drawn.ok) return data<NextMeetingAnswer>({ error: drawn.message, seriesId }, drawn.status);
    return data<NextMeetingAnswer>({ error: null, seriesId });
  }
  const started = await runForPage(startSeriesMeeting, page, { teamId, seriesId }, teamId);
  if (!started.ok) throw domainPageError(started.error);
  // A series' meeting opens with its prepared question; one on its own, with the question its card showed.
  const firstId = started.value.questionId ?? (isUuid(shown) ? shown : null);
  const first = firstId ? `?q=${firstId}` : "";
  return redirect(`/teams/${teamId}/meetings/${started.value.meetingId}${first}`);
}
