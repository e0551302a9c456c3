import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveAnswers, liveRoundQuestions, liveRounds, teamMeetings } from "~/db/schema";
import type { AnswerMode } from "~/shared/live";
import { pulseResults, resultsOf } from "~/shared/live-view";
import { isPulseQuestion } from "~/shared/series";
import type { TeamRoundRecap } from "~/shared/team-meetings";

/**
 * Keeps a team round's recap in its meeting once the round has ended: the
 * questions with their counts and visible free-text answers, never a name,
 * and the pulse scale's counts summed. Written once (the first caller wins:
 * the host ending it, the meeting page finding it closed, or housekeeping
 * before it deletes the round), so every server may call it.
 */
export async function keepTeamRecap(db: Database, roundId: string): Promise<boolean> {
  const [meeting] = await db
    .select({ id: teamMeetings.id })
    .from(teamMeetings)
    .where(and(eq(teamMeetings.liveRoundId, roundId), isNull(teamMeetings.recap)));
  if (!meeting) return false;
  const [round] = await db.select().from(liveRounds).where(eq(liveRounds.id, roundId));
  if (!round) return false;
  const questions = await db
    .select()
    .from(liveRoundQuestions)
    .where(eq(liveRoundQuestions.roundId, roundId))
    .orderBy(asc(liveRoundQuestions.position));
  const answers = await db
    .select({
      position: liveAnswers.position,
      kind: liveAnswers.kind,
      text: liveAnswers.text,
      choice: liveAnswers.choice,
      hidden: liveAnswers.hidden,
    })
    .from(liveAnswers)
    .where(eq(liveAnswers.roundId, roundId))
    .orderBy(asc(liveAnswers.createdAt), asc(liveAnswers.id));
  let pulseCounts: number[] | null = null;
  const recap: TeamRoundRecap = {
    endedAt: (round.endedAt ?? round.closesAt).toISOString(),
    participantCount: round.participantCount,
    anonymous: round.anonymous,
    questions: questions.map((question) => {
      const mode = question.mode as AnswerMode;
      const own = answers
        .filter((answer) => answer.position === question.position)
        .map((answer) => ({ ...answer, kind: answer.kind === "pass" ? ("pass" as const) : ("answer" as const) }));
      const results = resultsOf({ position: question.position, mode, options: question.options }, own);
      const pulse = isPulseQuestion(question);
      if (pulse) pulseCounts = results.tally;
      const shownTally = pulse ? pulseResults(results).tally : results.tally;
      return {
        text: question.text,
        mode,
        options: question.options,
        pulse,
        answeredCount: results.answered,
        passedCount: results.passed,
        tally: shownTally,
        words: results.words,
        answers:
          mode === "text" && !pulse
            ? own.filter((a) => a.kind === "answer" && !a.hidden && a.text).map((a) => a.text ?? "")
            : [],
      };
    }),
  };
  const kept = await db
    .update(teamMeetings)
    .set({ recap, pulseCounts })
    .where(and(eq(teamMeetings.id, meeting.id), isNull(teamMeetings.recap)))
    .returning({ id: teamMeetings.id });
  return kept.length > 0;
}

/** Keeps the recap of every team round about to be deleted by housekeeping that has not had it kept yet. */
export async function keepExpiringTeamRecaps(db: Database): Promise<void> {
  const unkept = await db
    .select({ roundId: liveRounds.id })
    .from(teamMeetings)
    .innerJoin(liveRounds, eq(liveRounds.id, teamMeetings.liveRoundId))
    .where(and(isNull(teamMeetings.recap), sql`${liveRounds.expiresAt} <= now()`));
  for (const { roundId } of unkept) await keepTeamRecap(db, roundId);
}
