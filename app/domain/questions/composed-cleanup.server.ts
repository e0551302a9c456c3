import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { contentImports, meetingPlans, questions, savedQuestions, votes } from "~/db/schema";
import { isComposedText } from "./composer-grammar";

const CLEANUP_NAME = "composed-questions";
const CLEANUP_VERSION = "1";

export type ComposedCleanup = { removed: number; relabelled: number; skipped: boolean };

/**
 * The retired template composer stored its sentences as public AI questions.
 * Once per database: those nobody voted on, saved or put in a plan are
 * removed; the others are relabelled "composed", which keeps them for their
 * members but out of the generator.
 */
export async function cleanUpComposedQuestions(db: Database): Promise<ComposedCleanup> {
  const [done] = await db
    .select({ hash: contentImports.hash })
    .from(contentImports)
    .where(eq(contentImports.name, CLEANUP_NAME));
  if (done?.hash === CLEANUP_VERSION) return { removed: 0, relabelled: 0, skipped: true };

  return db.transaction(async (tx) => {
    const generated = await tx
      .select({ id: questions.id, text: questions.text })
      .from(questions)
      .where(eq(questions.source, "ai_generated"));
    const composed = generated.filter((row) => isComposedText(row.text)).map((row) => row.id);
    const kept = new Set<string>();
    if (composed.length) {
      const voted = await tx
        .selectDistinct({ id: votes.questionId })
        .from(votes)
        .where(inArray(votes.questionId, composed));
      const saved = await tx
        .selectDistinct({ id: savedQuestions.questionId })
        .from(savedQuestions)
        .where(inArray(savedQuestions.questionId, composed));
      const planned = await tx
        .select({ ids: meetingPlans.questionIds })
        .from(meetingPlans)
        .where(
          sql`${meetingPlans.questionIds} ?| ${sql.raw("array[")}${sql.join(
            composed.map((id) => sql`${id}`),
            sql`, `,
          )}${sql.raw("]")}`,
        );
      for (const row of [...voted, ...saved]) kept.add(row.id);
      for (const plan of planned) for (const id of plan.ids) if (composed.includes(id)) kept.add(id);
    }
    const removed = composed.filter((id) => !kept.has(id));
    if (removed.length) await tx.delete(questions).where(inArray(questions.id, removed));
    if (kept.size)
      await tx
        .update(questions)
        .set({ source: "composed", updatedAt: new Date() })
        .where(and(inArray(questions.id, [...kept]), eq(questions.source, "ai_generated")));
    await tx
      .insert(contentImports)
      .values({ name: CLEANUP_NAME, hash: CLEANUP_VERSION })
      .onConflictDoUpdate({ target: contentImports.name, set: { hash: CLEANUP_VERSION, importedAt: sql`now()` } });
    return { removed: removed.length, relabelled: kept.size, skipped: false };
  });
}
