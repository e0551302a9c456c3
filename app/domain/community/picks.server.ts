import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { listedColumns, toListed } from "~/domain/questions/cards.server";
import { COMMUNITY_PICKS, type CommunityPicks } from "~/shared/community";
import type { QuestionType } from "~/shared/questions";

/** The library's share of a pick, in the order a meeting uses them: two check-ins, an energizer, two check-outs. */
const LIBRARY_MIX: [QuestionType, number][] = [
  ["check-in", 2],
  ["energizer", 1],
  ["check-out", 2],
];

/** A point in the id space that moves once a day, so the library's pick changes daily and holds all day. */
function dayCursor(now: Date): string {
  const hex = createHash("sha256").update(now.toISOString().slice(0, 10)).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The home page's few community questions: the ones people voted for most,
 * once at least COMMUNITY_PICKS questions have a positive score; until then a
 * pick from the library (ids are random, so the first ones after the day's
 * cursor are a fair draw), which the page labels as such. Questions that name
 * a kind of meeting stay on their own category's pages.
 */
export async function communityPicks(db: Database, viewerId: string | null, now = new Date()): Promise<CommunityPicks> {
  const index = await categoryIndex(db);
  const published = sql`${questions.status} = 'published'`;
  const voted = await db
    .select(listedColumns(viewerId))
    .from(questions)
    .where(and(published, gt(questions.voteScore, 0)))
    .orderBy(desc(questions.voteScore), desc(questions.totalVotes), desc(questions.createdAt), asc(questions.id))
    .limit(COMMUNITY_PICKS);
  if (voted.length >= COMMUNITY_PICKS) return { kind: "voted", items: voted.map((row) => toListed(row, index)) };

  const cursor = dayCursor(now);
  const ofType = async (type: QuestionType, count: number) => {
    const draw = (from: string | null) =>
      db
        .select(listedColumns(viewerId))
        .from(questions)
        .where(
          and(
            published,
            eq(questions.source, "curated"),
            eq(questions.type, type),
            eq(questions.meetingBound, false),
            from ? gte(questions.id, from) : undefined,
          ),
        )
        .orderBy(asc(questions.id))
        .limit(count);
    const rows = await draw(cursor);
    if (rows.length === count) return rows;
    // Past the end of the id space: carry on from its start.
    const more = (await draw(null)).filter((row) => !rows.some((taken) => taken.id === row.id));
    return [...rows, ...more].slice(0, count);
  };
  const picked = await Promise.all(LIBRARY_MIX.map(([type, count]) => ofType(type, count)));
  return { kind: "library", items: picked.flat().map((row) => toListed(row, index)) };
}
