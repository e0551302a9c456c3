import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { adminAuditLog, questions, users } from "~/db/schema";
import { editQuestion } from "~/domain/admin/questions.server";
import type { QuotaSubject } from "~/domain/generation/quota.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { importLibrary } from "~/domain/questions/library.server";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import { freshDatabase, libraryFolder, removeLibraryFolders, testEngines, UNLIMITED } from "../support/databases";

const CHOICE = { meetingContext: "check-out", questionStyle: "reflective", engagementLevel: "standard" } as const;
const labels = { context: "check-out", style: "reflective", engagement: "standard" } as const;

/** Questions that name their meeting, each only right in that meeting. */
const RETRO_ONLY = [
  "What would make our next retro more useful to you?",
  "Which part of this retro would you run again as it was?",
];
const ONE_ON_ONE_ONLY = ["What should we talk about first in our next one-on-one?"];
/** A retro question wrongly filed under another category as well: the ladder still keeps it in its own. */
const RETRO_ALSO_FILED = "What did this retro show you about how we work together?";

const LIBRARY = {
  "retrospectives.json": {
    category: "retrospectives",
    questions: [
      ...RETRO_ONLY.map((text) => ({ text, ...labels })),
      { text: RETRO_ALSO_FILED, ...labels, also: ["team-building"] },
      { text: "Which habit of ours would you keep exactly as it is?", ...labels },
    ],
  },
  "one-on-ones.json": {
    category: "one-on-ones",
    questions: [
      ...ONE_ON_ONE_ONLY.map((text) => ({ text, ...labels })),
      { text: "What is one thing you are taking from this conversation?", ...labels },
    ],
  },
  "team-building.json": {
    category: "team-building",
    questions: [
      { text: "What did you notice about how this team works together?", ...labels },
      { text: "Which moment of working together would you like more of?", ...labels },
      { text: "What is one thing you want to thank this group for?", ...labels, style: "inspirational" },
    ],
  },
};
const BOUND = [...RETRO_ONLY, ...ONE_ON_ONE_ONLY, RETRO_ALSO_FILED];

describe.each(testEngines())("questions that name a meeting, on $engine", ({ engine, available }) => {
  let db: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(engine);
    ({ cleanup } = fresh);
    db = fresh.handle.db;
    await importLibrary(db, libraryFolder(LIBRARY));
  });
  afterAll(async () => {
    removeLibraryFolders();
    await cleanup?.();
  });

  /** A visitor clicking Generate again and again on one page, remembering everything it was served. */
  async function walk(page: string | null, clicks: number) {
    const seenIds: string[] = [];
    const served: { text: string; widened: string | undefined }[] = [];
    const visitor: QuotaSubject = { kind: "anonymous", visitorId: `walk-${page}-${Math.random()}`, address: null };
    for (let click = 0; click < clicks; click++) {
      const result = await serveQuestion(
        { db, generator: null, metered: false, limits: UNLIMITED },
        generateQuestionRequestSchema.parse({ ...CHOICE, categorySlug: page ?? undefined, seenIds }),
        visitor,
      );
      if (!result.ok) throw result.error;
      served.push({ text: result.body.question, widened: result.body.widened });
      seenIds.push(result.body.id);
    }
    return served;
  }

  it.skipIf(!available)(
    "never serves them on another category's page, even once its own questions are used up and it widens",
    async () => {
      const served = await walk("team-building", 30);
      const texts = new Set(served.map((s) => s.text));
      // The page ran out of its own questions and widened to other categories...
      expect(served.some((s) => s.widened)).toBe(true);
      expect(texts.has("Which habit of ours would you keep exactly as it is?")).toBe(true);
      // ...but never to a question that names a retro or a one-on-one, filed under it or not.
      expect([...texts].filter((text) => BOUND.includes(text))).toEqual([]);
    },
  );

  it.skipIf(!available)("never serves them for any meeting on the home page", async () => {
    const texts = new Set((await walk(null, 30)).map((s) => s.text));
    expect(texts.size).toBeGreaterThanOrEqual(5);
    expect([...texts].filter((text) => BOUND.includes(text))).toEqual([]);
  });

  it.skipIf(!available)("serves them for their own meeting only, on its page or chosen on the home page", async () => {
    const retro = new Set((await walk("retrospectives", 20)).map((s) => s.text));
    for (const text of [...RETRO_ONLY, RETRO_ALSO_FILED]) expect(retro.has(text)).toBe(true);
    expect(retro.has(ONE_ON_ONE_ONLY[0] as string)).toBe(false);
    const oneOnOne = new Set((await walk("one-on-ones", 20)).map((s) => s.text));
    expect(oneOnOne.has(ONE_ON_ONE_ONLY[0] as string)).toBe(true);
    expect([...oneOnOne].filter((text) => RETRO_ONLY.includes(text) || text === RETRO_ALSO_FILED)).toEqual([]);
  });

  it.skipIf(!available)(
    "an admin's edit that makes a question name a retro keeps it out of every other meeting from then on",
    async () => {
      const before = "What did you notice about how this team works together?";
      const after = "What did you notice about how this team works together in this retro?";
      const [admin] = await db
        .insert(users)
        .values({ name: "Admin", email: "admin@example.com", emailVerified: true })
        .returning({ id: users.id });
      const [row] = await db.select({ id: questions.id }).from(questions).where(eq(questions.text, before));
      expect(await editQuestion(db, admin?.id as string, row?.id as string, after)).toEqual({ ok: true });

      const [edited] = await db
        .select({ meetingBound: questions.meetingBound })
        .from(questions)
        .where(eq(questions.id, row?.id as string));
      expect(edited?.meetingBound).toBe(true);
      const home = new Set((await walk(null, 30)).map((s) => s.text));
      expect(home.size).toBeGreaterThanOrEqual(4);
      expect(home.has(after)).toBe(false);
      const [audit] = await db
        .select({ before: adminAuditLog.before, after: adminAuditLog.after })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, row?.id as string));
      expect(audit).toEqual({ before: { text: before }, after: { text: after } });
    },
  );
});
