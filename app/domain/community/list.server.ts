import { and, asc, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions, savedQuestions, votes } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { rowColumns, toServed } from "~/domain/questions/library-pick.server";
import {
  type ListedQuestion,
  type ListQuery,
  PAGE_SIZE,
  type QuestionPage,
  type VoteDirection,
} from "~/shared/community";

const ORDER: Record<ListQuery["sort"], SQL[]> = {
  popular: [desc(questions.totalVotes), desc(questions.voteScore), desc(questions.createdAt), asc(questions.id)],
  trending: [desc(questions.voteScore), desc(questions.totalVotes), desc(questions.createdAt), asc(questions.id)],
  newest: [desc(questions.createdAt), asc(questions.id)],
};

/** Columns of a card plus what the viewer did with it (null viewer: no vote, not saved). */
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

/**
 * One page of published questions, sorted, filtered and counted in the
 * database. The page is clamped to the real page count.
 */
export async function listQuestions(db: Database, query: ListQuery, viewerId: string | null): Promise<QuestionPage> {
  const index = await categoryIndex(db);
  const where: SQL[] = [eq(questions.status, "published")];
  if (query.category !== "all") {
    const categoryId = index.idBySlug.get(query.category);
    if (!categoryId) return { items: [], page: 1, pageCount: 1, total: 0 };
    where.push(eq(questions.categoryId, categoryId));
  }
  const [{ total = 0 } = {}] = await db
    .select({ total: count() })
    .from(questions)
    .where(and(...where));
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await db
    .select(listedColumns(viewerId))
    .from(questions)
    .where(and(...where))
    .orderBy(...ORDER[query.sort])
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const items: ListedQuestion[] = rows.map(({ userVote, saved, ...row }) => ({
    ...toServed(row, index),
    userVote: userVote ?? null,
    saved: Boolean(saved),
  }));
  return { items, page, pageCount, total };
}

/** Admins find any question (published or not) by a piece of its text, most voted first. */
export async function findQuestions(
  db: Database,
  text: string,
  viewerId: string,
  limit = 20,
): Promise<ListedQuestion[]> {
  const index = await categoryIndex(db);
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select(listedColumns(viewerId))
    .from(questions)
    .where(ilike(questions.text, pattern))
    .orderBy(desc(questions.totalVotes), asc(questions.id))
    .limit(limit);
  return rows.map(({ userVote, saved, ...row }) => ({
    ...toServed(row, index),
    userVote: userVote ?? null,
    saved: Boolean(saved),
  }));
}
