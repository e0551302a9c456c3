import fs from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { meetingPlans, questions, savedQuestions, users, votes } from "~/db/schema";
import { listSaved } from "~/domain/community/saves.server";
import { findPlan } from "~/domain/plans/plans.server";
import { pickForChoice } from "~/domain/questions/library-pick.server";
import { normalizeQuestionText } from "~/shared/questions";
import { freshDatabase, testEngines } from "../support/databases";

/** The migration that removed the retired template composer's questions, found by its name (numbers may move). */
function composerMigration(): string[] {
  const folder = path.resolve(import.meta.dirname, "../../drizzle");
  const file = fs.readdirSync(folder).find((name) => /^\d+_composer_cleanup\.sql$/.test(name));
  if (!file) throw new Error("No composer clean-up migration in drizzle/");
  return fs
    .readFileSync(path.join(folder, file), "utf8")
    .split("--> statement-breakpoint")
    .filter((statement) => statement.trim());
}

describe.each(testEngines())("the composer clean-up migration on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)(
    "deletes the composer's stored questions, keeps the ones members voted on, saved or planned, and never serves them",
    async () => {
      const { db } = handle;
      const composed = [
        "Which pizza topping best sums up how today has felt, and how has it changed the way you work?",
        "Quick round: which risk from this week do you want the team to know about?",
        "If your mood this sprint were a houseplant, which one would it be, and why?",
        "No rush on this one: which decision from the past month do you want the team to know about, and what did it teach you?",
      ];
      const aiWritten = "What would a perfect focus hour look like for you today?";
      // Relabelled by the clean-up that ran at start before this migration existed.
      const relabelledEarlier = "Which song title best sums up how this month has felt?";
      const rows = await db
        .insert(questions)
        .values(
          [...composed, aiWritten, relabelledEarlier].map((text) => ({
            text,
            normalizedText: normalizeQuestionText(text),
            type: "check-in",
            meetingContext: "check-in",
            questionStyle: "playful",
            engagementLevel: "quick",
            source: text === relabelledEarlier ? "composed" : "ai_generated",
          })),
        )
        .returning({ id: questions.id, text: questions.text });
      const id = (text: string) => rows.find((row) => row.text === text)!.id;
      const [user] = await db
        .insert(users)
        .values({ name: "Bo", email: `bo-${Math.random()}@example.com` })
        .returning({ id: users.id });
      await db.insert(votes).values({ userId: user!.id, questionId: id(composed[1]!), direction: "up" });
      await db.insert(savedQuestions).values({ userId: user!.id, questionId: id(composed[2]!) });
      const [plan] = await db
        .insert(meetingPlans)
        .values({ title: "Monday", questionIds: [id(composed[3]!)] })
        .returning({ id: meetingPlans.id });

      for (const statement of composerMigration()) await db.execute(sql.raw(statement));

      const after = await db
        .select({ id: questions.id, source: questions.source, status: questions.status })
        .from(questions)
        .where(
          inArray(
            questions.id,
            rows.map((row) => row.id),
          ),
        );
      const stateOf = (text: string) => {
        const row = after.find((found) => found.id === id(text));
        return row && `${row.source} ${row.status}`;
      };
      expect(stateOf(composed[0]!)).toBeUndefined();
      expect([1, 2, 3].map((i) => stateOf(composed[i]!))).toEqual([
        "composed retired",
        "composed retired",
        "composed retired",
      ]);
      expect(stateOf(relabelledEarlier)).toBe("composed retired");
      expect(stateOf(aiWritten)).toBe("ai_generated published");

      // Kept for their members: in the saved list and the saved plan.
      expect((await listSaved(db, user!.id)).map((q) => q.id)).toEqual([id(composed[2]!)]);
      expect((await findPlan(db, plan!.id))?.questions.map((q) => q.id)).toEqual([id(composed[3]!)]);
      // Never served: the generator offers the AI question, then nothing unseen.
      const choice = {
        meetingContext: "check-in",
        questionStyle: "playful",
        engagementLevel: "quick",
        categorySlug: null,
      } as const;
      const served: string[] = [];
      for (let draw = 0; draw < 6; draw += 1) {
        const picked = await pickForChoice(db, choice, served);
        if (picked?.unseen) served.push(picked.question.id);
      }
      expect(served).toEqual([id(aiWritten)]);
    },
  );
});
