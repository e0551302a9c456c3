import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { listedColumns, toListed } from "~/domain/questions/cards.server";
import type { ListedQuestion } from "~/shared/community";

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Database, viewerId: string | null) {
  return db.select(listedColumns(viewerId)).from(questions);
}

async function toCards(db: Database, rows: Row[]): Promise<ListedQuestion[]> {
  const index = await categoryIndex(db);
  return rows.map((row) => toListed(row, index));
}

/** A published question for its share page, as a card with the viewer's vote and save; null otherwise. */
export async function sharedQuestion(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<ListedQuestion | null> {
  const rows = await selectRows(db, viewerId).where(and(eq(questions.id, id), sql`${questions.status} = 'published'`));
  const [question] = await toCards(db, rows);
  return question ?? null;
}

/** Questions like it: the same kind of question in the same category, the community's favourites first. */
export async function relatedQuestions(
  db: Database,
  question: ListedQuestion,
  viewerId: string | null,
  limit = 4,
): Promise<ListedQuestion[]> {
  const index = await categoryIndex(db);
  const categoryId = question.categorySlug ? index.idBySlug.get(question.categorySlug) : undefined;
  const rows = await selectRows(db, viewerId)
    .where(
      and(
        sql`${questions.status} = 'published'`,
        ne(questions.id, question.id),
        eq(questions.type, question.type),
        categoryId ? eq(questions.categoryId, categoryId) : undefined,
      ),
    )
    .orderBy(desc(questions.totalVotes), desc(questions.voteScore), desc(questions.createdAt))
    .limit(limit);
  return toCards(db, rows);
}
