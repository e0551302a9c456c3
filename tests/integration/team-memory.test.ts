import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { questions, teamMembers, teams, users } from "~/db/schema";
import type { QuotaSubject } from "~/domain/generation/quota.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { recordServed } from "~/domain/questions/history.server";
import { hideQuestion } from "~/domain/questions/marks.server";
import { saveToTeam } from "~/domain/teams/collection.server";
import { hideForTeam, recordTeamUse, teamHistory } from "~/domain/teams/memory.server";
import { submitTeamQuestion, writeTeamQuestion } from "~/domain/teams/team-questions.server";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import { normalizeQuestionText } from "~/shared/questions";
import { freshDatabase, testEngines, UNLIMITED } from "../support/databases";

/** A cell of its own, so the team's questions are the only ones that fit. */
const CELL = { meetingContext: "status", questionStyle: "professional", engagementLevel: "quick" } as const;
const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines())("team memory on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let n = 0;

  beforeAll(async () => {
    if (!available) return;
    ({ handle, cleanup } = await freshDatabase(engine));
  });
  afterAll(async () => cleanup?.());

  let ids: string[] = [];
  beforeEach(async () => {
    if (!available) return;
    // Six fresh questions per test in a cell nobody else uses: the earlier tests' ones are retired.
    await handle.db.update(questions).set({ status: "retired" });
    n += 1;
    const rows = await handle.db
      .insert(questions)
      .values(
        Array.from({ length: 6 }, (_, i) => {
          const text = `Round ${n}: what is the status of part ${i + 1}?`;
          return { text, normalizedText: normalizeQuestionText(text), type: "check-in", ...CELL, source: "curated" };
        }),
      )
      .returning({ id: questions.id });
    ids = rows.map((r) => r.id);
  });

  async function newPerson(name: string): Promise<QuotaSubject & { userId: string }> {
    const [user] = await handle.db
      .insert(users)
      .values({ name, email: `${name.toLowerCase()}-${Math.random()}@example.com` })
      .returning({ id: users.id });
    return { kind: "account", userId: user?.id as string, plan: "free" };
  }

  async function newTeam(...people: { userId: string }[]): Promise<string> {
    const [team] = await handle.db.insert(teams).values({ name: "Platform" }).returning({ id: teams.id });
    const teamId = team?.id as string;
    for (const [i, person] of people.entries())
      await handle.db
        .insert(teamMembers)
        .values({ teamId, userId: person.userId, role: i === 0 ? "owner" : "facilitator" });
    return teamId;
  }

  const serve = async (subject: QuotaSubject, teamId?: string, seenIds: string[] = []) => {
    const result = await serveQuestion(
      { db: handle.db, generator: null, metered: false, limits: UNLIMITED },
      generateQuestionRequestSchema.parse({ ...CELL, seenIds, ...(teamId ? { teamId } : {}) }),
      subject,
    );
    if (!result.ok) throw result.error;
    return result.body.id;
  };

  it.skipIf(!available)(
    "never serves the team a question it used while a fitting unused one exists, whoever hosts",
    async () => {
      const [ada, bea] = [await newPerson("Ada"), await newPerson("Bea")];
      const teamId = await newTeam(ada, bea);
      const [q1, q2, q3, ...unused] = ids as [string, string, string, ...string[]];
      // Used on three earlier days, q1 longest ago.
      for (const [days, questionId] of [
        [3, q1],
        [2, q2],
        [1, q3],
      ] as const)
        await recordTeamUse(handle.db, {
          teamId,
          questionId,
          how: "asked",
          usedBy: ada.userId,
          at: new Date(Date.now() - days * DAY),
        });
      const left = new Set(unused);
      // Hosts take turns; each question they present is remembered for the team.
      for (const host of [ada, bea, ada]) {
        const served = await serve(host, teamId);
        expect(left.has(served)).toBe(true);
        left.delete(served);
        await recordTeamUse(handle.db, { teamId, questionId: served, how: "presented", usedBy: host.userId });
      }
      // Everything used: the one the team used longest ago comes back first.
      expect(await serve(bea, teamId)).toBe(q1);
      // Without the team, the same member's own freshness alone decides: the team's uses do not count.
      const cy = await newPerson("Cy");
      const own = new Set<string>();
      for (let i = 0; i < 6; i++) own.add(await serve(cy));
      expect([...own].sort()).toEqual([...ids].sort());
    },
  );

  it.skipIf(!available)('never serves "not for this team" again, even when everything else is used', async () => {
    const ada = await newPerson("Ada");
    const teamId = await newTeam(ada);
    const [notForUs, ...others] = ids as [string, ...string[]];
    expect((await hideForTeam(handle.db, teamId, notForUs, ada.userId)).ok).toBe(true);
    for (const questionId of others)
      await recordTeamUse(handle.db, { teamId, questionId, how: "live", usedBy: ada.userId });
    for (let i = 0; i < 40; i++) {
      const host = i % 2 ? ada : await newPerson("Guest");
      if (host !== ada) await handle.db.insert(teamMembers).values({ teamId, userId: host.userId, role: "member" });
      expect(await serve(host, teamId, i % 3 ? [others[0] as string] : [])).not.toBe(notForUs);
    }
    // Another team is not bound by it.
    const bea = await newPerson("Bea");
    const other = await newTeam(bea);
    const served = new Set<string>();
    for (let i = 0; i < 40; i++) served.add(await serve(bea, other, [...served].slice(-5)));
    expect(served.has(notForUs)).toBe(true);
  });

  it.skipIf(!available)("serves a team's private questions in its meetings only", async () => {
    const [ada, bea] = [await newPerson("Ada"), await newPerson("Bea")];
    const [ours, theirs] = [await newTeam(ada), await newTeam(bea)];
    const written = await writeTeamQuestion(handle.db, ours, ada.userId, {
      question: "Which part of our platform made you proud this week?",
      type: "check-in",
      questionStyle: CELL.questionStyle,
      engagementLevel: CELL.engagementLevel,
      categorySlug: "remote-teams",
    });
    if (!written.ok) throw written.error;
    // The library's six are used up for our team: the private one is the only unused one.
    for (const questionId of ids)
      await recordTeamUse(handle.db, { teamId: ours, questionId, how: "asked", usedBy: null });
    await handle.db.update(questions).set({ meetingContext: CELL.meetingContext }).where(eqId(written.id));
    expect(await serve(ada, ours)).toBe(written.id);
    // Waiting for review, it stays the team's.
    expect((await submitTeamQuestion(handle.db, ours, written.id, ada.userId)).ok).toBe(true);
    expect(await serve(await newPerson("Ada2"), ours)).toBe(written.id);
    // Nobody else is ever served it: another team, a member without a team, a visitor.
    const elsewhere = new Set<string>();
    for (let i = 0; i < 30; i++) {
      elsewhere.add(await serve(bea, theirs, [...elsewhere].slice(-3)));
      elsewhere.add(await serve(bea, undefined, [...elsewhere].slice(-3)));
      elsewhere.add(await serve({ kind: "anonymous", visitorId: `v${i}`, address: null }));
    }
    expect(elsewhere.has(written.id)).toBe(false);
    // Its text written again by another team becomes that team's own question, and nobody is told the first
    // exists; written again by its own team it is refused; a published text is saved instead.
    const sameText = {
      question: "Which part of our platform made you proud this week?",
      type: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      categorySlug: "remote-teams",
    } as const;
    const again = await writeTeamQuestion(handle.db, theirs, bea.userId, sameText);
    expect(again).toMatchObject({ ok: true, savedPublished: false });
    expect(again.ok && again.id).not.toBe(written.id);
    expect(await writeTeamQuestion(handle.db, ours, ada.userId, sameText)).toMatchObject({
      ok: false,
      error: { code: "TEAM_ALREADY_HAS_QUESTION", message: "Your team already has this question" },
    });
    const [published] = await handle.db
      .select({ text: questions.text, id: questions.id })
      .from(questions)
      .where(eqId(ids[0] as string));
    await handle.db
      .update(questions)
      .set({ status: "published" })
      .where(eqId(ids[0] as string));
    const saved = await writeTeamQuestion(handle.db, theirs, bea.userId, {
      question: published?.text as string,
      type: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      categorySlug: "remote-teams",
    });
    expect(saved).toMatchObject({ ok: true, id: published?.id, savedPublished: true });
    // Personal hide and the team collection do not reach another team's private question.
    expect(await hideQuestion(handle.db, bea.userId, written.id)).toBe(false);
    expect((await saveToTeam(handle.db, theirs, written.id, bea.userId)).ok).toBe(false);
  });

  it.skipIf(!available)("keeps the member's own freshness on top of the team's memory", async () => {
    const ada = await newPerson("Ada");
    const teamId = await newTeam(ada);
    const [u1, u2, u3, seenByAda, ...fresh] = ids as [string, string, string, string, ...string[]];
    for (const questionId of [u1, u2, u3])
      await recordTeamUse(handle.db, { teamId, questionId, how: "asked", usedBy: ada.userId });
    await recordServed(handle.db, ada.userId, seenByAda);
    const first = await serve(ada, teamId);
    expect(fresh).toContain(first);
    // The browser's own list counts too.
    expect(await serve(ada, teamId, [fresh.find((id) => id !== first) as string])).not.toBe(seenByAda);
    const history = await teamHistory(handle.db, teamId);
    expect(history.total).toBe(3);
    expect(history.entries.map((e) => e.questionId).sort()).toEqual([u1, u2, u3].sort());
  });
});

const eqId = (id: string) => eq(questions.id, id);
