import { config } from "~/config.server";
import { isDatabaseUnreachable } from "~/db/connection-errors";
import { type QuotaSubject, remainingAiGenerations } from "~/domain/generation/quota.server";
import { firstQuestion } from "~/domain/generation/serve-question.server";
import { logger } from "~/logger.server";
import { activeGenerator, database } from "~/services.server";
import { type CategorySlug, firstChoice } from "~/shared/categories";
import { FALLBACK_QUESTIONS } from "~/shared/fallback-questions";
import type { RemainingQuestions, ServedQuestion } from "~/shared/questions";

export type GeneratorPageData = { initialQuestion: ServedQuestion; remainingQuestions: RemainingQuestions };

/**
 * What a page with the generator needs at first paint: a library question of
 * the page's first choice (firstChoice), or the built-in fallback when that fails.
 */
export async function generatorPageData(
  subject: QuotaSubject | null,
  categorySlug: CategorySlug | null,
): Promise<GeneratorPageData> {
  try {
    const { metered } = activeGenerator();
    const { db } = await database();
    const initial = await firstQuestion(
      db,
      { ...firstChoice(categorySlug), categorySlug },
      subject?.kind === "account" ? subject.userId : null,
    );
    const remainingQuestions: RemainingQuestions = !metered
      ? "unlimited"
      : subject
        ? await remainingAiGenerations(db, subject, config().aiQuota)
        : config().aiQuota.anonymous;
    return { initialQuestion: initial ?? FALLBACK_QUESTIONS[0]!, remainingQuestions };
  } catch (error) {
    // Without a database the page fails as a whole (503); its question is not the story.
    if (isDatabaseUnreachable(error)) throw error;
    logger.error({ err: error }, "first question failed; showing the fallback question");
    return { initialQuestion: FALLBACK_QUESTIONS[0]!, remainingQuestions: "unlimited" };
  }
}
