import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import {
  meetingSeries,
  questions,
  teamHiddenQuestions,
  teamMeetings,
  teamQuestionDraws,
  teamQuestionUses,
  users,
} from "~/db/schema";
import { TEAM_DRAWN, type TeamHistoryHow, type TeamUse } from "~/shared/team-question-schemas";
import { failure, type Outcome } from "../errors";
import { pageWithin } from "../paging";
import { visibleToTeam } from "./visibility.server";

/** Whether the team may see and use this question (published, or one of its own). */
export async function teamCanUse(db: Database, teamId: string, questionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), visibleToTeam(teamId)));
  return !!row;
}

/**
 * Remembers that questions were used in one of the team's meetings (one
 * row each, in one statement): from now on the ladder serves the team a
 * fitting unused question first, whoever hosts.
 */
export async function recordTeamUse(
  db: Database,
  use: {
    teamId: string;
    questionId: string | readonly string[];
    how: TeamUse;
    usedBy: string | null;
    meetingId?: string | null;
    seriesId?: string | null;
    at?: Date;
  },
): Promise<void> {
  const questionIds = typeof use.questionId === "string" ? [use.questionId] : use.questionId;
  if (questionIds.length === 0) return;
  const usedAt = use.at ?? new Date();
  await db.insert(teamQuestionUses).values(
    questionIds.map((questionId) => ({
      teamId: use.teamId,
      questionId,
      how: use.how,
      usedBy: use.usedBy,
      meetingId: use.meetingId ?? null,
      seriesId: use.seriesId ?? null,
      usedAt,
    })),
  );
}

/**
 * A host marks a question as used ("Mark as asked", or presented): the
 * question must be one the team may use, and a named meeting one of the
 * team's own (its series is remembered with it).
 */
export async function markTeamUse(
  db: Database,
  use: { teamId: string; questionId: string; how: TeamUse; usedBy: string; meetingId?: string | null },
): Promise<Outcome> {
  if (!(await teamCanUse(db, use.teamId, use.questionId))) return failure("QUESTION_NOT_FOUND");
  let seriesId: string | null = null;
  if (use.meetingId) {
    const [meeting] = await db
      .select({ seriesId: teamMeetings.seriesId })
      .from(teamMeetings)
      .where(and(eq(teamMeetings.id, use.meetingId), eq(teamMeetings.teamId, use.teamId)));
    if (!meeting) return failure("MEETING_NOT_FOUND");
    seriesId = meeting.seriesId;
  }
  await recordTeamUse(db, { ...use, seriesId });
  return { ok: true };
}

/** "Not for this team": never served to the team again, whoever hosts. Setting it twice is the same as once. */
export async function hideForTeam(
  db: Database,
  teamId: string,
  questionId: string,
  hiddenBy: string,
): Promise<Outcome> {
  if (!(await teamCanUse(db, teamId, questionId))) return failure("QUESTION_NOT_FOUND");
  await db.insert(teamHiddenQuestions).values({ teamId, questionId, hiddenBy }).onConflictDoNothing();
  return { ok: true };
}

/** Takes back "not for this team": the ladder may serve it to the team again. */
export async function unhideForTeam(db: Database, teamId: string, questionId: string): Promise<void> {
  await db
    .delete(teamHiddenQuestions)
    .where(and(eq(teamHiddenQuestions.teamId, teamId), eq(teamHiddenQuestions.questionId, questionId)));
}

export const HISTORY_PAGE_SIZE = 25;

export type TeamHistoryEntry = {
  id: string;
  questionId: string;
  question: string;
  /** How it was used, or "drawn": a host drew it for a series' next meeting. */
  how: TeamHistoryHow;
  usedAt: string;
  /** Who used it, or drew it. */
  usedBy: string | null;
  seriesId: string | null;
  seriesName: string | null;
  meetingId: string | null;
};

/**
 * What the team asked, and which questions its hosts drew for a series'
 * next meeting, newest first, a page at a time: when, how, by whom and in
 * which series.
 */
export async function teamHistory(
  db: Database,
  teamId: string,
  page = 1,
  pageSize = HISTORY_PAGE_SIZE,
): Promise<{ entries: TeamHistoryEntry[]; total: number; page: number; pages: number }> {
  const ofTeam = eq(teamQuestionUses.teamId, teamId);
  const drawnForTeam = eq(teamQuestionDraws.teamId, teamId);
  const [[{ uses = 0 } = {}], [{ draws = 0 } = {}]] = await Promise.all([
    db.select({ uses: count() }).from(teamQuestionUses).where(ofTeam),
    db.select({ draws: count() }).from(teamQuestionDraws).where(drawnForTeam),
  ]);
  const total = uses + draws;
  const { page: current, pageCount: pages } = pageWithin(page, total, pageSize);
  const used = db
    .select({
      id: teamQuestionUses.id,
      questionId: teamQuestionUses.questionId,
      question: questions.text,
      how: teamQuestionUses.how,
      usedAt: teamQuestionUses.usedAt,
      usedBy: users.name,
      seriesId: teamQuestionUses.seriesId,
      seriesName: meetingSeries.name,
      meetingId: teamQuestionUses.meetingId,
    })
    .from(teamQuestionUses)
    .innerJoin(questions, eq(questions.id, teamQuestionUses.questionId))
    .leftJoin(users, eq(users.id, teamQuestionUses.usedBy))
    .leftJoin(meetingSeries, eq(meetingSeries.id, teamQuestionUses.seriesId))
    .where(ofTeam);
  const drawn = db
    .select({
      id: teamQuestionDraws.id,
      questionId: teamQuestionDraws.questionId,
      question: questions.text,
      how: sql<string>`${TEAM_DRAWN}`,
      usedAt: teamQuestionDraws.drawnAt,
      usedBy: users.name,
      seriesId: teamQuestionDraws.seriesId,
      seriesName: meetingSeries.name,
      meetingId: sql<string | null>`null::uuid`,
    })
    .from(teamQuestionDraws)
    .innerJoin(questions, eq(questions.id, teamQuestionDraws.questionId))
    .leftJoin(users, eq(users.id, teamQuestionDraws.drawnBy))
    .leftJoin(meetingSeries, eq(meetingSeries.id, teamQuestionDraws.seriesId))
    .where(drawnForTeam);
  // A union is ordered by its own columns, named as in its first part.
  const rows = await used
    .unionAll(drawn)
    .orderBy(desc(sql.identifier("used_at")), desc(sql.identifier("id")))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return {
    entries: rows.map((row) => ({
      ...row,
      how: row.how as TeamHistoryHow,
      usedAt: new Date(row.usedAt).toISOString(),
    })),
    total,
    page: current,
    pages,
  };
}
