import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import type { Submission } from "~/shared/community-schemas";
import { failure, type Outcome } from "../errors";
import { insertQuestion, questionWithText, storedText } from "../questions/question-writes.server";

export type SubmitResult = Outcome<{ id: string }>;

/**
 * The question a member writes, for the community (`pending`, until an
 * admin approves it; its author sees it and its status on their profile)
 * or for their team (`team`): the meeting moment follows the type.
 */
export async function memberQuestion(db: Database, authorId: string, submission: Submission) {
  const index = await categoryIndex(db);
  return {
    text: submission.question,
    type: submission.type,
    meetingContext: submission.type,
    questionStyle: submission.questionStyle,
    engagementLevel: submission.engagementLevel,
    categoryId: index.idBySlug.get(submission.categorySlug) ?? null,
    source: "user_submitted",
    authorId,
  };
}

/**
 * A text already published is refused, and so is the author's own waiting
 * one; another member's waiting question may say the same, unseen.
 */
export async function submitQuestion(db: Database, authorId: string, submission: Submission): Promise<SubmitResult> {
  const checked = storedText(submission.question);
  if (!checked.ok) return checked;
  const ownWaiting = and(eq(questions.authorId, authorId), eq(questions.status, "pending")) as SQL;
  if (await questionWithText(db, checked.stored.normalizedText, ownWaiting))
    return failure("QUESTION_ALREADY_SUBMITTED");
  const stored = await insertQuestion(db, { ...(await memberQuestion(db, authorId, submission)), status: "pending" });
  if (!stored.ok) return stored;
  return stored.created ? { ok: true, id: stored.id } : failure("QUESTION_ALREADY_PUBLISHED");
}

/** The author's own submissions, newest first, with their review status. */
export async function listSubmissions(db: Database, authorId: string) {
  return (
    db
      .select({
        id: questions.id,
        question: questions.text,
        status: questions.status,
        moderationNote: questions.moderationNote,
        createdAt: questions.createdAt,
      })
      .from(questions)
      // A team's private question is the team's, listed on its page rather than as the writer's submission.
      .where(
        and(eq(questions.authorId, authorId), eq(questions.source, "user_submitted"), ne(questions.status, "team")),
      )
      .orderBy(desc(questions.createdAt))
  );
}
