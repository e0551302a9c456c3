import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import {
  generationHistory,
  hiddenQuestions,
  questionCategories,
  questions,
  teamHiddenQuestions,
  teamQuestionUses,
} from "~/db/schema";
import { type CategoryIndex, categoryIndex } from "~/domain/categories.server";
import { isUuid } from "~/shared/ids";
import {
  ENGAGEMENT_LEVELS,
  type EngagementLevel,
  isOfferedChoice,
  MEETING_CONTEXTS,
  type MeetingContext,
  QUESTION_STYLES,
  type QuestionStyle,
  type ServedQuestion,
  typeForContext,
} from "~/shared/questions";
import { rowColumns, toServed } from "./cards.server";

/** Only well-formed UUIDs count as seen ids; anything else a browser sends is ignored. */
export function validSeenIds(ids: readonly string[]): string[] {
  return ids.filter(isUuid).map((id) => id.toLowerCase());
}

/** What the host chose: the meeting moment, style and depth, and the meeting category when on its page. */
export type Choice = {
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  categorySlug: string | null;
};

export type LibraryFilter = {
  meetingContext?: MeetingContext | MeetingContext[];
  questionStyle?: QuestionStyle | QuestionStyle[];
  engagementLevel?: EngagementLevel | EngagementLevel[];
  categorySlug?: string | null;
};

/** How far a question is from the choice: null when it fits exactly. */
export type Widening = "depth" | "style" | "moment" | "category";

export type FittingPick = { question: ServedQuestion; widened: Widening | null };

/** Styles close enough to stand in for each other when one is used up. */
const STYLE_NEIGHBOURS: Record<QuestionStyle, QuestionStyle[]> = {
  reflective: ["inspirational", "professional"],
  playful: ["inspirational", "reflective"],
  professional: ["reflective", "inspirational"],
  inspirational: ["reflective", "playful"],
};

const DEPTH_NEIGHBOURS: Record<EngagementLevel, EngagementLevel[]> = {
  quick: ["standard"],
  standard: ["quick", "deep"],
  deep: ["standard"],
};

/**
 * The choices that still fit, nearest first: the exact choice; the same
 * moment and style one depth away; the same moment and depth in a
 * neighbouring style; another moment of the same type (a focus question for
 * a check-in); on a category page, the exact choice in other categories.
 */
export function fittingSteps(choice: Choice): { filter: LibraryFilter; widened: Widening | null }[] {
  const { meetingContext, questionStyle, engagementLevel, categorySlug } = choice;
  const depths = DEPTH_NEIGHBOURS[engagementLevel].filter((depth) => isOfferedChoice(meetingContext, depth));
  const type = typeForContext(meetingContext);
  const moments = MEETING_CONTEXTS.map((c) => c.value).filter(
    (context) => context !== meetingContext && typeForContext(context) === type,
  );
  const steps: { filter: LibraryFilter; widened: Widening | null }[] = [
    { filter: choice, widened: null },
    { filter: { ...choice, engagementLevel: depths }, widened: "depth" },
    { filter: { ...choice, questionStyle: STYLE_NEIGHBOURS[questionStyle] }, widened: "style" },
    { filter: { ...choice, meetingContext: moments }, widened: "moment" },
  ];
  if (categorySlug) steps.push({ filter: { ...choice, categorySlug: null }, widened: "category" });
  return steps.filter(({ filter }) =>
    [filter.meetingContext, filter.engagementLevel].every((v) => !Array.isArray(v) || v.length > 0),
  );
}

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  (list.find((item) => item.value === value)?.label ?? value).toLowerCase();

/** A few calm words for the card when a question comes from a nearby choice. */
export function widenedNote(choice: Choice, question: ServedQuestion, widened: Widening): string {
  switch (widened) {
    case "depth":
      return `You have seen the ${labelOf(ENGAGEMENT_LEVELS, choice.engagementLevel)} ones here, so this one is ${labelOf(ENGAGEMENT_LEVELS, question.engagementLevel)}.`;
    case "style":
      return `You have seen the ${labelOf(QUESTION_STYLES, choice.questionStyle)} ones here, so this one is ${labelOf(QUESTION_STYLES, question.questionStyle)}.`;
    case "moment":
      return `You have seen the ${labelOf(MEETING_CONTEXTS, choice.meetingContext)} ones here, so this is a ${labelOf(MEETING_CONTEXTS, question.meetingContext)} question.`;
    case "category":
      return "You have seen this page's own questions for this choice, so this one comes from another kind of meeting.";
  }
}

const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/** A category slug nobody has matches nothing rather than everything. */
const NO_CATEGORY = "00000000-0000-0000-0000-000000000000";

/** The filter's published, servable questions of its moment, style and depth, without the category. */
function choiceConditions(filter: LibraryFilter): SQL[] {
  const list: SQL[] = [eq(questions.status, "published")];
  if (filter.meetingContext) list.push(inArray(questions.meetingContext, asList(filter.meetingContext)));
  if (filter.questionStyle) list.push(inArray(questions.questionStyle, asList(filter.questionStyle)));
  if (filter.engagementLevel) list.push(inArray(questions.engagementLevel, asList(filter.engagementLevel)));
  return list;
}

/** A category slug nobody has matches nothing rather than everything. */
function categoryIdOf(filter: LibraryFilter, index: CategoryIndex): string | null {
  return filter.categorySlug ? (index.idBySlug.get(filter.categorySlug) ?? NO_CATEGORY) : null;
}

/** A question that names a kind of meeting is served only in its own category: never filed-under, widened or "any meeting". */
const servedOutsideItsCategory = eq(questions.meetingBound, false);

/** Filed under the category as well as the one it was written for, with the filter's labels. */
function filedUnder(categoryId: string, filter: LibraryFilter): SQL {
  const where: SQL[] = [eq(questionCategories.categoryId, categoryId)];
  if (filter.meetingContext) where.push(inArray(questionCategories.meetingContext, asList(filter.meetingContext)));
  if (filter.questionStyle) where.push(inArray(questionCategories.questionStyle, asList(filter.questionStyle)));
  if (filter.engagementLevel) where.push(inArray(questionCategories.engagementLevel, asList(filter.engagementLevel)));
  return sql`${questions.id} in (select ${questionCategories.questionId} from ${questionCategories} where ${and(...where)})`;
}

function conditions(filter: LibraryFilter, index: CategoryIndex): SQL[] {
  const list = choiceConditions(filter);
  const categoryId = categoryIdOf(filter, index);
  if (categoryId)
    list.push(
      sql`(${questions.categoryId} = ${categoryId} or (${servedOutsideItsCategory} and ${filedUnder(categoryId, filter)}))`,
    );
  else list.push(servedOutsideItsCategory);
  return list;
}

/** For a member, questions they hid are never served. */
function notHidden(userId: string): SQL {
  return sql`not exists (select 1 from ${hiddenQuestions} where ${hiddenQuestions.userId} = ${userId} and ${hiddenQuestions.questionId} = ${questions.id})`;
}

/** Never a question the team said is "not for this team". */
function notHiddenForTeam(teamId: string): SQL {
  return sql`not exists (select 1 from ${teamHiddenQuestions} where ${teamHiddenQuestions.teamId} = ${teamId} and ${teamHiddenQuestions.questionId} = ${questions.id})`;
}

/**
 * Not seen: not in the browser's seen ids, for a member never served to
 * them, and for a team's meeting never used in any of the team's meetings.
 */
function unseen(seen: string[], userId: string | null, teamId: string | null): SQL[] {
  const list: SQL[] = [];
  if (teamId)
    list.push(
      notHiddenForTeam(teamId),
      sql`not exists (select 1 from ${teamQuestionUses} where ${teamQuestionUses.teamId} = ${teamId} and ${teamQuestionUses.questionId} = ${questions.id})`,
    );
  if (seen.length)
    list.push(
      sql`${questions.id} not in (${sql.join(
        seen.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (userId)
    list.push(
      notHidden(userId),
      sql`not exists (select 1 from ${generationHistory} where ${generationHistory.userId} = ${userId} and ${generationHistory.questionId} = ${questions.id})`,
    );
  return list;
}

/**
 * A random question of the filter that meets the extra conditions. With a
 * category, its own questions and the ones filed under it are read as two
 * branches, so each uses its index (the generator's hot path). Without a
 * category ("any meeting", or widening to other categories) no question that
 * names a kind of meeting comes back.
 */
async function randomMatch(
  db: Database,
  filter: LibraryFilter,
  extra: SQL[],
  index: CategoryIndex,
): Promise<ServedQuestion | null> {
  const where = [...choiceConditions(filter), ...extra];
  const categoryId = categoryIdOf(filter, index);
  // A union can only be ordered by its own columns, so each branch carries its random draw.
  const drawn = { ...rowColumns, draw: sql<number>`random()`.as("draw") };
  const [row] = categoryId
    ? await db
        .select(drawn)
        .from(questions)
        .where(and(...where, eq(questions.categoryId, categoryId)))
        .unionAll(
          db
            .select(drawn)
            .from(questions)
            .where(and(...where, servedOutsideItsCategory, filedUnder(categoryId, filter))),
        )
        .orderBy(sql`draw`)
        .limit(1)
    : await db
        .select(drawn)
        .from(questions)
        .where(and(...where, servedOutsideItsCategory))
        .orderBy(sql`draw`)
        .limit(1);
  if (!row) return null;
  const { draw: _draw, ...columns } = row;
  return toServed(columns, index);
}

/**
 * An unseen question that still fits the choice, from the nearest step of
 * the ladder that has one (fittingSteps); null when every fitting question
 * has been seen.
 */
export async function pickFitting(
  db: Database,
  choice: Choice,
  seenIds: readonly string[],
  userId: string | null = null,
  teamId: string | null = null,
): Promise<FittingPick | null> {
  const index = await categoryIndex(db);
  const fresh = unseen(validSeenIds(seenIds), userId, teamId);
  for (const step of fittingSteps(choice)) {
    const question = await randomMatch(db, step.filter, fresh, index);
    if (question) return { question, widened: step.widened };
  }
  return null;
}

/**
 * When everything that fits has been seen: the question of the filter seen
 * longest ago (by the member's history, else by the browser's seen ids,
 * oldest first); never one a member hid. Null when nothing matches at all.
 */
export async function leastRecentlySeen(
  db: Database,
  filter: LibraryFilter,
  seenIds: readonly string[],
  userId: string | null = null,
  teamId: string | null = null,
): Promise<ServedQuestion | null> {
  const index = await categoryIndex(db);
  const where = conditions(filter, index);
  if (teamId) where.push(notHiddenForTeam(teamId));
  const seen = validSeenIds(seenIds);
  // Enough candidates that one is outside the browser's seen list whenever the filter has one.
  const enough = seen.length + 1;
  const candidates = userId
    ? await db
        .select(rowColumns)
        .from(questions)
        .leftJoin(
          generationHistory,
          and(eq(generationHistory.questionId, questions.id), eq(generationHistory.userId, userId)),
        )
        .where(and(...where, notHidden(userId)))
        .orderBy(sql`${generationHistory.servedAt} asc nulls first`, sql`random()`)
        .limit(enough)
    : await db
        .select(rowColumns)
        .from(questions)
        .where(and(...where))
        .orderBy(sql`random()`)
        .limit(enough);
  // This browser's own memory first (never seen here, then seen longest ago); a member's history breaks ties.
  const lastSeen = (id: string) => seen.lastIndexOf(id);
  const [oldest] = candidates.sort((a, b) => lastSeen(a.id) - lastSeen(b.id));
  return oldest ? toServed(oldest, index) : null;
}

/** The fitting question to serve without asking any generator: unseen up the ladder, else the least recently seen. */
export async function pickForChoice(
  db: Database,
  choice: Choice,
  seenIds: readonly string[],
  userId: string | null = null,
  teamId: string | null = null,
): Promise<FittingPick | null> {
  const fitting = await pickFitting(db, choice, seenIds, userId, teamId);
  if (fitting) return fitting;
  const exact = await leastRecentlySeen(db, choice, seenIds, userId, teamId);
  if (exact) return { question: exact, widened: null };
  // An empty choice (a tiny test library, a category with nothing yet): anything of the same moment.
  const any = await leastRecentlySeen(db, { meetingContext: choice.meetingContext }, seenIds, userId, teamId);
  return any ? { question: any, widened: "moment" } : null;
}
