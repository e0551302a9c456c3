import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions, votes } from "~/db/schema";
import type { VoteDirection, VoteTally } from "~/shared/community";

/**
 * Votes toggle: no vote creates one, the same direction removes it, the
 * opposite switches it. The question row is locked for the transaction, so
 * its counters move by exact deltas and always equal the votes table, however
 * many votes arrive at once.
 */
export async function castVote(
  db: Database,
  userId: string,
  questionId: string,
  direction: VoteDirection,
): Promise<VoteTally | null> {
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.status, "published")))
      .for("update");
    if (!question) return null;

    const [existing] = await tx
      .select({ direction: votes.direction })
      .from(votes)
      .where(and(eq(votes.userId, userId), eq(votes.questionId, questionId)));
    const before = (existing?.direction as VoteDirection | undefined) ?? null;
    const after: VoteDirection | null = before === direction ? null : direction;

    if (before && !after) {
      await tx.delete(votes).where(and(eq(votes.userId, userId), eq(votes.questionId, questionId)));
    } else if (before && after) {
      await tx
        .update(votes)
        .set({ direction: after, updatedAt: new Date() })
        .where(and(eq(votes.userId, userId), eq(votes.questionId, questionId)));
    } else if (after) {
      await tx.insert(votes).values({ userId, questionId, direction: after });
    }

    const up = (after === "up" ? 1 : 0) - (before === "up" ? 1 : 0);
    const down = (after === "down" ? 1 : 0) - (before === "down" ? 1 : 0);
    const [tally] = await tx
      .update(questions)
      .set({
        upvotes: sql`${questions.upvotes} + ${up}`,
        downvotes: sql`${questions.downvotes} + ${down}`,
        voteScore: sql`${questions.voteScore} + ${up - down}`,
        totalVotes: sql`${questions.totalVotes} + ${up + down}`,
      })
      .where(eq(questions.id, questionId))
      .returning({
        upvotes: questions.upvotes,
        downvotes: questions.downvotes,
        voteScore: questions.voteScore,
        totalVotes: questions.totalVotes,
      });
    if (!tally) return null;
    return { ...tally, userVote: after };
  });
}
