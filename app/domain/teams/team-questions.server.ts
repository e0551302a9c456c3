import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import type { Submission } from "~/shared/community-schemas";
import type { ServedQuestion } from "~/shared/questions";
import { categoryIndex } from "../categories.server";
import { memberQuestion } from "../community/submissions.server";
import { failure, type Outcome } from "../errors";
import { rowColumns, toServed } from "../questions/cards.server";
import { changeQuestionText, insertQuestion, questionWithText, storedText } from "../questions/question-writes.server";
import { saveToTeam } from "./collection.server";
import { TEAM_OWN_STATUSES } from "./visibility.server";

export type TeamQuestionStatus = (typeof TEAM_OWN_STATUSES)[number] | "published";

export type TeamQuestion = ServedQuestion & { status: TeamQuestionStatus; moderationNote: string | null };

export const SAVED_PUBLISHED_INSTEAD =
  "This question is already in the public library, so it was saved to your team's collection instead.";

/** Whether the team's own questions already say this (other than `exceptId`): only the team's own are compared, never others'. */
async function teamHasText(db: Database, teamId: string, normalizedText: string, exceptId?: string) {
  const scope = and(eq(questions.teamId, teamId), inArray(questions.status, [...TEAM_OWN_STATUSES])) as SQL;
  return Boolean(await questionWithText(db, normalizedText, scope, exceptId));
}

/**
 * The team writes a question of its own: the rules of a member's submission
 * (text, type, style, depth, category), kept private ('team') and served only
 * in the team's meetings. When the text is already published, that question
 * is saved to the team's collection instead (`savedPublished`). Another
 * team's or member's private question may say the same: nobody is told.
 */
export async function writeTeamQuestion(
  db: Database,
  teamId: string,
  authorId: string,
  submission: Submission,
): Promise<Outcome<{ id: string; savedPublished: boolean }>> {
  const checked = storedText(submission.question);
  if (!checked.ok) return checked;
  if (await teamHasText(db, teamId, checked.stored.normalizedText)) return failure("TEAM_ALREADY_HAS_QUESTION");
  const stored = await insertQuestion(db, {
    ...(await memberQuestion(db, authorId, submission)),
    status: "team",
    teamId,
  });
  if (!stored.ok || stored.created) return stored.ok ? { ok: true, id: stored.id, savedPublished: false } : stored;
  const saved = await saveToTeam(db, teamId, stored.id, authorId);
  return saved.ok ? { ok: true, id: stored.id, savedPublished: true } : saved;
}

const ownQuestion = (teamId: string, questionId: string, statuses: readonly string[]) =>
  and(eq(questions.id, questionId), eq(questions.teamId, teamId), inArray(questions.status, [...statuses])) as SQL;

/** Statuses in which the team may still change or delete its question: not while it is being reviewed, not once public. */
const EDITABLE = ["team", "rejected"] as const;

/** Changes the text of the team's private question (one turned down becomes private again, to be resubmitted). */
export async function editTeamQuestion(
  db: Database,
  teamId: string,
  questionId: string,
  newText: string,
): Promise<Outcome> {
  const checked = storedText(newText);
  if (!checked.ok) return checked;
  if (await teamHasText(db, teamId, checked.stored.normalizedText, questionId)) {
    return failure("TEAM_ALREADY_HAS_QUESTION");
  }
  const changed = await changeQuestionText(db, {
    where: ownQuestion(teamId, questionId, EDITABLE),
    text: newText,
    set: { status: "team", moderationNote: null },
  });
  return changed.ok ? { ok: true } : changed;
}

/** Deletes the team's private question for good (its uses and collection entry go with it). */
export async function deleteTeamQuestion(db: Database, teamId: string, questionId: string): Promise<Outcome> {
  const deleted = await db
    .delete(questions)
    .where(ownQuestion(teamId, questionId, EDITABLE))
    .returning({ id: questions.id });
  return deleted.length ? { ok: true } : failure("QUESTION_NOT_FOUND");
}

/**
 * "Submit for review": the question waits for the admins as a member's
 * submission does ('pending', authored by whoever submits it). Meanwhile,
 * and if they turn it down, it stays the team's and is served in its
 * meetings; approved, it is published for everyone.
 */
export async function submitTeamQuestion(
  db: Database,
  teamId: string,
  questionId: string,
  submittedBy: string,
): Promise<Outcome> {
  const updated = await db
    .update(questions)
    .set({ status: "pending", authorId: submittedBy, moderationNote: null, updatedAt: new Date() })
    .where(ownQuestion(teamId, questionId, EDITABLE))
    .returning({ id: questions.id });
  return updated.length ? { ok: true } : failure("QUESTION_NOT_FOUND");
}

/** The questions the team wrote, newest first, with where each stands. */
export async function listTeamQuestions(db: Database, teamId: string): Promise<TeamQuestion[]> {
  const [index, rows] = await Promise.all([
    categoryIndex(db),
    db
      .select({ ...rowColumns, moderationNote: questions.moderationNote })
      .from(questions)
      .where(and(eq(questions.teamId, teamId), inArray(questions.status, [...TEAM_OWN_STATUSES, "published"])))
      .orderBy(desc(questions.createdAt))
      .limit(500),
  ]);
  return rows.map(({ moderationNote, ...row }) => ({
    ...toServed(row, index),
    status: row.status as TeamQuestionStatus,
    moderationNote,
  }));
}
