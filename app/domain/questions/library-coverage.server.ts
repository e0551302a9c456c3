import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { questionCategories, questions } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { CATEGORIES } from "~/shared/categories";
import { OFFERED_CHOICES, type QuestionChoice } from "~/shared/questions";
import { choiceKey, LIBRARY_RULES } from "./library-audit";

export type CoverageCell = { count: number; thin: boolean };

export type LibraryCoverage = {
  /** Every offered choice: fitting questions over all categories, and each category's own. */
  choices: { choice: QuestionChoice; all: CoverageCell; byCategory: Record<string, CoverageCell> }[];
  categories: { slug: string; name: string; total: number; thinChoices: number; pending: number }[];
};

/**
 * Where the library needs writing: published questions per offered choice,
 * overall and per category, with the choices under the library's bars marked
 * thin, and the submitted questions waiting for review in each category.
 */
export async function libraryCoverage(db: Database): Promise<LibraryCoverage> {
  const index = await categoryIndex(db);
  const servable = eq(questions.status, "published");
  const count = sql<number>`count(*)::int`;
  const choiceColumns = {
    context: questions.meetingContext,
    style: questions.questionStyle,
    engagement: questions.engagementLevel,
  };
  const byChoice = [questions.meetingContext, questions.questionStyle, questions.engagementLevel];
  const [overall, home, further, pending] = await Promise.all([
    db
      .select({
        ...choiceColumns,
        n: count,
      })
      .from(questions)
      .where(servable)
      .groupBy(...byChoice),
    db
      .select({
        categoryId: questions.categoryId,
        ...choiceColumns,
        n: count,
      })
      .from(questions)
      .where(servable)
      .groupBy(questions.categoryId, ...byChoice),
    db
      .select({
        categoryId: questionCategories.categoryId,
        ...choiceColumns,
        n: count,
      })
      .from(questionCategories)
      .innerJoin(questions, eq(questions.id, questionCategories.questionId))
      .where(servable)
      .groupBy(questionCategories.categoryId, ...byChoice),
    db
      .select({ categoryId: questions.categoryId, n: count })
      .from(questions)
      .where(and(eq(questions.source, "user_submitted"), eq(questions.status, "pending")))
      .groupBy(questions.categoryId),
  ]);

  const overallByKey = new Map(overall.map((row) => [choiceKey(row as QuestionChoice), row.n]));
  // A question counts in the category it was written for and in every further one it is filed under.
  const perCategory = [...home, ...further];
  const categoryByKey = new Map<string, number>();
  for (const row of perCategory) {
    const key = `${index.slugById.get(row.categoryId ?? "")}|${choiceKey(row as QuestionChoice)}`;
    categoryByKey.set(key, (categoryByKey.get(key) ?? 0) + row.n);
  }
  const cell = (n: number, bar: number): CoverageCell => ({ count: n, thin: n < bar });

  const choices = OFFERED_CHOICES.map((choice) => ({
    choice,
    all: cell(overallByKey.get(choiceKey(choice)) ?? 0, LIBRARY_RULES.perChoiceOverall),
    byCategory: Object.fromEntries(
      CATEGORIES.map((c) => [
        c.slug,
        cell(categoryByKey.get(`${c.slug}|${choiceKey(choice)}`) ?? 0, LIBRARY_RULES.perChoicePerCategory),
      ]),
    ),
  }));
  const pendingBySlug = new Map(pending.map((row) => [index.slugById.get(row.categoryId ?? "") ?? "", row.n]));
  const categories = CATEGORIES.map((c) => ({
    slug: c.slug,
    name: c.name,
    total: perCategory
      .filter((row) => index.slugById.get(row.categoryId ?? "") === c.slug)
      .reduce((sum, row) => sum + row.n, 0),
    thinChoices: choices.filter((row) => row.byCategory[c.slug]?.thin).length,
    pending: pendingBySlug.get(c.slug) ?? 0,
  }));
  return { choices, categories };
}
