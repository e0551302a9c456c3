import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { questions, users } from "~/db/schema";
import type { QuotaSubject } from "~/domain/generation/quota.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { recordServed } from "~/domain/questions/history.server";
import { hideQuestion, unhideQuestion } from "~/domain/questions/marks.server";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import { freshDatabase, testEngines, UNLIMITED } from "../support/databases";

const CELL = { meetingContext: "focus", questionStyle: "playful", engagementLevel: "deep" } as const;

describe.each(testEngines())("per-member freshness on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let ids: string[] = [];
  let member: QuotaSubject;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
    const rows = await handle.db
      .insert(questions)
      .values(
        [
          "Which goal needs the most courage this quarter?",
          "What would you drop to focus on one thing?",
          "Which habit keeps you on track when it gets busy?",
        ].map((text) => ({
          text,
          normalizedText: text.toLowerCase(),
          type: "check-in",
          ...CELL,
          source: "curated",
        })),
      )
      .returning({ id: questions.id });
    ids = rows.map((r) => r.id);
    member = await newMember();
  });

  async function newMember(): Promise<QuotaSubject> {
    const [user] = await handle.db
      .insert(users)
      .values({ name: "Ada", email: `ada-${Math.random()}@example.com` })
      .returning({ id: users.id });
    return { kind: "account", userId: user?.id as string, plan: "free" };
  }
  afterAll(async () => cleanup?.());

  const serve = (seenIds: string[], subject: QuotaSubject = member) =>
    serveQuestion(
      { db: handle.db, generator: null, metered: false, limits: UNLIMITED },
      generateQuestionRequestSchema.parse({ ...CELL, seenIds }),
      subject,
    );

  it.skipIf(!available)("never serves a hidden question to that member, over 500 generations in its cell", async () => {
    const [hidden, b, c] = ids as [string, string, string];
    expect(await hideQuestion(handle.db, (member as { userId: string }).userId, hidden)).toBe(true);
    const served = new Set<string>();
    for (let i = 0; i < 500; i++) {
      // Nothing seen, some seen, and everything else seen: the least-recently-seen fallback included.
      const seen = [[], [b], [b, c], [c, b]][i % 4] as string[];
      const result = await serve(seen);
      expect(result.ok).toBe(true);
      if (result.ok) served.add(result.body.id);
    }
    expect(served.has(hidden)).toBe(false);
    expect([...served].sort()).toEqual([b, c].sort());

    // Another visitor still gets it, and showing it again brings it back.
    const others = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const result = await serve([], { kind: "anonymous", visitorId: "someone-else", address: null });
      if (result.ok) others.add(result.body.id);
    }
    expect(others.has(hidden)).toBe(true);
    await unhideQuestion(handle.db, (member as { userId: string }).userId, hidden);
  });

  it.skipIf(!available)("prefers questions the member has never been served", async () => {
    const [a, b, c] = ids as [string, string, string];
    // Serving records a member's history, so each trial starts with a member served a and b only.
    for (let i = 0; i < 30; i++) {
      member = await newMember();
      const userId = (member as { userId: string }).userId;
      await recordServed(handle.db, userId, a);
      await recordServed(handle.db, userId, b);
      const result = await serve([]);
      expect(result.ok && result.body.id).toBe(c);
    }
    // Once everything was served (c just now), the browser's seen list decides again.
    const result = await serve([c, a]);
    expect(result.ok && result.body.id).toBe(b);
  });
});
