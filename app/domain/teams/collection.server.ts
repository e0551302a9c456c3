import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questions, teamMembers, teamSavedQuestions, teams } from "~/db/schema";
import type { ServedQuestion } from "~/shared/questions";
import { TEAM_ROLES, teamRoleCan } from "~/shared/teams";
import { categoryIndex } from "../categories.server";
import { failure, type Outcome } from "../errors";
import { rowColumns, toServed } from "../questions/cards.server";
import { teamCanUse } from "./memory.server";
import { visibleToTeam } from "./visibility.server";

/** Saves a question the team may use to its collection; saving it twice is the same as once. */
export async function saveToTeam(db: Database, teamId: string, questionId: string, savedBy: string): Promise<Outcome> {
  if (!(await teamCanUse(db, teamId, questionId))) return failure("QUESTION_NOT_FOUND");
  await db.insert(teamSavedQuestions).values({ teamId, questionId, savedBy }).onConflictDoNothing();
  return { ok: true };
}

export async function removeFromTeam(db: Database, teamId: string, questionId: string): Promise<void> {
  await db
    .delete(teamSavedQuestions)
    .where(and(eq(teamSavedQuestions.teamId, teamId), eq(teamSavedQuestions.questionId, questionId)));
}

/** The team's collection, last saved first; a question no longer usable (retired, deleted) drops out. */
export async function listTeamCollection(db: Database, teamId: string): Promise<ServedQuestion[]> {
  const [index, rows] = await Promise.all([
    categoryIndex(db),
    db
      .select(rowColumns)
      .from(teamSavedQuestions)
      .innerJoin(questions, eq(questions.id, teamSavedQuestions.questionId))
      .where(and(eq(teamSavedQuestions.teamId, teamId), visibleToTeam(teamId)))
      .orderBy(desc(teamSavedQuestions.createdAt))
      .limit(200),
  ]);
  return rows.map((row) => toServed(row, index));
}

const CURATING_ROLES = TEAM_ROLES.filter((role) => teamRoleCan(role, "curate"));

/** The teams whose questions this person may curate, by name: what a card's menu offers them. One small query. */
export async function teamsToCurate(db: Database, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.role, [...CURATING_ROLES])))
    .orderBy(asc(teams.name))
    .limit(20);
}
