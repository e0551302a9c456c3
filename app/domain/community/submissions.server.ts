import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import type { Submission } from "~/shared/community-schemas";
import { meetingNamedIn } from "~/shared/meeting-kinds";
import { normalizeQuestionText, stripSurroundingQuotes } from "~/shared/questions";
import { failure, type Outcome } from "../errors";

export type SubmitResult = Outcome<{ id: string }>;

export const DUPLICATE_QUESTION = "This question is already in the library";

/**
 * A member's question for a category. It waits as `pending` until an admin
 * approves it; its author sees it and its status on their profile.
 */
/**
 * The row a member's question is stored as, for the community (`pending`)
 * or for their team (`team`): the text without surrounding quotes, the
 * meeting moment following the type.
 */
export async function memberQuestionRow(db: Database, authorId: string, submission: Submission) {
  const text = stripSurroundingQuotes(submission.question);
  const index = await categoryIndex(db);
  return {
    text,
    normalizedText: normalizeQuestionText(text),
    type: submission.type,
    meetingContext: submission.type,
    questionStyle: submission.questionStyle,
    engagementLevel: submission.engagementLevel,
    categoryId: index.idBySlug.get(submission.categorySlug) ?? null,
    meetingBound: meetingNamedIn(text) !== null,
    source: "user_submitted",
    authorId,
  };
}

export async function submitQuestion(db: Database, authorId: string, submission: Submission): Promise<SubmitResult> {
  const inserted = await db
    .insert(questions)
    .values({ ...(await memberQuestionRow(db, authorId, submission)), status: "pending" })
    .onConflictDoNothing({ target: questions.normalizedText })
    .returning({ id: questions.id });
  const row = inserted[0];
  return row ? { ok: true, id: row.id } : failure("DUPLICATE", DUPLICATE_QUESTION);
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
