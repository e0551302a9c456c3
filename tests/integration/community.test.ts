import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { adminAuditLog, analyticsEvents, categories, questions, savedQuestions, users, votes } from "~/db/schema";
import { deleteQuestion, editQuestion, moderateQuestion, moderationQueue } from "~/domain/admin/questions.server";
import { dailyActivity } from "~/domain/analytics/events.server";
import { renderExport } from "~/domain/community/export-formats";
import { listQuestions } from "~/domain/community/list.server";
import { listSaved } from "~/domain/community/saves.server";
import { listSubmissions, submitQuestion } from "~/domain/community/submissions.server";
import { castVote } from "~/domain/community/votes.server";
import { saveQuestion, unsaveQuestion } from "~/domain/questions/marks.server";
import { freshDatabase, testEngines } from "../support/databases";

async function makeUsers(handle: DatabaseHandle, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `User ${i}`,
    email: `u${i}-${Math.random()}@example.com`,
  }));
  const inserted = await handle.db.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((r) => r.id);
}

async function addQuestion(handle: DatabaseHandle, text: string, extra: Partial<typeof questions.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(questions)
    .values({
      text,
      normalizedText: text.toLowerCase(),
      type: "check-in",
      meetingContext: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      source: "curated",
      ...extra,
    })
    .returning({ id: questions.id });
  return row?.id as string;
}

describe.each(testEngines())("community on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("toggles a vote: none creates, same removes, opposite switches", async () => {
    const [user] = await makeUsers(handle, 1);
    const id = await addQuestion(handle, "What toggles your mood fastest?");
    expect(await castVote(handle.db, user as string, id, "up")).toMatchObject({
      voteScore: 1,
      totalVotes: 1,
      userVote: "up",
    });
    expect(await castVote(handle.db, user as string, id, "down")).toMatchObject({
      upvotes: 0,
      downvotes: 1,
      voteScore: -1,
      totalVotes: 1,
      userVote: "down",
    });
    expect(await castVote(handle.db, user as string, id, "down")).toMatchObject({
      voteScore: 0,
      totalVotes: 0,
      userVote: null,
    });
    const pending = await addQuestion(handle, "Is this still pending review?", { status: "pending" });
    expect(await castVote(handle.db, user as string, pending, "up")).toBeNull();
  });

  it.skipIf(!available)(
    "keeps the counters equal to the votes table under 500 parallel votes from 50 users",
    async () => {
      const people = await makeUsers(handle, 50);
      const id = await addQuestion(handle, "Which vote would you cast right now?");
      const directions = ["up", "down"] as const;
      await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          castVote(handle.db, people[i % 50] as string, id, directions[(i * 7) % 3 === 0 ? 1 : 0]),
        ),
      );
      const [counters] = await handle.db.select().from(questions).where(eq(questions.id, id));
      const [table] = await handle.db
        .select({
          up: sql<number>`count(*) filter (where ${votes.direction} = 'up')::int`,
          down: sql<number>`count(*) filter (where ${votes.direction} = 'down')::int`,
        })
        .from(votes)
        .where(eq(votes.questionId, id));
      expect(counters?.upvotes).toBe(table?.up);
      expect(counters?.downvotes).toBe(table?.down);
      expect(counters?.voteScore).toBe((table?.up ?? 0) - (table?.down ?? 0));
      expect(counters?.totalVotes).toBe((table?.up ?? 0) + (table?.down ?? 0));
      expect(counters?.totalVotes).toBeLessThanOrEqual(50);
    },
  );

  it.skipIf(!available)("pages, sorts and filters in the database, bounded to the real page count", async () => {
    const first = await listQuestions(handle.db, { sort: "popular", category: "all", page: 1 }, null);
    expect(first.items.length).toBeLessThanOrEqual(25);
    expect(first.pageCount).toBe(Math.max(1, Math.ceil(first.total / 25)));
    const beyond = await listQuestions(handle.db, { sort: "popular", category: "all", page: 9999 }, null);
    expect(beyond.page).toBe(first.pageCount);
    // Popular: total votes, then score.
    const totals = first.items.map((q) => q.totalVotes);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const trending = await listQuestions(handle.db, { sort: "trending", category: "all", page: 1 }, null);
    const scores = trending.items.map((q) => q.voteScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Pending and rejected questions never show.
    expect(first.items.some((q) => q.question === "Is this still pending review?")).toBe(false);
  });

  it.skipIf(!available)("keeps the list's counts exact through submit, approve, reject, move and delete", async () => {
    const published = async (categoryId?: string | null) => {
      const [row] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(questions)
        .where(
          categoryId === undefined
            ? eq(questions.status, "published")
            : sql`${questions.status} = 'published' and ${questions.categoryId} = ${categoryId}`,
        );
      return row?.n ?? 0;
    };
    const [category] = await handle.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, "retrospectives"));
    const categoryId = category?.id as string;
    const pending = await addQuestion(handle, "Which count should move next?", { status: "pending", categoryId });
    const other = await addQuestion(handle, "Which question moves between categories?", { categoryId });
    await handle.db.update(questions).set({ status: "published" }).where(eq(questions.id, pending));
    await handle.db.update(questions).set({ categoryId: null }).where(eq(questions.id, other));
    await handle.db.update(questions).set({ status: "rejected" }).where(eq(questions.id, other));
    await handle.db.delete(questions).where(eq(questions.id, pending));
    const all = await listQuestions(handle.db, { sort: "newest", category: "all", page: 1 }, null);
    expect(all.total).toBe(await published());
    const retros = await listQuestions(handle.db, { sort: "newest", category: "retrospectives", page: 1 }, null);
    expect(retros.total).toBe(await published(categoryId));
  });

  it.skipIf(!available)("shows the viewer's vote and save on each card", async () => {
    const [user] = await makeUsers(handle, 1);
    const id = await addQuestion(handle, "Which card shows my own vote?", { totalVotes: 100000 });
    await castVote(handle.db, user as string, id, "up");
    await saveQuestion(handle.db, user as string, id);
    const page = await listQuestions(handle.db, { sort: "popular", category: "all", page: 1 }, user as string);
    expect(page.items[0]).toMatchObject({ id, userVote: "up", saved: true });
    const anonymous = await listQuestions(handle.db, { sort: "popular", category: "all", page: 1 }, null);
    expect(anonymous.items[0]).toMatchObject({ id, userVote: null, saved: false });
  });

  it.skipIf(!available)("saves, unsaves and exports a user's questions", async () => {
    const [user] = await makeUsers(handle, 1);
    const a = await addQuestion(handle, 'What made you smile, "today"?');
    const b = await addQuestion(handle, "=HYPERLINK(evil) or a real question?", {
      type: "check-out",
      meetingContext: "check-out",
    });
    expect(await saveQuestion(handle.db, user as string, a)).toBe(true);
    expect(await saveQuestion(handle.db, user as string, a)).toBe(true);
    expect(await saveQuestion(handle.db, user as string, b)).toBe(true);
    expect((await listSaved(handle.db, user as string)).map((q) => q.id)).toEqual([b, a]);
    const rows = (await listSaved(handle.db, user as string)).map((q) => ({ ...q, savedAt: q.savedAt }));
    const csv = renderExport("csv", rows, "CircleUp");
    expect(csv).toContain('"What made you smile, ""today""?"');
    expect(csv).toContain("'=HYPERLINK(evil) or a real question?");
    const markdown = renderExport("markdown", rows, "CircleUp");
    expect(markdown).toMatch(/## Check-in\n\n- What made you smile, "today"\?/);
    expect(markdown).toContain("## Check-out");
    await unsaveQuestion(handle.db, user as string, a);
    expect((await listSaved(handle.db, user as string)).map((q) => q.id)).toEqual([b]);
  });

  it.skipIf(!available)("moderates submissions, edits and deletes with an audit entry for each", async () => {
    const [author, admin] = await makeUsers(handle, 2);
    const submitted = await submitQuestion(handle.db, author as string, {
      question: "What is one thing our team does better than a year ago?",
      type: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "retrospectives",
    });
    expect(submitted.ok).toBe(true);
    const duplicate = await submitQuestion(handle.db, author as string, {
      question: "what is ONE thing our team does better than a year ago?",
      type: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "retrospectives",
    });
    expect(duplicate).toMatchObject({
      ok: false,
      error: { code: "QUESTION_ALREADY_SUBMITTED", message: "You have already submitted this question" },
    });
    const id = submitted.ok ? submitted.id : "";
    expect((await moderationQueue(handle.db)).map((q) => q.id)).toContain(id);
    expect((await listSubmissions(handle.db, author as string))[0]).toMatchObject({ id, status: "pending" });

    expect(await moderateQuestion(handle.db, admin as string, id, "approve")).toEqual({ ok: true });
    expect((await listSubmissions(handle.db, author as string))[0]).toMatchObject({ status: "published" });
    expect(await editQuestion(handle.db, admin as string, id, "What does our team do better than a year ago?")).toEqual(
      { ok: true },
    );
    await castVote(handle.db, author as string, id, "up");
    await saveQuestion(handle.db, author as string, id);
    expect(await deleteQuestion(handle.db, admin as string, id)).toEqual({ ok: true });
    expect(await handle.db.select().from(questions).where(eq(questions.id, id))).toEqual([]);
    expect(await handle.db.select().from(votes).where(eq(votes.questionId, id))).toEqual([]);
    expect(await handle.db.select().from(savedQuestions).where(eq(savedQuestions.questionId, id))).toEqual([]);
    const audit = await handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["question.approve", "question.delete", "question.edit"]);
    expect(audit.find((a) => a.action === "question.edit")).toMatchObject({
      actorId: admin,
      before: { text: "What is one thing our team does better than a year ago?" },
      after: { text: "What does our team do better than a year ago?" },
    });
  });

  it.skipIf(!available)("counts analytics events per UTC day for the admin chart, zeros included", async () => {
    const now = new Date("2031-05-10T12:00:00Z");
    await handle.db.insert(analyticsEvents).values([
      { name: "vote", createdAt: new Date("2031-05-10T00:30:00Z") },
      { name: "vote", createdAt: new Date("2031-05-10T23:59:00Z") },
      { name: "sign_up", createdAt: new Date("2031-05-08T09:00:00Z") },
      { name: "login", createdAt: new Date("2031-05-10T09:00:00Z") },
    ]);
    const days = await dailyActivity(handle.db, 3, now);
    expect(days).toEqual([
      { day: "2031-05-08", page_view: 0, generation: 0, sign_up: 1, vote: 0 },
      { day: "2031-05-09", page_view: 0, generation: 0, sign_up: 0, vote: 0 },
      { day: "2031-05-10", page_view: 0, generation: 0, sign_up: 0, vote: 2 },
    ]);
  });
});
