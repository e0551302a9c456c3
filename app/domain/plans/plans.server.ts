import { and, desc, eq, inArray, isNull, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { meetingPlans, questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { rowColumns, toServed } from "~/domain/questions/cards.server";
import { pickForChoice } from "~/domain/questions/library-pick.server";
import { visibleToViewer } from "~/domain/teams/visibility.server";
import { isUuid } from "~/shared/ids";
import { PLAN_MAX_QUESTIONS, PLAN_SLOTS, type PlanSlot, type PlanSuggestion } from "~/shared/plans";
import { type EngagementLevel, offeredEngagement, type QuestionStyle, type ServedQuestion } from "~/shared/questions";

export type Plan = {
  id: string;
  title: string;
  ownerId: string | null;
  createdAt: string;
  questions: ServedQuestion[];
};

const STYLE_FOR_SLOT: Record<PlanSlot, QuestionStyle> = {
  "check-in": "reflective",
  energizer: "playful",
  "check-out": "reflective",
};

/** One question for a slot of the plan, from the library, leaving out the ones already in the plan. */
export async function suggestForSlot(
  db: Database,
  slot: PlanSlot,
  settings: PlanSuggestion,
  exclude: string[],
  userId: string | null,
): Promise<ServedQuestion | null> {
  const pick = await pickForChoice(
    db,
    {
      meetingContext: slot,
      questionStyle: STYLE_FOR_SLOT[slot],
      engagementLevel: offeredEngagement(slot, settings.engagementLevel as EngagementLevel),
      categorySlug: settings.categorySlug,
    },
    exclude,
    userId,
  );
  return pick?.question ?? null;
}

/** A matched set: a check-in, an energizer and a check-out for the same category and depth. */
export async function suggestPlan(
  db: Database,
  settings: PlanSuggestion,
  userId: string | null,
): Promise<ServedQuestion[]> {
  const picked: ServedQuestion[] = [];
  for (const slot of PLAN_SLOTS) {
    const question = await suggestForSlot(
      db,
      slot,
      settings,
      picked.map((q) => q.id),
      userId,
    );
    if (question) picked.push(question);
  }
  return picked;
}

/**
 * Saves a plan in the given order: published questions, and for a member
 * their teams' own questions; null when a question does not exist (for them).
 */
export async function createPlan(
  db: Database,
  input: { ownerId: string | null; title: string; questionIds: string[] },
): Promise<string | null> {
  const ids = [...new Set(input.questionIds.map((id) => id.toLowerCase()))].slice(0, PLAN_MAX_QUESTIONS);
  if (ids.length === 0) return null;
  const found = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(inArray(questions.id, ids), visibleToViewer(input.ownerId)));
  if (found.length !== ids.length) return null;
  const [plan] = await db
    .insert(meetingPlans)
    .values({ ownerId: input.ownerId, title: input.title, questionIds: ids })
    .returning({ id: meetingPlans.id });
  return plan?.id ?? null;
}

/** The questions of these ids in the ids' order; ids without a question the viewer may read are left out. */
async function questionsInOrder(db: Database, ids: readonly string[], readable: SQL): Promise<ServedQuestion[]> {
  if (ids.length === 0) return [];
  const [index, rows] = await Promise.all([
    categoryIndex(db),
    db
      .select(rowColumns)
      .from(questions)
      .where(and(inArray(questions.id, [...ids]), readable)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, toServed(row, index)]));
  return ids.flatMap((qid) => byId.get(qid) ?? []);
}

/**
 * A plan with its questions in order; questions deleted since are left out,
 * and so is a team's own question for anyone outside that team (the link
 * may be shared further than the team).
 */
export async function findPlan(db: Database, id: string, viewerId: string | null = null): Promise<Plan | null> {
  const [plan] = await db.select().from(meetingPlans).where(eq(meetingPlans.id, id));
  if (!plan) return null;
  return {
    id: plan.id,
    title: plan.title,
    ownerId: plan.ownerId,
    createdAt: plan.createdAt.toISOString(),
    questions: await questionsInOrder(
      db,
      plan.questionIds,
      or(and(isNull(questions.teamId), ne(questions.status, "private")), visibleToViewer(viewerId)) as SQL,
    ),
  };
}

/**
 * The unsaved plan a host is putting together, from its question ids in meeting order.
 * Only published questions (and a member's teams' own ones): one retired, rejected or
 * deleted since it was added simply drops out, with no message, as it would from any list.
 */
export async function loadPlanDraft(
  db: Database,
  ids: readonly string[],
  viewerId: string | null = null,
): Promise<ServedQuestion[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))].filter(isUuid).slice(0, PLAN_MAX_QUESTIONS);
  return questionsInOrder(db, wanted, visibleToViewer(viewerId));
}

/** A member's plans, newest first. */
export async function listPlans(db: Database, ownerId: string) {
  return db
    .select({ id: meetingPlans.id, title: meetingPlans.title, createdAt: meetingPlans.createdAt })
    .from(meetingPlans)
    .where(eq(meetingPlans.ownerId, ownerId))
    .orderBy(desc(meetingPlans.createdAt))
    .limit(50);
}
