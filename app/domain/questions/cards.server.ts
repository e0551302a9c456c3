import { sql } from "drizzle-orm";
import { questions, savedQuestions, votes } from "~/db/schema";
import type { CategoryIndex } from "~/domain/categories.server";
import type { ListedQuestion, VoteDirection } from "~/shared/community";
import type { ServedQuestion } from "~/shared/questions";
import { TEAM_OWN_STATUSES } from "../teams/visibility.server";

/** The columns a question card needs. */
export const rowColumns = {
  id: questions.id,
  question: questions.text,
  type: questions.type,
  meetingContext: questions.meetingContext,
  questionStyle: questions.questionStyle,
  engagementLevel: questions.engagementLevel,
  categoryId: questions.categoryId,
  source: questions.source,
  authorId: questions.authorId,
  status: questions.status,
  voteScore: questions.voteScore,
  totalVotes: questions.totalVotes,
  createdAt: questions.createdAt,
};

export type QuestionRow = {
  id: string;
  question: string;
  type: string;
  meetingContext: string;
  questionStyle: string;
  engagementLevel: string;
  categoryId: string | null;
  source: string;
  authorId: string | null;
  status: string;
  voteScore: number;
  totalVotes: number;
  createdAt: Date;
};

/** A card's columns plus what the viewer did with it (null viewer: no vote, not saved). */
export function listedColumns(viewerId: string | null) {
  return {
    ...rowColumns,
    userVote: viewerId
      ? sql<VoteDirection | null>`(select ${votes.direction} from ${votes} where ${votes.questionId} = ${questions.id} and ${votes.userId} = ${viewerId})`
      : sql<null>`null`,
    saved: viewerId
      ? sql<boolean>`exists (select 1 from ${savedQuestions} where ${savedQuestions.questionId} = ${questions.id} and ${savedQuestions.userId} = ${viewerId})`
      : sql<boolean>`false`,
  };
}

/** A stored row as the card shows it; the columns hold only values the schema's checks allow. */
export function toServed({ categoryId, status, ...row }: QuestionRow, index: CategoryIndex): ServedQuestion {
  // A private question is its author's; a team's own question (private, waiting for review or turned down) the team's.
  const privateTo =
    status === "private" ? "author" : (TEAM_OWN_STATUSES as readonly string[]).includes(status) ? "team" : undefined;
  return {
    ...(row as Omit<ServedQuestion, "categorySlug" | "createdAt" | "privateTo">),
    categorySlug: categoryId ? (index.slugById.get(categoryId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    ...(privateTo ? { privateTo } : {}),
  };
}

/** A row read with listedColumns as a community card: the question, the viewer's vote and save. */
export function toListed(
  { userVote, saved, ...row }: QuestionRow & { userVote: VoteDirection | null; saved: boolean },
  index: CategoryIndex,
): ListedQuestion {
  return { ...toServed(row, index), userVote: userVote ?? null, saved: Boolean(saved) };
}
