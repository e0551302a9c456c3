import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { questions, users } from "~/db/schema";
import { submitQuestion } from "~/domain/community/submissions.server";
import { storeDirected } from "~/domain/generation/directed-storage.server";
import { createPlan, findPlan, loadPlanDraft } from "~/domain/plans/plans.server";
import { hideQuestion, saveQuestion } from "~/domain/questions/marks.server";
import { freshDatabase, testEngines } from "../support/databases";

/** A question Premium's AI wrote for one member ('private'): theirs to save, hide and plan, nobody else's to see. */
describe.each(testEngines())("a member's private question on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let author: string;
  let other: string;
  let privateId: string;
  let publishedId: string;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    const people = await handle.db
      .insert(users)
      .values([
        { name: "Author", email: "author@example.com", emailVerified: true },
        { name: "Other", email: "other@example.com", emailVerified: true },
      ])
      .returning({ id: users.id });
    author = people[0]?.id as string;
    other = people[1]?.id as string;
    const labels = {
      type: "check-in",
      meetingContext: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      source: "ai_generated",
    };
    const rows = await handle.db
      .insert(questions)
      .values([
        {
          ...labels,
          text: "Which release moment made our team laugh?",
          normalizedText: "which release moment made our team laugh",
          status: "private",
          authorId: author,
        },
        { ...labels, text: "What made you smile today?", normalizedText: "what made you smile today" },
      ])
      .returning({ id: questions.id });
    privateId = rows[0]?.id as string;
    publishedId = rows[1]?.id as string;
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("is in its author's plan draft only", async () => {
    const ids = [privateId, publishedId];
    expect((await loadPlanDraft(handle.db, ids, author)).map((q) => q.id)).toEqual(ids);
    expect((await loadPlanDraft(handle.db, ids, other)).map((q) => q.id)).toEqual([publishedId]);
    expect((await loadPlanDraft(handle.db, ids, null)).map((q) => q.id)).toEqual([publishedId]);
  });

  it.skipIf(!available)("stays out of a saved plan's link for everyone but its author", async () => {
    const planId = await createPlan(handle.db, {
      ownerId: author,
      title: "Retro",
      questionIds: [privateId, publishedId],
    });
    expect((await findPlan(handle.db, planId as string, author))?.questions.map((q) => q.id)).toEqual([
      privateId,
      publishedId,
    ]);
    expect((await findPlan(handle.db, planId as string, other))?.questions.map((q) => q.id)).toEqual([publishedId]);
    expect((await findPlan(handle.db, planId as string, null))?.questions.map((q) => q.id)).toEqual([publishedId]);
    // Nobody else can slip it into a plan of their own.
    expect(await createPlan(handle.db, { ownerId: other, title: "Mine", questionIds: [privateId] })).toBeNull();
  });

  it.skipIf(!available)("is saved and hidden by its author; to anyone else it does not exist", async () => {
    expect(await saveQuestion(handle.db, author, privateId)).toBe(true);
    expect(await hideQuestion(handle.db, author, privateId)).toBe(true);
    expect(await saveQuestion(handle.db, other, privateId)).toBe(false);
    expect(await hideQuestion(handle.db, other, privateId)).toBe(false);
  });

  it.skipIf(!available)(
    "may say what another member's private question says: both are stored, and neither learns of the other",
    async () => {
      const text = "Which release moment made our team laugh?";
      const labels = {
        type: "check-in",
        meetingContext: "check-in",
        questionStyle: "playful",
        engagementLevel: "quick",
        categoryId: null,
      };
      // The other member's AI writes the author's private text: a question of their own, not a refusal.
      const theirs = await storeDirected(handle.db, { userId: other, teamId: null }, [text], labels);
      expect(theirs.ok).toBe(true);
      const theirId = theirs.ok ? theirs.questions[0]?.id : undefined;
      expect(theirId).toBeDefined();
      expect(theirId).not.toBe(privateId);
      // The author asking again gets their own question back, never the other's.
      const again = await storeDirected(handle.db, { userId: author, teamId: null }, [text], labels);
      expect(again.ok && again.questions.map((q) => q.id)).toEqual([privateId]);
      // A submission of the same text waits for review like any other.
      const submitted = await submitQuestion(handle.db, other, {
        question: text,
        type: "check-in",
        questionStyle: "playful",
        engagementLevel: "quick",
        categorySlug: "retrospectives",
      });
      expect(submitted.ok).toBe(true);
      // Only a published text is unique: the AI's answer that is already published is that question.
      const published = await storeDirected(
        handle.db,
        { userId: other, teamId: null },
        ["What made you smile today?"],
        labels,
      );
      expect(published.ok && published.questions.map((q) => q.id)).toEqual([publishedId]);
    },
  );
});
