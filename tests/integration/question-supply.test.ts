import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/db/database.server";
import { questionCategories, questions, users } from "~/db/schema";
import { categoryIndex } from "~/domain/categories.server";
import { submitQuestion } from "~/domain/community/submissions.server";
import type { QuotaSubject } from "~/domain/generation/quota.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { importLibrary } from "~/domain/questions/library.server";
import { libraryCoverage } from "~/domain/questions/library-coverage.server";
import { CATEGORY_SLUGS } from "~/shared/categories";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import { normalizeQuestionText, OFFERED_CHOICES, type QuestionChoice } from "~/shared/questions";
import { freshDatabase, libraryFolder, removeLibraryFolders, testEngines, UNLIMITED } from "../support/databases";

/** What the browser remembers between clicks: the last 20 ids it was served and the last 5 texts. */
const BROWSER_SEEN_IDS = 20;
const BROWSER_TEXTS = 5;

/** One click of a page's Generate button, with what the browser remembers between clicks. */
function serveFrom(
  db: Database,
  choice: QuestionChoice,
  page: string | null,
  seenIds: string[],
  texts: string[],
  subject: QuotaSubject,
) {
  return serveQuestion(
    { db, generator: null, metered: false, limits: UNLIMITED },
    generateQuestionRequestSchema.parse({
      meetingContext: choice.context,
      questionStyle: choice.style,
      engagementLevel: choice.engagement,
      categorySlug: page ?? undefined,
      seenIds: seenIds.slice(-BROWSER_SEEN_IDS),
      previousQuestions: texts.slice(-BROWSER_TEXTS),
    }),
    subject,
  );
}

afterAll(removeLibraryFolders);

describe.each(testEngines())("question supply on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let db: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine, { library: true }));
    db = handle.db;
  }, 120_000);
  afterAll(async () => cleanup?.());

  const serve = (
    choice: QuestionChoice,
    page: string | null,
    seenIds: string[],
    texts: string[],
    subject: QuotaSubject,
  ) => serveFrom(db, choice, page, seenIds, texts, subject);

  it.skipIf(!available)(
    "never repeats a question for a member while unseen fitting ones exist, over 200 draws",
    async () => {
      const draws = async (choice: QuestionChoice, page: string | null) => {
        const [user] = await db
          .insert(users)
          .values({ name: "Ada", email: `ada-${Math.random()}@example.com` })
          .returning({ id: users.id });
        const member: QuotaSubject = { kind: "account", userId: user!.id, plan: "free" };
        const ids: string[] = [];
        // The member's browser remembers nothing here: their history alone keeps questions fresh.
        for (let draw = 0; draw < 200; draw++) {
          const result = await serve(choice, page, [], [], member);
          if (!result.ok) throw result.error;
          ids.push(result.body.id);
        }
        return ids;
      };
      // A broad choice: 200 different questions.
      const broad = await draws({ context: "check-in", style: "reflective", engagement: "quick" }, null);
      expect(new Set(broad).size).toBe(200);
      // A narrow one on a category page: every fitting question once before the first repeat, none new after it.
      const narrow = await draws({ context: "status", style: "playful", engagement: "deep" }, "daily-standup");
      const firstRepeat = narrow.findIndex((id, i) => narrow.indexOf(id) < i);
      expect(firstRepeat).toBeGreaterThanOrEqual(40);
      const before = new Set(narrow.slice(0, firstRepeat));
      expect(narrow.slice(firstRepeat).filter((id) => !before.has(id))).toEqual([]);
    },
    300_000,
  );

  it.skipIf(!available)("shows editors where the library is thin and what waits for review, per category", async () => {
    const before = await libraryCoverage(db);
    expect(before.choices).toHaveLength(68);
    expect(before.choices.filter((row) => row.all.thin)).toEqual([]);
    for (const category of before.categories) expect(category.total).toBeGreaterThanOrEqual(450);

    const [user] = await db
      .insert(users)
      .values({ name: "Cy", email: `cy-${Math.random()}@example.com` })
      .returning({ id: users.id });
    const submitted = await submitQuestion(db, user!.id, {
      question: "Which part of this week's retro would you run again exactly as it was?",
      type: "check-out",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "retrospectives",
    });
    expect(submitted.ok).toBe(true);
    const after = await libraryCoverage(db);
    const waiting = (coverage: typeof after) =>
      coverage.categories.find((c) => c.slug === "retrospectives")?.pending ?? 0;
    expect(waiting(after)).toBe(waiting(before) + 1);
  });

  // Last in this block: it leaves a two-question library behind.
  it.skipIf(!available)(
    "keeps the database in step with the library files: labels, categories, retirements",
    async () => {
      const text = (n: number) => `Which small thing made test week ${n} easier for you?`;
      const first = libraryFolder({
        "remote-teams.json": {
          category: "remote-teams",
          questions: [
            { text: text(1), context: "check-in", style: "reflective", engagement: "quick" },
            { text: text(2), context: "energizer", style: "playful", engagement: "quick", also: ["all-hands"] },
          ],
        },
      });
      await importLibrary(db, first);
      const index = await categoryIndex(db);
      const furtherCategories = async (questionText: string) => {
        const [row] = await db
          .select({ id: questions.id })
          .from(questions)
          .where(eq(questions.normalizedText, normalizeQuestionText(questionText)));
        const rows = await db
          .select({ categoryId: questionCategories.categoryId })
          .from(questionCategories)
          .where(eq(questionCategories.questionId, row!.id));
        return rows.map((m) => index.slugById.get(m.categoryId));
      };
      expect(await furtherCategories(text(2))).toEqual(["all-hands"]);
      const second = libraryFolder({
        "remote-teams.json": {
          category: "remote-teams",
          questions: [
            {
              text: text(1),
              context: "focus",
              style: "professional",
              engagement: "standard",
              format: "pick-one",
              answers: ["A", "B", "C"],
            },
          ],
        },
      });
      expect(await importLibrary(db, second)).toMatchObject({ skipped: false, added: 0 });
      const rows = await db
        .select()
        .from(questions)
        .where(inArray(questions.normalizedText, [normalizeQuestionText(text(1)), normalizeQuestionText(text(2))]));
      const relabelled = rows.find((row) => row.text === text(1));
      expect(relabelled).toMatchObject({
        meetingContext: "focus",
        questionStyle: "professional",
        engagementLevel: "standard",
        format: "pick-one",
        answers: ["A", "B", "C"],
        status: "published",
      });
      expect(rows.find((row) => row.text === text(2))?.status).toBe("retired");
      expect(index.slugById.get(relabelled!.categoryId ?? "")).toBe("remote-teams");
      expect(await furtherCategories(text(1))).toEqual([]);
    },
  );
});

// 21,760 draws, on the real server (about a minute); the member draws above cover both engines.
describe.each(testEngines().filter(({ engine }) => engine === "postgres"))(
  "the generator on every page, on $engine",
  ({ engine, available }) => {
    let db: Database;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      if (!available) return;
      const fresh = await freshDatabase(engine, { library: true });
      ({ cleanup } = fresh);
      db = fresh.handle.db;
    }, 120_000);
    afterAll(async () => cleanup?.());

    it.skipIf(!available)(
      "never repeats a question within 20 draws, on the home page and every category page, for every offered choice",
      async () => {
        const repeats: string[] = [];
        let widened = 0;
        // The eight pages walk side by side, each as its own visitor.
        const walkPage = async (page: string | null) => {
          for (const choice of OFFERED_CHOICES) {
            const ids: string[] = [];
            const texts: string[] = [];
            const visitor: QuotaSubject = { kind: "anonymous", visitorId: `walk-${page}`, address: null };
            for (let draw = 0; draw < 25; draw++) {
              const result = await serveFrom(db, choice, page, ids, texts, visitor);
              if (!result.ok) throw result.error;
              const previous = ids.lastIndexOf(result.body.id);
              if (previous >= 0 && draw - previous < 20)
                repeats.push(`${page ?? "home"} ${choice.context}/${choice.style}/${choice.engagement} draw ${draw}`);
              if (result.body.widened) widened += 1;
              ids.push(result.body.id);
              texts.push(result.body.question);
            }
          }
        };
        await Promise.all([null, ...CATEGORY_SLUGS].map(walkPage));
        expect(repeats).toEqual([]);
        // Category pages run out of their own questions for some choices: the widening is real, and said.
        expect(widened).toBeGreaterThan(0);
      },
      600_000,
    );
  },
);
