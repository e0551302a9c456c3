import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/db/database.server";
import { aiUsage, analyticsEvents, generationHistory, questions, users } from "~/db/schema";
import type { GenerationInput, QuestionGenerator } from "~/domain/generation/generator.server";
import {
  consumeAiGeneration,
  type QuotaLimits,
  type QuotaSubject,
  remainingAiGenerations,
} from "~/domain/generation/quota.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { addressSubject } from "~/domain/limits/rate-limit.server";
import { importLibrary } from "~/domain/questions/library.server";
import { libraryStats } from "~/domain/questions/stats.server";
import { type GenerateQuestionRequest, generateQuestionRequestSchema } from "~/shared/question-schemas";
import { normalizeQuestionText } from "~/shared/questions";
import { freshDatabase, libraryFolder, removeLibraryFolders, testEngines, UNLIMITED } from "../support/databases";

const q = (text: string, context: string, style: string, engagement: string) => ({ text, context, style, engagement });

/** A small library with known cells: two reflective quick check-ins for remote teams, one for retros, one check-out. */
const LIBRARY = {
  "remote-teams.json": {
    category: "remote-teams",
    questions: [
      q("What is one thing on your desk that tells a story?", "check-in", "reflective", "quick"),
      q("Which time zone would you pick for a week, and why?", "check-in", "reflective", "quick"),
      q("What made you smile this week while working from wherever you are?", "check-out", "playful", "quick"),
    ],
  },
  "retrospectives.json": {
    category: "retrospectives",
    questions: [q("What is one word for how this sprint felt?", "check-in", "reflective", "quick")],
  },
};

const request = (overrides: Partial<GenerateQuestionRequest> = {}): GenerateQuestionRequest =>
  generateQuestionRequestSchema.parse({
    meetingContext: "check-in",
    questionStyle: "reflective",
    engagementLevel: "quick",
    ...overrides,
  });

/**
 * A stand-in for the AI provider that records what it was asked and answers
 * a new question each time; the provider itself is tested against a real
 * OpenAI-protocol server in ai-generator.test.ts.
 */
function recordingGenerator(): QuestionGenerator & { inputs: GenerationInput[] } {
  const inputs: GenerationInput[] = [];
  return {
    name: "recording",
    inputs,
    check: async () => ({ ok: true }),
    generate: async (input) => {
      inputs.push(input);
      return `Which small habit would make the next ${inputs.length + 1} days of ${input.meetingContext} work easier?`;
    },
  };
}

const LIMITS: QuotaLimits = { anonymous: 10, anonymousPerIp: 50, free: 25, premium: "unlimited" };
const visitor = (id: string, ip: string | null = null): QuotaSubject => ({
  kind: "anonymous",
  visitorId: id,
  address: ip ? addressSubject(ip, "test secret") : null,
});

afterAll(removeLibraryFolders);

describe.each(testEngines())("question engine on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let db: Database;
  let cleanup: () => Promise<void>;
  const folder = libraryFolder(LIBRARY);

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    db = handle.db;
    await importLibrary(db, folder);
  });
  afterAll(async () => cleanup?.());

  describe.skipIf(!available)("the curated library", () => {
    it("imports once: an unchanged library is skipped, a grown one adds only what is new", async () => {
      expect(await importLibrary(db, folder)).toMatchObject({ skipped: true, added: 0 });
      const grown = libraryFolder({
        ...LIBRARY,
        "all-hands.json": {
          category: "all-hands",
          questions: [
            // Same text as an existing question apart from case and punctuation: not a new question.
            q("what is one WORD for how this sprint felt", "check-in", "reflective", "quick"),
            q("Which small win from this month deserves a shout-out?", "check-out", "inspirational", "quick"),
          ],
        },
      });
      expect(await importLibrary(db, grown)).toMatchObject({ skipped: false, added: 1, questions: 6 });
      const stats = await libraryStats(db);
      expect(stats.questions.bySource).toEqual({ curated: 5 });
      expect(stats.categories.find((c) => c.slug === "remote-teams")?.questionCount).toBe(3);
    });

    it("names the file and entry of a broken library file", async () => {
      const broken = libraryFolder({
        "x.json": { category: "remote-teams", questions: [{ text: "Hi?", context: "nope" }] },
      });
      await expect(importLibrary(db, broken)).rejects.toThrow(/^x\.json: questions\.0\./);
    });
  });

  describe.skipIf(!available)("serving from the library: unseen first, then seen longest ago", () => {
    const cell = { meetingContext: "check-in", questionStyle: "reflective", engagementLevel: "quick" } as const;
    /** The Generate button with no AI configured, as POST /api/v1/generate-question serves it. */
    const serve = async (overrides: Partial<GenerateQuestionRequest>, seenIds: string[] = []) => {
      const result = await serveQuestion(
        { db, generator: null, metered: false, limits: UNLIMITED },
        request({ ...cell, ...overrides, seenIds }),
        visitor("v-library"),
      );
      if (!result.ok) throw new Error(`served nothing: ${result.error.message}`);
      return result.body;
    };

    it("matches the choice and the category page", async () => {
      for (let i = 0; i < 10; i++) {
        const served = await serve({ categorySlug: "remote-teams" });
        expect(served.categorySlug).toBe("remote-teams");
        expect(served).toMatchObject({ ...cell, type: "check-in", source: "curated" });
        expect(served.widened).toBeUndefined();
      }
      const any = new Set<string | null>();
      for (let i = 0; i < 30; i++) any.add((await serve({})).categorySlug ?? null);
      expect(any).toEqual(new Set(["remote-teams", "retrospectives"]));
    });

    it("skips seen ids, ignoring anything that is not a UUID", async () => {
      const first = await serve({ categorySlug: "remote-teams" });
      for (let i = 0; i < 10; i++) {
        const next = await serve({ categorySlug: "remote-teams" }, [
          "not-a-uuid",
          first.id,
          "'; drop table questions; --",
        ]);
        expect(next.id).not.toBe(first.id);
        expect(next.categorySlug).toBe("remote-teams");
      }
    });

    it("when every fitting question was seen, serves the one seen longest ago", async () => {
      const page = { categorySlug: "remote-teams" } as const;
      // The same choice on another category page is the last fitting step: seen too.
      const elsewhere = await serve({ categorySlug: "retrospectives" });
      const a = await serve(page, [elsewhere.id]);
      const b = await serve(page, [elsewhere.id, a.id]);
      expect(b.id).not.toBe(a.id);
      expect((await serve(page, [elsewhere.id, a.id, b.id])).id).toBe(a.id);
      expect((await serve(page, [elsewhere.id, b.id, a.id])).id).toBe(b.id);
    });

    it("says so when nothing in the library fits and no AI is configured", async () => {
      const result = await serveQuestion(
        { db, generator: null, metered: false, limits: UNLIMITED },
        request({ meetingContext: "focus", questionStyle: "playful", engagementLevel: "deep" }),
        visitor("v-empty"),
      );
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toMatchObject({ code: "NO_QUESTION_FITS", message: "No question fits this choice yet." });
    });
  });

  describe.skipIf(!available)("generating when the library has nothing (step 3)", () => {
    it("asks the generator with the last 5 previous questions and stores the answer as a public question", async () => {
      const generator = recordingGenerator();
      const previous = ["One?", "Two?", "Three?", "Four?", "Five?", "Six?"];
      const result = await serveQuestion(
        { db, generator, metered: false, limits: UNLIMITED },
        request({
          meetingContext: "focus",
          questionStyle: "playful",
          engagementLevel: "deep",
          categorySlug: "one-on-ones",
          previousQuestions: previous,
        }),
        visitor("v-step3"),
      );
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(generator.inputs[0]?.previousQuestions).toEqual(previous.slice(1));
      expect(result.body).toMatchObject({
        type: "check-in",
        meetingContext: "focus",
        questionStyle: "playful",
        engagementLevel: "deep",
        categorySlug: "one-on-ones",
        source: "ai_generated",
        remainingQuestions: "unlimited",
      });
      const [row] = await db.select().from(questions).where(eq(questions.id, result.body.id));
      expect(row?.text).toBe(result.body.question);
      expect(row?.status).toBe("published");
    });

    it("a fresh request always asks the generator, even when the library has a match", async () => {
      const generator = recordingGenerator();
      const result = await serveQuestion(
        { db, generator, metered: false, limits: UNLIMITED },
        request({ fresh: true }),
        visitor("v-fresh"),
      );
      expect(generator.inputs).toHaveLength(1);
      expect(result.ok && result.body.source).toBe("ai_generated");
    });

    it("stores a generated question only once, whatever its case and punctuation", async () => {
      const text = "What would a perfect focus hour look like for you today?";
      const fixed: QuestionGenerator = { name: "fixed", check: async () => ({ ok: true }), generate: async () => text };
      const deps = { db, generator: fixed, metered: false, limits: UNLIMITED };
      const first = await serveQuestion(deps, request({ fresh: true }), visitor("v-dup"));
      const again: QuestionGenerator = { ...fixed, generate: async () => `"${text.toUpperCase()}"` };
      const second = await serveQuestion({ ...deps, generator: again }, request({ fresh: true }), visitor("v-dup"));
      expect(first.ok && second.ok && first.body.id === second.body.id).toBe(true);
      const rows = await db
        .select()
        .from(questions)
        .where(eq(questions.normalizedText, normalizeQuestionText(text)));
      expect(rows).toHaveLength(1);
    });
  });

  describe.skipIf(!available)("AI quotas: library unlimited, AI metered", () => {
    it("allows 10 AI generations per anonymous session, refuses the 11th and still serves a library question", async () => {
      const deps = { db, generator: recordingGenerator(), metered: true, limits: LIMITS };
      const subject = visitor("v-quota", "203.0.113.7");
      for (let i = 1; i <= 10; i++) {
        const result = await serveQuestion(deps, request({ fresh: true }), subject);
        expect(result.ok && result.body.remainingQuestions).toBe(10 - i);
        expect(result.ok && result.body.source).toBe("ai_generated");
      }
      const stored = (await db.select({ id: questions.id }).from(questions)).map((row) => row.id);
      const eleventh = await serveQuestion(deps, request({ fresh: true }), subject);
      expect(eleventh.ok).toBe(true);
      if (!eleventh.ok) return;
      // Served from what the library already holds: nothing new was generated.
      expect(stored).toContain(eleventh.body.id);
      expect(await db.$count(questions)).toBe(stored.length);
      expect(eleventh.body.remainingQuestions).toBe(0);
      expect(eleventh.body.aiError?.code).toBe("QUOTA_EXCEEDED");
      expect(eleventh.body.notice).toMatch(
        /used your new AI questions for now: they renew 24 hours after the first one.*library/,
      );
      expect(deps.generator.inputs).toHaveLength(10);
      // Library questions stay unlimited.
      const library = await serveQuestion(deps, request(), subject);
      expect(library.ok && stored.includes(library.body.id)).toBe(true);
    });

    it("keys anonymous quotas by visitor and by IP, so a new cookie does not reset the IP's count", async () => {
      const limits: QuotaLimits = { ...LIMITS, anonymous: 2, anonymousPerIp: 3 };
      const ip = "198.51.100.1";
      expect((await consumeAiGeneration(db, visitor("ip-a", ip), limits)).allowed).toBe(true);
      expect((await consumeAiGeneration(db, visitor("ip-a", ip), limits)).allowed).toBe(true);
      expect((await consumeAiGeneration(db, visitor("ip-a", ip), limits)).allowed).toBe(false);
      expect((await consumeAiGeneration(db, visitor("ip-b", ip), limits)).allowed).toBe(true);
      expect((await consumeAiGeneration(db, visitor("ip-c", ip), limits)).allowed).toBe(false);
      expect(await remainingAiGenerations(db, visitor("ip-d", ip), limits)).toBe(0);
      expect(await remainingAiGenerations(db, visitor("ip-d", "198.51.100.2"), limits)).toBe(2);
    });

    it("gives free accounts 25 a day and premium accounts no limit", async () => {
      const free: QuotaSubject = { kind: "account", userId: "u-free", plan: "free" };
      const premium: QuotaSubject = { kind: "account", userId: "u-premium", plan: "premium" };
      for (let i = 0; i < 25; i++) expect((await consumeAiGeneration(db, free, LIMITS)).allowed).toBe(true);
      expect(await consumeAiGeneration(db, free, LIMITS)).toEqual({ allowed: false, remaining: 0 });
      for (let i = 0; i < 60; i++) expect((await consumeAiGeneration(db, premium, LIMITS)).allowed).toBe(true);
      expect(await remainingAiGenerations(db, premium, LIMITS)).toBe("unlimited");
    });

    it("counts an account's limit over a rolling 24 hours too, not a calendar day", async () => {
      const free: QuotaSubject = { kind: "account", userId: "u-rolling", plan: "free" };
      const limits: QuotaLimits = { ...LIMITS, free: 1 };
      const lateEvening = new Date("2026-03-02T23:30:00Z");
      expect((await consumeAiGeneration(db, free, limits, lateEvening)).allowed).toBe(true);
      // Past midnight UTC the limit still holds: the window is 24 hours from the first generation.
      const nextMorning = new Date("2026-03-03T07:00:00Z");
      expect(await remainingAiGenerations(db, free, limits, nextMorning)).toBe(0);
      expect((await consumeAiGeneration(db, free, limits, nextMorning)).allowed).toBe(false);
      expect((await consumeAiGeneration(db, free, limits, new Date("2026-03-03T23:30:01Z"))).allowed).toBe(true);
    });

    it("starts a new window after a day", async () => {
      const subject = visitor("v-window");
      const limits: QuotaLimits = { ...LIMITS, anonymous: 1 };
      const monday = new Date("2026-03-02T09:00:00Z");
      expect((await consumeAiGeneration(db, subject, limits, monday)).allowed).toBe(true);
      expect((await consumeAiGeneration(db, subject, limits, new Date("2026-03-03T08:59:00Z"))).allowed).toBe(false);
      expect((await consumeAiGeneration(db, subject, limits, new Date("2026-03-03T09:00:01Z"))).allowed).toBe(true);
    });

    it("never hands out more than the limit under concurrent requests", async () => {
      const subject = visitor("v-race");
      const results = await Promise.all(Array.from({ length: 30 }, () => consumeAiGeneration(db, subject, LIMITS)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      const [row] = await db.select().from(aiUsage).where(eq(aiUsage.subject, "visitor:v-race"));
      expect(row?.used).toBe(10);
    });
  });

  describe.skipIf(!available)("what serving a question records", () => {
    const generations = async (userId: string | null) =>
      db
        .select({ source: sql<string>`${analyticsEvents.properties}->>'source'` })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.name, "generation"),
            userId ? eq(analyticsEvents.userId, userId) : isNull(analyticsEvents.userId),
          ),
        );

    it("puts every question served to a member in their history and counts each generation once, however it was served", async () => {
      const [user] = await db
        .insert(users)
        .values({ name: "Grace", email: `grace-${engine}@example.com` })
        .returning({ id: users.id });
      const userId = user?.id as string;
      const member: QuotaSubject = { kind: "account", userId, plan: "free" };
      const failing: QuestionGenerator = {
        name: "failing",
        check: async () => ({ ok: false }),
        generate: async () => {
          throw new Error("provider down");
        },
      };
      // The remote-teams check-out cell holds one question, so the second request finds it seen.
      const checkOut = request({
        meetingContext: "check-out",
        questionStyle: "playful",
        engagementLevel: "quick",
        categorySlug: "remote-teams",
      });
      const served: string[] = [];
      const serve = async (generator: QuestionGenerator | null, body: GenerateQuestionRequest) => {
        const result = await serveQuestion({ db, generator, metered: false, limits: UNLIMITED }, body, member);
        if (!result.ok) throw new Error(`served nothing: ${result.error.message}`);
        served.push(result.body.id);
        return result.body;
      };
      const first = await serve(null, checkOut); // no AI: the library, unseen
      expect(await serve(null, checkOut)).toMatchObject({ id: first.id }); // no AI: the same, seen
      expect(await serve(failing, checkOut)).toMatchObject({ id: first.id, aiError: expect.anything() }); // after the AI failed
      expect(await serve(recordingGenerator(), checkOut)).toMatchObject({ source: "ai_generated" }); // nothing unseen: the AI
      await serve(recordingGenerator(), request({ categorySlug: "retrospectives" })); // unseen, the AI not asked
      expect(await serve(recordingGenerator(), request({ fresh: true }))).toMatchObject({ source: "ai_generated" });

      const history = await db
        .select({ questionId: generationHistory.questionId })
        .from(generationHistory)
        .where(eq(generationHistory.userId, userId));
      expect(history.map((row) => row.questionId).sort()).toEqual([...new Set(served)].sort());
      // The events of questions the pick did not record itself are written after the answer, without waiting.
      await expect
        .poll(async () => (await generations(userId)).map((row) => row.source).sort())
        .toEqual(["ai_generated", "ai_generated", "curated", "curated", "curated", "curated"]);
    });

    it("counts a visitor's generation without keeping any history", async () => {
      const before = (await generations(null)).length;
      const result = await serveQuestion(
        { db, generator: null, metered: false, limits: UNLIMITED },
        request(),
        visitor("v-counted"),
      );
      expect(result.ok).toBe(true);
      // The event of a served question may be written just after the answer.
      await expect.poll(async () => (await generations(null)).length).toBe(before + 1);
    });
  });
});
