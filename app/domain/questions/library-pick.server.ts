import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { generationHistory, hiddenQuestions, questions } from "~/db/schema";
import { type CategoryIndex, categoryIndex } from "~/domain/categories.server";
import { isUuid } from "~/shared/ids";
import type { EngagementLevel, MeetingContext, QuestionStyle, QuestionType, ServedQuestion } from "~/shared/questions";
import { rowColumns, toServed } from "./cards.server";

/** Only well-formed UUIDs count as seen ids; anything else the browser sends is dropped. */
export function validSeenIds(ids: readonly string[]): string[] {
  return ids.filter(isUuid).map((id) => id.toLowerCase());
}

export type LibraryFilter = {
  type?: QuestionType;
  meetingContext?: MeetingContext;
  questionStyle?: QuestionStyle;
  engagementLevel?: EngagementLevel;
  categorySlug?: string | null;
};

function conditions(filter: LibraryFilter, index: CategoryIndex): SQL[] {
  const list: SQL[] = [eq(questions.status, "published")];
  if (filter.type) list.push(eq(questions.type, filter.type));
  if (filter.meetingContext) list.push(eq(questions.meetingContext, filter.meetingContext));
  if (filter.questionStyle) list.push(eq(questions.questionStyle, filter.questionStyle));
  if (filter.engagementLevel) list.push(eq(questions.engagementLevel, filter.engagementLevel));
  if (filter.categorySlug) {
    // An unknown slug matches nothing rather than everything.
    list.push(
      eq(questions.categoryId, index.idBySlug.get(filter.categorySlug) ?? "00000000-0000-0000-0000-000000000000"),
    );
  }
  return list;
}

function randomMatches(db: Database, where: SQL[], limit: number) {
  return db
    .select(rowColumns)
    .from(questions)
    .where(and(...where))
    .orderBy(sql`random()`)
    .limit(limit);
}

/**
 * The library's answer to a generator request: a random question of the
 * filter that the browser has not seen; when it has seen them all, the one it
 * saw longest ago. Null when nothing matches at all.
 * seenIds are oldest first.
 *
 * For a signed-in member (`userId`), questions they hid never come back,
 * and questions they have never been served come first.
 */
export async function pickFromLibrary(
  db: Database,
  filter: LibraryFilter,
  seenIds: readonly string[],
  userId: string | null = null,
): Promise<ServedQuestion | null> {
  const seen = validSeenIds(seenIds);
  const index = await categoryIndex(db);
  const where = conditions(filter, index);
  if (userId) {
    where.push(
      sql`not exists (select 1 from ${hiddenQuestions} where ${hiddenQuestions.userId} = ${userId} and ${hiddenQuestions.questionId} = ${questions.id})`,
    );
  }
  const unseen = seen.length
    ? [
        ...where,
        sql`${questions.id} not in (${sql.join(
          seen.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ]
    : where;
  if (userId) {
    const neverServed = sql`not exists (select 1 from ${generationHistory} where ${generationHistory.userId} = ${userId} and ${generationHistory.questionId} = ${questions.id})`;
    const [firstTime] = await randomMatches(db, [...unseen, neverServed], 1);
    if (firstTime) return toServed(firstTime, index);
  }
  // A uniformly random pick among all unseen matches, not among only the first few, so none is favoured.
  const [fresh] = await randomMatches(db, unseen, 1);
  if (fresh) return toServed(fresh, index);
  if (seen.length === 0) return null;

  const candidates = await randomMatches(db, where, 20);
  if (candidates.length === 0) return null;
  const lastSeen = (id: string) => seen.lastIndexOf(id);
  const [oldest] = candidates.sort((a, b) => lastSeen(a.id) - lastSeen(b.id));
  return oldest ? toServed(oldest, index) : null;
}

/** Loosens the filter step by step, for when the library must stand in for the AI. */
export async function pickClosestFromLibrary(
  db: Database,
  filter: Required<Omit<LibraryFilter, "categorySlug">> & { categorySlug: string | null },
  seenIds: readonly string[],
  userId: string | null = null,
): Promise<ServedQuestion | null> {
  const steps: LibraryFilter[] = [
    filter,
    { ...filter, categorySlug: null },
    { type: filter.type, meetingContext: filter.meetingContext, questionStyle: filter.questionStyle },
    { type: filter.type, meetingContext: filter.meetingContext },
    { type: filter.type },
    {},
  ];
  for (const step of steps) {
    const found = await pickFromLibrary(db, step, seenIds, userId);
    if (found) return found;
  }
  return null;
}
