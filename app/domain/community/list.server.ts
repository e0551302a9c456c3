import { and, asc, desc, eq, ilike, inArray, type SQL, sql, sum } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { publishedQuestionCounts, questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { listedColumns, toListed } from "~/domain/questions/cards.server";
import { type ListedQuestion, type ListQuery, PAGE_SIZE, type QuestionPage } from "~/shared/community";

const ORDER: Record<ListQuery["sort"], SQL[]> = {
  popular: [desc(questions.totalVotes), desc(questions.voteScore), desc(questions.createdAt), asc(questions.id)],
  trending: [desc(questions.voteScore), desc(questions.totalVotes), desc(questions.createdAt), asc(questions.id)],
  newest: [desc(questions.createdAt), asc(questions.id)],
};

/** Published questions in the list, from the trigger-kept counts (no scan of the table). */
async function publishedCount(db: Database, categoryId: string | null): Promise<number> {
  const [row] = await db
    .select({ total: sum(publishedQuestionCounts.total).mapWith(Number) })
    .from(publishedQuestionCounts)
    .where(categoryId ? eq(publishedQuestionCounts.categoryKey, categoryId) : undefined);
  return row?.total ?? 0;
}

/**
 * One page of the list's rows. The page's ids come from a published-only
 * index alone (deep pages skip index entries, not table rows); only those
 * rows are then read. 'published' is a literal so the partial indexes match.
 */
function pageRows(
  db: Database,
  categoryId: string | null,
  sort: ListQuery["sort"],
  page: number,
  viewerId: string | null,
) {
  const pageIds = db
    .select({ id: questions.id })
    .from(questions)
    .where(and(sql`${questions.status} = 'published'`, categoryId ? eq(questions.categoryId, categoryId) : undefined))
    .orderBy(...ORDER[sort])
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return db
    .select(listedColumns(viewerId))
    .from(questions)
    .where(inArray(questions.id, pageIds))
    .orderBy(...ORDER[sort]);
}

/**
 * One page of published questions, sorted, filtered and counted in the
 * database, clamped to the real page count. The count and the page are read
 * at once; a page past the end (rare) is read again as the last page.
 */
export async function listQuestions(db: Database, query: ListQuery, viewerId: string | null): Promise<QuestionPage> {
  const index = await categoryIndex(db);
  let categoryId: string | null = null;
  if (query.category !== "all") {
    categoryId = index.idBySlug.get(query.category) ?? null;
    if (!categoryId) return { items: [], page: 1, pageCount: 1, total: 0 };
  }
  const requested = Math.max(1, query.page);
  const [total, requestedRows] = await Promise.all([
    publishedCount(db, categoryId),
    pageRows(db, categoryId, query.sort, requested, viewerId),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  const rows = page === requested ? requestedRows : await pageRows(db, categoryId, query.sort, page, viewerId);
  const items = rows.map((row) => toListed(row, index));
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
  return rows.map((row) => toListed(row, index));
}
