import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import {
  liveAnswers,
  liveRounds,
  meetingSeries,
  profiles,
  questions,
  teamMeetings,
  teamMembers,
  teamQuestionUses,
  users,
} from "~/db/schema";
import { weekdayIn } from "~/shared/cadence";
import { LIVE_QUESTIONS_MAX, type LiveSettings } from "~/shared/live";
import type { MeetingUseHow, TeamRoundRecap } from "~/shared/team-meetings";
import { queueRoundPost } from "../chat/round-posts.server";
import { failure, type Outcome } from "../errors";
import type { JobSender } from "../jobs/queue.server";
import { isPulseAt } from "../live/round-writes.server";
import { createRound, roundStatus } from "../live/rounds.server";
import type { TeamAccess } from "./access.server";
import { recordTeamUse } from "./memory.server";
import { askableQuestions, preparedQuestion, takePrepared } from "./prepared-questions.server";
import { pulseOpening } from "./pulse.server";
import { keepTeamRecap } from "./recaps.server";
import { getSeries, personName, type Series } from "./series.server";
import { askableByTeam } from "./visibility.server";

export type MeetingSummary = {
  id: string;
  heldAt: string;
  seriesId: string | null;
  seriesName: string | null;
  hostName: string | null;
};

export type MeetingUse = { questionId: string; text: string; how: MeetingUseHow; usedAt: string };

export type Meeting = MeetingSummary & {
  hostId: string | null;
  /** The question prepared for it (taken from its series when it started): first on its table and in its round. */
  questionId: string | null;
  series: Series | null;
  /**
   * The live round while it exists: its code, whether it still takes
   * answers, and how many people have answered (its pulse not counted).
   */
  round: { code: string; open: boolean; answered: number } | null;
  /** When its round opened for answers ahead of the meeting (ISO); null when it was started in the meeting. */
  answersOpenAt: string | null;
  recap: TeamRoundRecap | null;
  uses: MeetingUse[];
};

const summaryColumns = {
  id: teamMeetings.id,
  heldAt: teamMeetings.heldAt,
  seriesId: teamMeetings.seriesId,
  seriesName: meetingSeries.name,
  hostId: teamMeetings.hostId,
  hostName: sql<string | null>`${personName}`,
};

/** Meetings with their series' name and their host's; with `full`, also the round and the recap (the large part). */
function summaries(db: Database, full = false) {
  const always = {
    ...summaryColumns,
    liveRoundId: teamMeetings.liveRoundId,
    questionId: teamMeetings.questionId,
    answersOpenAt: teamMeetings.answersOpenAt,
  };
  const columns = full ? { ...always, recap: teamMeetings.recap } : { ...always, recap: sql<null>`null` };
  return db
    .select(columns)
    .from(teamMeetings)
    .leftJoin(meetingSeries, eq(meetingSeries.id, teamMeetings.seriesId))
    .leftJoin(users, eq(users.id, teamMeetings.hostId))
    .leftJoin(profiles, eq(profiles.userId, teamMeetings.hostId));
}

const toSummary = (row: {
  id: string;
  heldAt: Date;
  seriesId: string | null;
  seriesName: string | null;
  hostName: string | null;
}): MeetingSummary => ({
  id: row.id,
  heldAt: row.heldAt.toISOString(),
  seriesId: row.seriesId,
  seriesName: row.seriesName,
  hostName: row.hostName,
});

/** The team's latest meetings (or one series'), newest first. */
export async function recentMeetings(
  db: Database,
  teamId: string,
  options: { seriesId?: string; limit?: number } = {},
): Promise<MeetingSummary[]> {
  const where = [eq(teamMeetings.teamId, teamId)];
  if (options.seriesId) where.push(eq(teamMeetings.seriesId, options.seriesId));
  const rows = await summaries(db)
    .where(and(...where))
    .orderBy(desc(teamMeetings.heldAt))
    .limit(options.limit ?? 10);
  return rows.map(toSummary);
}

/**
 * Starts a meeting of a series (or on its own): the person starting it
 * hosts it. A series' meeting takes the question prepared for it, which it
 * keeps for its table and its round.
 */
export async function startMeeting(
  db: Database,
  access: TeamAccess,
  seriesId: string | null,
  now = new Date(),
): Promise<Outcome<{ meetingId: string; questionId: string | null }>> {
  if (seriesId) {
    const found = await getSeries(db, access.teamId, seriesId);
    if (!found.ok) return found;
    const ahead = await takeMeetingOpenedAhead(db, access, seriesId, now);
    if (ahead) return { ok: true, ...ahead };
    // Nobody may have looked since the last meeting: then the draw happens now. The meeting is today,
    // on the team's calendar: a question prepared for another weekday that does not fit today is drawn anew.
    await preparedQuestion(db, access.teamId, found.series, weekdayIn(now, access.timeZone));
  }
  const row = await db.transaction(async (tx) => {
    const questionId = seriesId ? await takePrepared(tx, seriesId) : null;
    const [meeting] = await tx
      .insert(teamMeetings)
      .values({ teamId: access.teamId, seriesId, hostId: access.userId, questionId })
      .returning({ id: teamMeetings.id, questionId: teamMeetings.questionId });
    return meeting;
  });
  if (!row) return failure("MEETING_NOT_STARTED");
  return { ok: true, meetingId: row.id, questionId: row.questionId };
}

/** How long after its planned time a meeting opened ahead is still the one "Start this meeting" starts. */
const OPENED_AHEAD_STARTS_WITHIN_MS = 12 * 3_600_000;

/**
 * The series' meeting whose round opened ahead and has not ended, if there
 * is one: starting the meeting is then joining it, and whoever starts it
 * hosts it and its round (by account, like a round started in the meeting).
 */
async function takeMeetingOpenedAhead(
  db: Database,
  access: TeamAccess,
  seriesId: string,
  now: Date,
): Promise<{ meetingId: string; questionId: string | null } | null> {
  const [row] = await db
    .select({ id: teamMeetings.id, questionId: teamMeetings.questionId, roundId: teamMeetings.liveRoundId })
    .from(teamMeetings)
    .where(
      and(
        eq(teamMeetings.teamId, access.teamId),
        eq(teamMeetings.seriesId, seriesId),
        isNotNull(teamMeetings.answersOpenAt),
        isNull(teamMeetings.recap),
        gt(teamMeetings.heldAt, new Date(now.getTime() - OPENED_AHEAD_STARTS_WITHIN_MS)),
      ),
    )
    .orderBy(asc(teamMeetings.heldAt))
    .limit(1);
  if (!row) return null;
  await db.transaction(async (tx) => {
    await tx.update(teamMeetings).set({ hostId: access.userId }).where(eq(teamMeetings.id, row.id));
    if (row.roundId) await tx.update(liveRounds).set({ ownerId: access.userId }).where(eq(liveRounds.id, row.roundId));
  });
  return { meetingId: row.id, questionId: row.questionId };
}

/**
 * How many people have answered the round so far: each counted once
 * however many questions they answered, passes and the pulse not counted
 * (the pulse says nothing about anyone below three answers, and a count
 * of who answered it would).
 */
async function answeredCount(db: Database, roundId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${liveAnswers.participantId})::integer` })
    .from(liveAnswers)
    .where(
      and(
        eq(liveAnswers.roundId, roundId),
        eq(liveAnswers.kind, "answer"),
        sql`not ${isPulseAt(sql`${liveAnswers.roundId}`, sql`${liveAnswers.position}`)}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** One of the team's meetings with what was used in it and its round's recap; another team's is not found. */
export async function getMeeting(
  db: Database,
  teamId: string,
  meetingId: string,
): Promise<Outcome<{ meeting: Meeting }>> {
  const [row] = await summaries(db, true).where(and(eq(teamMeetings.id, meetingId), eq(teamMeetings.teamId, teamId)));
  if (!row) return failure("TEAM_MEETING_NOT_FOUND");
  let recap = row.recap as TeamRoundRecap | null;
  let round: Meeting["round"] = null;
  if (row.liveRoundId) {
    const [live] = await db.select().from(liveRounds).where(eq(liveRounds.id, row.liveRoundId));
    if (live) {
      const open = roundStatus(live) === "open";
      round = { code: live.code, open, answered: await answeredCount(db, live.id) };
      // A round that closed by itself has its recap kept the first time anyone looks.
      if (!open && !recap && (await keepTeamRecap(db, live.id))) {
        const [kept] = await db
          .select({ recap: teamMeetings.recap })
          .from(teamMeetings)
          .where(eq(teamMeetings.id, meetingId));
        recap = (kept?.recap as TeamRoundRecap | null) ?? null;
      }
    }
  }
  const series = row.seriesId ? await getSeries(db, teamId, row.seriesId) : null;
  const uses = await db
    .select({
      questionId: teamQuestionUses.questionId,
      text: questions.text,
      how: teamQuestionUses.how,
      usedAt: teamQuestionUses.usedAt,
    })
    .from(teamQuestionUses)
    .innerJoin(questions, eq(questions.id, teamQuestionUses.questionId))
    .where(and(eq(teamQuestionUses.teamId, teamId), eq(teamQuestionUses.meetingId, meetingId)))
    .orderBy(asc(teamQuestionUses.usedAt));
  return {
    ok: true,
    meeting: {
      ...toSummary(row),
      hostId: row.hostId,
      questionId: row.questionId,
      answersOpenAt: row.answersOpenAt?.toISOString() ?? null,
      series: series?.ok ? series.series : null,
      round,
      recap,
      uses: uses.map((use) => ({ ...use, how: use.how as MeetingUseHow, usedAt: use.usedAt.toISOString() })),
    },
  };
}

/** Remembers that a question was presented or asked in the meeting (once per way), so the team is not served it again. */
export async function recordMeetingUse(
  db: Database,
  access: TeamAccess,
  meetingId: string,
  questionId: string,
  how: MeetingUseHow,
): Promise<Outcome> {
  const found = await getMeeting(db, access.teamId, meetingId);
  if (!found.ok) return found;
  const [question] = await askableQuestions(db, access.teamId, [questionId]);
  if (!question) return failure("QUESTION_NOT_FOR_TEAM");
  if (found.meeting.uses.some((use) => use.questionId === questionId && use.how === how)) return { ok: true };
  await recordTeamUse(db, {
    teamId: access.teamId,
    questionId,
    how,
    usedBy: access.userId,
    meetingId,
    seriesId: found.meeting.seriesId,
  });
  return { ok: true };
}

/** Thrown inside the transaction to undo the round it made when another start took the meeting first. */
class MeetingTaken extends Error {}

/**
 * Starts the meeting's team round: the series' pulse scale first when it
 * has one, then the meeting's questions. The person starting it hosts it
 * (by account, so any of their browsers can run it); each question counts
 * as used by the team. One transaction stores the round, claims the
 * meeting for it with a conditional write (one round per meeting, so its
 * recap is never overwritten: of two starts at once, the second finds the
 * meeting taken and its round is undone), records the uses and, when the
 * team has a chat channel connected, queues the round's post: a round that
 * is undone is never posted, and a posted round always exists.
 */
export async function startTeamRound(
  db: Database,
  access: TeamAccess,
  meetingId: string,
  input: { questionIds: string[]; anonymous: boolean },
  settings: LiveSettings,
  jobs: JobSender,
  options: { ahead?: { meetingAt: Date } } = {},
): Promise<Outcome<{ code: string; hostToken: string; expiresAt: Date }>> {
  const { ahead } = options;
  const found = await getMeeting(db, access.teamId, meetingId);
  if (!found.ok) return found;
  const { meeting } = found;
  const taken = () => failure("MEETING_ROUND_TAKEN");
  if (meeting.round || meeting.recap) return taken();
  // The round opens with the question prepared for the meeting, whatever the form sent first.
  const ids = [...new Set([...(meeting.questionId ? [meeting.questionId] : []), ...input.questionIds])];
  // The pulse takes a place in the round when the series has one.
  const asked = await askableQuestions(db, access.teamId, ids.slice(0, LIVE_QUESTIONS_MAX - 1));
  if (asked.length === 0) return failure("ROUND_NEEDS_QUESTION");
  try {
    return await db.transaction(async (tx) => {
      const created = await createRound(
        tx,
        {
          questionIds: asked.map((q) => q.id),
          // Opened ahead, the meeting's question comes first (people answer it from their phones before the
          // meeting) and the pulse after it, asked in the meeting: it asks how people are now.
          opening: meeting.series?.pulse && !ahead ? pulseOpening : undefined,
          closing: meeting.series?.pulse && ahead ? pulseOpening : undefined,
          openUntil: ahead ? new Date(ahead.meetingAt.getTime() + settings.roundHours * 3_600_000) : undefined,
          anonymous: input.anonymous,
          revealMode: "host",
          ownerId: access.userId,
          askable: askableByTeam(access.teamId),
        },
        settings,
      );
      if (!created.ok) return created;
      const claimed = await tx
        .update(teamMeetings)
        .set({ liveRoundId: created.roundId })
        .where(
          and(
            eq(teamMeetings.id, meetingId),
            eq(teamMeetings.teamId, access.teamId),
            isNull(teamMeetings.liveRoundId),
            isNull(teamMeetings.recap),
          ),
        )
        .returning({ id: teamMeetings.id });
      if (claimed.length === 0) throw new MeetingTaken();
      await recordTeamUse(tx, {
        teamId: access.teamId,
        questionId: asked.map((q) => q.id),
        how: "live",
        usedBy: access.userId,
        meetingId,
        seriesId: meeting.seriesId,
      });
      await queueRoundPost(tx, jobs, access.teamId, created.roundId);
      const { code, hostToken, expiresAt } = created;
      return { ok: true as const, code, hostToken, expiresAt };
    });
  } catch (error) {
    if (error instanceof MeetingTaken) return taken();
    throw error;
  }
}

/**
 * The name a signed-in person joins a team round with: their own, when the
 * round belongs to a team they are in; null for everyone else (guests join
 * by code as always).
 */
export async function teamRoundName(db: Database, code: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: personName })
    .from(liveRounds)
    .innerJoin(teamMeetings, eq(teamMeetings.liveRoundId, liveRounds.id))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teamMeetings.teamId), eq(teamMembers.userId, userId)))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, teamMembers.userId))
    .where(eq(liveRounds.code, code))
    .limit(1);
  return row?.name ?? null;
}
