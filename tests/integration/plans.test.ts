import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { questions } from "~/db/schema";
import { loadPlanDraft } from "~/domain/plans/plans.server";
import { freshDatabase, testEngines } from "../support/databases";

async function addQuestion(handle: DatabaseHandle, text: string, status = "published") {
  const [row] = await handle.db
    .insert(questions)
    .values({
      text,
      normalizedText: text.toLowerCase(),
      type: "check-in",
      meetingContext: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      source: "curated",
      status,
    })
    .returning({ id: questions.id });
  return row?.id as string;
}

describe.each(testEngines())("the plan draft on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("loads the draft's published questions in the draft's order, dropping the rest", async () => {
    const first = await addQuestion(handle, "What made you smile this week?");
    const second = await addQuestion(handle, "Which small win deserves a cheer?");
    const third = await addQuestion(handle, "What do you want to leave behind today?");
    const retired = await addQuestion(handle, "What is a question nobody should see?", "retired");
    const pending = await addQuestion(handle, "What is a question waiting for review?", "pending");
    const missing = "00000000-0000-4000-8000-000000000000";

    const drafted = await loadPlanDraft(handle.db, [third, retired, first, missing, pending, second.toUpperCase()]);
    expect(drafted.map((q) => q.id)).toEqual([third, first, second]);
    expect(drafted[0]).toMatchObject({ question: "What do you want to leave behind today?", type: "check-in" });
    expect(await loadPlanDraft(handle.db, [])).toEqual([]);
    expect(await loadPlanDraft(handle.db, ["not-an-id", missing])).toEqual([]);
  });
});
