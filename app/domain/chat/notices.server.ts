import { and, desc, eq, isNotNull, like } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import {
  chatInstallations,
  chatNotices,
  chatReminderOptIns,
  meetingSeries,
  questions,
  teamMeetings,
  teams,
} from "~/db/schema";
import { localDayOf, upcomingMeetings, weekdayIn, zoneWords } from "~/shared/cadence";
import type { ChatPlatformName } from "~/shared/chat";
import { livePaths } from "~/shared/live";
import {
  isWeekday,
  nextQuestionOfDay,
  nextReminder,
  type QuestionOfDayTime,
  questionOfDayInstant,
  type ReminderTime,
} from "~/shared/notices";
import { formatInZone } from "~/shared/series";
import { dropWaitingJobs, type JobSender } from "../jobs/queue.server";
import { type Choice, pickForChoice } from "../questions/library-pick.server";
import { getMeeting } from "../teams/meetings.server";
import { getSeries, type Series } from "../teams/series.server";
import { type ChatInstallation, teamInstallation } from "./installations.server";
import type { ChatNotice, ChatPoster } from "./round-posts.server";
import type { TokenSeal } from "./sealing.server";

/**
 * What a team's chat is told on a schedule: one reminder before each
 * meeting of a series that asks for it (to the channel, and by direct
 * message to the people who opted in), and on weekdays the question of
 * the day. Each is a job due at its time on the team's clock that queues
 * the next one (a chain, like a round opened ahead), and each post is a
 * chat_notices row keyed by what it is, written before the platform is
 * called and given its id after: a retried or doubled job never posts twice.
 */

export type NoticeDeps = {
  db: Database;
  seal: TokenSeal;
  posters: Partial<Record<ChatPlatformName, ChatPoster>>;
  /** The app's address, for the notice's link. */
  publicUrl: string;
};

/** The question a chat asks without a series to say which: a quick, playful check-in. */
export const CHAT_CHOICE: Choice = {
  meetingContext: "check-in",
  questionStyle: "playful",
  engagementLevel: "quick",
  categorySlug: null,
};

/** The notice with this key posted once: the row is claimed first, and a row with the platform's id is not posted again. */
async function postOnce(
  db: Database,
  installation: ChatInstallation,
  target: string,
  key: string,
  post: () => Promise<string>,
  questionId: string | null = null,
): Promise<boolean> {
  await db
    .insert(chatNotices)
    .values({ teamId: installation.teamId, platform: installation.platform, key, target, questionId })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: chatNotices.id, messageId: chatNotices.messageId })
    .from(chatNotices)
    .where(
      and(
        eq(chatNotices.teamId, installation.teamId),
        eq(chatNotices.platform, installation.platform),
        eq(chatNotices.key, key),
      ),
    );
  if (!row) throw new Error("chat notice vanished");
  if (row.messageId) return false;
  const messageId = await post();
  await db.update(chatNotices).set({ messageId }).where(eq(chatNotices.id, row.id));
  return true;
}

const REMINDER_JOB = "chat.reminder" as const;
const QUESTION_JOB = "chat.question-of-day" as const;

async function seriesWithTeam(db: Database, seriesId: string) {
  const [team] = await db
    .select({ teamId: teams.id, timeZone: teams.timeZone })
    .from(meetingSeries)
    .innerJoin(teams, eq(teams.id, meetingSeries.teamId))
    .where(eq(meetingSeries.id, seriesId));
  if (!team) return null;
  const found = await getSeries(db, team.teamId, seriesId);
  return found.ok ? { ...team, series: found.series } : null;
}

async function queueReminder(
  db: Database,
  jobs: JobSender,
  series: Pick<Series, "id" | "cadence" | "timeOfDay" | "reminder">,
  timeZone: string,
  after: Date,
  { replace }: { replace: boolean },
): Promise<ReminderTime | null> {
  const next = nextReminder(series, timeZone, after);
  await db.transaction(async (tx) => {
    // A running reminder finishes: its meeting check stops a stale one.
    if (replace) await dropWaitingJobs(tx, REMINDER_JOB, "seriesId", series.id);
    if (next)
      await jobs.send(tx, REMINDER_JOB, [{ seriesId: series.id, meetingAt: next.meetingAt.toISOString() }], {
        startAfter: next.remindAt,
        singletonKey: `${series.id}@${next.meetingAt.toISOString()}`,
      });
  });
  return next;
}

/**
 * Queues the reminder of the series' first meeting after `after` (none when
 * it sends none), dropping its waiting ones first: a series moved or told
 * otherwise reminds by its new rule only. A time already past is due at once.
 */
export async function scheduleReminder(
  db: Database,
  jobs: JobSender,
  seriesId: string,
  after = new Date(),
): Promise<ReminderTime | null> {
  const found = await seriesWithTeam(db, seriesId);
  if (!found) return null;
  return queueReminder(db, jobs, found.series, found.timeZone, after, { replace: true });
}

/** The reminder's words and link: the meeting's name and time, and whether its round takes answers and from how many. */
async function reminderNotice(
  db: Database,
  publicUrl: string,
  team: { teamId: string; timeZone: string },
  series: Series,
  meetingAt: Date,
): Promise<ChatNotice> {
  const when = `${formatInZone(meetingAt, team.timeZone)} ${zoneWords(team.timeZone)}`;
  const [opened] = await db
    .select({ id: teamMeetings.id })
    .from(teamMeetings)
    .where(
      and(
        eq(teamMeetings.seriesId, series.id),
        eq(teamMeetings.heldAt, meetingAt),
        isNotNull(teamMeetings.answersOpenAt),
      ),
    );
  const meeting = opened ? await getMeeting(db, team.teamId, opened.id) : null;
  const round = meeting?.ok ? meeting.meeting.round : null;
  const base = publicUrl.replace(/\/+$/, "");
  if (round?.open) {
    const people = round.answered === 1 ? "1 person has" : `${round.answered} people have`;
    return {
      text: `Reminder: ${series.name}, ${when}. Answers are open: ${people} answered so far.`,
      link: { label: "Answer now", url: `${base}${livePaths.participant(round.code)}` },
    };
  }
  const page = opened ? `/teams/${team.teamId}/meetings/${opened.id}` : `/teams/${team.teamId}/series/${series.id}`;
  return { text: `Reminder: ${series.name}, ${when}.`, link: { label: "See the meeting", url: `${base}${page}` } };
}

export type ReminderOutcome = { sent: number } | { sent: 0; why: "series-gone" | "no-reminder" | "moved" | "past" };

/**
 * The `chat.reminder` job: reminds the team's channel of the meeting (and
 * each person who opted in, by direct message where the platform has
 * them) if the series still meets then and still reminds, and queues the
 * next meeting's reminder. Safe to run twice: each post's row is claimed
 * before the platform is called.
 */
export async function sendReminder(
  { db, seal, posters, publicUrl }: NoticeDeps,
  jobs: JobSender,
  payload: { seriesId: string; meetingAt: string },
  now = new Date(),
): Promise<ReminderOutcome> {
  const found = await seriesWithTeam(db, payload.seriesId);
  if (!found) return { sent: 0, why: "series-gone" };
  const { series, timeZone } = found;
  if (series.reminder === "no") return { sent: 0, why: "no-reminder" };
  const meetingAt = new Date(payload.meetingAt);
  // A series moved since this was queued: its save queued the reminder by its new time.
  const [planned] = upcomingMeetings(series.cadence, series.timeOfDay, timeZone, new Date(meetingAt.getTime() - 1), 1);
  if (planned?.at.getTime() !== meetingAt.getTime()) return { sent: 0, why: "moved" };
  await queueReminder(db, jobs, series, timeZone, meetingAt, { replace: false });
  // Late (the servers were down past the meeting): a reminder of it would only confuse.
  if (meetingAt <= now) return { sent: 0, why: "past" };
  const notice = await reminderNotice(db, publicUrl, found, series, meetingAt);
  const key = `reminder:${series.id}@${payload.meetingAt}`;
  let sent = 0;
  for (const [platform, poster] of Object.entries(posters) as [ChatPlatformName, ChatPoster][]) {
    const installation = await teamInstallation(db, seal, found.teamId, platform);
    if (!installation) continue;
    const channelId = installation.channelId;
    if (
      channelId &&
      (await postOnce(db, installation, channelId, key, () => poster.postNotice(installation, channelId, notice)))
    )
      sent++;
    const direct = poster.postDirect?.bind(poster);
    if (!direct) continue;
    for (const userId of await optedIn(db, installation)) {
      if (await postOnce(db, installation, userId, `${key}:${userId}`, () => direct(installation, userId, notice)))
        sent++;
    }
  }
  return { sent };
}

/** The people of the installation's workspace who asked for the team's reminders by direct message. */
async function optedIn(db: Database, installation: ChatInstallation): Promise<string[]> {
  const rows = await db
    .select({ userId: chatReminderOptIns.userId })
    .from(chatReminderOptIns)
    .where(
      and(
        eq(chatReminderOptIns.teamId, installation.teamId),
        eq(chatReminderOptIns.platform, installation.platform),
        eq(chatReminderOptIns.workspaceId, installation.workspaceId),
      ),
    );
  return rows.map((row) => row.userId);
}

/**
 * A chat user asks for the reminders of the team their workspace is
 * connected to by direct message, or asks to stop: answers the team and
 * whether they now get them; null for a workspace connected to no team.
 */
export async function toggleReminderOptIn(
  db: Database,
  who: { platform: ChatPlatformName; workspaceId: string; userId: string },
): Promise<{ teamName: string; on: boolean } | null> {
  // A payload names its workspace, never a team: the team it was connected to last, as workspaceInstallation reads it.
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(chatInstallations)
    .innerJoin(teams, eq(teams.id, chatInstallations.teamId))
    .where(and(eq(chatInstallations.platform, who.platform), eq(chatInstallations.workspaceId, who.workspaceId)))
    .orderBy(desc(chatInstallations.updatedAt))
    .limit(1);
  if (!team) return null;
  const row = { ...who, teamId: team.id };
  const match = and(
    eq(chatReminderOptIns.platform, row.platform),
    eq(chatReminderOptIns.workspaceId, row.workspaceId),
    eq(chatReminderOptIns.userId, row.userId),
    eq(chatReminderOptIns.teamId, row.teamId),
  );
  const on = await db.transaction(async (tx) => {
    const removed = await tx.delete(chatReminderOptIns).where(match).returning({ userId: chatReminderOptIns.userId });
    if (removed.length > 0) return false;
    await tx.insert(chatReminderOptIns).values(row).onConflictDoNothing();
    return true;
  });
  return { teamName: team.name, on };
}

/** The team's question of the day: its time on the team's clock, or null when it is off. */
export async function questionOfDaySetting(db: Database, teamId: string): Promise<string | null> {
  const [row] = await db.select({ at: teams.questionOfDayAt }).from(teams).where(eq(teams.id, teamId));
  return row?.at ?? null;
}

/**
 * Turns the question of the day on at `at` (HH:MM on the team's clock) or
 * off (null), and queues its next one by the new setting, dropping any
 * queued by the old one, in one transaction.
 */
export async function setQuestionOfDay(
  db: Database,
  jobs: JobSender,
  teamId: string,
  at: string | null,
  now = new Date(),
): Promise<QuestionOfDayTime | null> {
  await db.update(teams).set({ questionOfDayAt: at, updatedAt: now }).where(eq(teams.id, teamId));
  return scheduleQuestionOfDay(db, jobs, teamId, now);
}

/** Queues the team's next question of the day (none when it is off), replacing any queued: after a change of its time or the team's zone. */
export async function scheduleQuestionOfDay(
  db: Database,
  jobs: JobSender,
  teamId: string,
  after = new Date(),
): Promise<QuestionOfDayTime | null> {
  const [team] = await db
    .select({ timeZone: teams.timeZone, at: teams.questionOfDayAt })
    .from(teams)
    .where(eq(teams.id, teamId));
  const next = team?.at ? nextQuestionOfDay(team.at, team.timeZone, after) : null;
  await db.transaction(async (tx) => {
    await dropWaitingJobs(tx, QUESTION_JOB, "teamId", teamId);
    if (next) await queueQuestionOfDay(tx, jobs, teamId, next);
  });
  return next;
}

function queueQuestionOfDay(db: Database, jobs: JobSender, teamId: string, next: QuestionOfDayTime) {
  return jobs.send(db, QUESTION_JOB, [{ teamId, day: next.day }], {
    startAfter: next.at,
    singletonKey: `${teamId}@${next.day}`,
  });
}

/** How many of the team's latest questions of the day a new one must differ from. */
const RECENT_QUESTIONS = 5;

/**
 * The question a day's notice asks: the one already claimed for that day
 * (a retried job asks the same), else one from the library by the
 * generator's ladder that the team has not had among its last few.
 */
async function questionFor(
  db: Database,
  teamId: string,
  day: string,
  weekday: ReturnType<typeof weekdayIn>,
): Promise<{ id: string; text: string } | null> {
  const [claimed] = await db
    .select({ id: questions.id, text: questions.text })
    .from(chatNotices)
    .innerJoin(questions, eq(questions.id, chatNotices.questionId))
    .where(and(eq(chatNotices.teamId, teamId), eq(chatNotices.key, `qotd:${day}`)))
    .limit(1);
  if (claimed) return claimed;
  const recent = await db
    .select({ id: chatNotices.questionId })
    .from(chatNotices)
    .where(and(eq(chatNotices.teamId, teamId), like(chatNotices.key, "qotd:%"), isNotNull(chatNotices.questionId)))
    .orderBy(desc(chatNotices.createdAt))
    .limit(RECENT_QUESTIONS);
  const seen = recent.flatMap((row) => (row.id ? [row.id] : []));
  const pick = await pickForChoice(db, CHAT_CHOICE, seen, null, teamId, "none", weekday);
  return pick ? { id: pick.question.id, text: pick.question.question } : null;
}

export type QuestionOfDayOutcome = { sent: number } | { sent: 0; why: "off" | "weekend" | "late" | "no-question" };

/**
 * The `chat.question-of-day` job: on a weekday of the team's calendar, a
 * question from the library (never one of its last few) to the team's
 * channel, with a link to start a round with it; then the next weekday's
 * is queued. A day already over on the team's clock is skipped (the
 * servers were down). Safe to run twice: one post per team and day.
 */
export async function sendQuestionOfDay(
  { db, seal, posters, publicUrl }: NoticeDeps,
  jobs: JobSender,
  payload: { teamId: string; day: string },
  now = new Date(),
): Promise<QuestionOfDayOutcome> {
  const [team] = await db
    .select({ timeZone: teams.timeZone, at: teams.questionOfDayAt })
    .from(teams)
    .where(eq(teams.id, payload.teamId));
  if (!team?.at) return { sent: 0, why: "off" };
  const dayAt = questionOfDayInstant(payload.day, team.at, team.timeZone) ?? now;
  await queueQuestionOfDay(
    db,
    jobs,
    payload.teamId,
    nextQuestionOfDay(team.at, team.timeZone, dayAt > now ? dayAt : now),
  );
  if (!isWeekday(payload.day)) return { sent: 0, why: "weekend" };
  if (payload.day < localDayOf(now, team.timeZone)) return { sent: 0, why: "late" };
  let sent = 0;
  for (const [platform, poster] of Object.entries(posters) as [ChatPlatformName, ChatPoster][]) {
    const installation = await teamInstallation(db, seal, payload.teamId, platform);
    const channelId = installation?.channelId;
    if (!installation || !channelId) continue;
    const question = await questionFor(db, payload.teamId, payload.day, weekdayIn(dayAt, team.timeZone));
    if (!question) return { sent: 0, why: "no-question" };
    const notice: ChatNotice = {
      text: `Question of the day: ${question.text}`,
      link: { label: "Start a round", url: `${publicUrl.replace(/\/+$/, "")}/q/${question.id}` },
    };
    const key = `qotd:${payload.day}`;
    if (
      await postOnce(
        db,
        installation,
        channelId,
        key,
        () => poster.postNotice(installation, channelId, notice),
        question.id,
      )
    )
      sent++;
  }
  return { sent };
}
