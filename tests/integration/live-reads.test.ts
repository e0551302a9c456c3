import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { liveAnswers, liveParticipants, liveRoundEvents, liveRounds, questions } from "~/db/schema";
import { hostAction, moderateAnswer } from "~/domain/live/hosting.server";
import { joinRound, submitAnswer } from "~/domain/live/participation.server";
import { answersPage, createRound, getRoundView } from "~/domain/live/rounds.server";
import { hashToken, newToken } from "~/domain/secret-tokens.server";
import { LIVE_TEXT_MAX, LIVE_TOP_WORDS, type LiveSettings, type RoundEvent } from "~/shared/live";
import { freshDatabase, testEngines } from "../support/databases";

/**
 * What a round sends the screens in a room of 2,000: a reveal is counts,
 * never the answers, and a participant reads only what they may see now.
 */

const SETTINGS: LiveSettings = { roundHours: 24, recapDays: 30, maxParticipants: 2000, streamsPerAddress: 2500 };
const ROOM = 2000;
/** The most a phone, or the host's screen, may be sent for a reveal to the whole room. */
const REVEAL_BUDGET_BYTES = 16 * 1024;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

async function addQuestion(handle: DatabaseHandle, text: string, format: string) {
  const [row] = await handle.db
    .insert(questions)
    .values({
      text,
      normalizedText: `${text.toLowerCase()} ${Math.random()}`,
      type: "check-in",
      meetingContext: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      format,
      source: "curated",
    })
    .returning({ id: questions.id });
  return row?.id ?? "";
}

/** Words as a room writes them: a few common ones, and a long tail said once. */
function roomWord(index: number): string {
  const common = ["tired", "Rested!", "busy", "curious", "calm", "hungry", "Caffeinated"];
  return index % 3 === 0 ? `word${index}` : (common[index % common.length] ?? "fine");
}

describe.each(testEngines())("reads of a live round on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let ids: { word: string; open: string };

  /** A round with the whole room in it: participants and their answers stored in bulk, as if each had answered. */
  async function fullRound(mode: "word" | "text", answerOf: (index: number) => string) {
    const created = await createRound(
      handle.db,
      { questionIds: [ids[mode === "word" ? "word" : "open"]], anonymous: false, revealMode: "host", ownerId: null },
      SETTINGS,
    );
    if (!created.ok) throw created.error;
    const [round] = await handle.db.select().from(liveRounds).where(eq(liveRounds.code, created.code));
    if (!round) throw new Error("no round");
    const tokens = Array.from({ length: ROOM }, () => newToken());
    const seated = await handle.db
      .insert(liveParticipants)
      .values(tokens.map((token, i) => ({ roundId: round.id, tokenHash: hashToken(token), name: `Person ${i}` })))
      .returning({ id: liveParticipants.id, name: liveParticipants.name });
    await handle.db.insert(liveAnswers).values(
      seated.map((p) => ({
        roundId: round.id,
        position: 0,
        participantId: p.id,
        kind: "answer",
        text: answerOf(Number(p.name?.slice("Person ".length))),
      })),
    );
    await handle.db.update(liveRounds).set({ participantCount: ROOM }).where(eq(liveRounds.id, round.id));
    return { code: created.code, id: round.id, host: { hostToken: created.hostToken }, tokens };
  }

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(engine);
    handle = fresh.handle;
    cleanup = fresh.cleanup;
    ids = {
      word: await addQuestion(handle, "In one word, how are you arriving today?", "one-word"),
      open: await addQuestion(handle, "What made you smile this week?", "open"),
    };
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)(
    "reveals 2,000 one-word answers in at most 16 KB to each phone and to the host's screen",
    async () => {
      const round = await fullRound("word", roomWord);
      expect((await hostAction(handle.db, round.code, round.host, "reveal", 0)).ok).toBe(true);
      const [stored] = await handle.db
        .select({ data: liveRoundEvents.data, audience: liveRoundEvents.audience })
        .from(liveRoundEvents)
        .where(and(eq(liveRoundEvents.roundId, round.id), sql`${liveRoundEvents.data}->>'type' = 'phase'`));
      const reveal = stored?.data as Extract<RoundEvent, { type: "phase" }>;
      expect(stored?.audience).toBe("all");
      expect(reveal.results).toMatchObject({ answered: ROOM, passed: 0, hidden: 0 });
      // The most said words with their counts, most first; "Rested!" is counted as "rested".
      const rested = Array.from({ length: ROOM }, (_, i) => i).filter((i) => roomWord(i) === "Rested!").length;
      expect(reveal.results?.words.find((w) => w.word === "rested")?.count).toBe(rested);
      const counts = reveal.results?.words.map((w) => w.count) ?? [];
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(reveal.results?.words.length).toBe(LIVE_TOP_WORDS);
      expect(bytes(reveal)).toBeLessThanOrEqual(REVEAL_BUDGET_BYTES);
      expect(JSON.stringify(reveal)).not.toContain("Person ");

      const phone = await getRoundView(handle.db, round.code, { participantToken: round.tokens[0] }, "participant");
      const host = await getRoundView(handle.db, round.code, round.host, "host");
      if (!phone.ok || !host.ok) throw new Error("no view");
      expect(phone.view.results?.answered).toBe(ROOM);
      expect(bytes(phone.view)).toBeLessThanOrEqual(REVEAL_BUDGET_BYTES);
      // The host's screen holds the latest answers for moderation, not all 2,000.
      expect(host.view.results?.answered).toBe(ROOM);
      expect(host.view.answers.length).toBeLessThan(50);
      expect(bytes(host.view) - bytes(host.view.participants)).toBeLessThanOrEqual(REVEAL_BUDGET_BYTES);
    },
    120_000,
  );

  it.skipIf(!available)(
    "gives 2,000 free-text answers of the longest kind in pages of at most 16 KB",
    async () => {
      const long = "x".repeat(LIVE_TEXT_MAX - 10);
      const round = await fullRound("text", (i) => `${i} ${long}`);
      expect((await hostAction(handle.db, round.code, round.host, "reveal", 0)).ok).toBe(true);
      const phone = { participantToken: round.tokens[5] };
      const view = await getRoundView(handle.db, round.code, phone, "participant");
      if (!view.ok) throw view.error;
      expect(view.view.answers).toEqual([]);
      expect(bytes(view.view)).toBeLessThanOrEqual(REVEAL_BUDGET_BYTES);
      const first = await answersPage(handle.db, round.code, phone, 0, 0);
      const later = await answersPage(handle.db, round.code, phone, 0, 1980);
      if (!first.ok || !later.ok) throw new Error("no page");
      expect(first.total).toBe(ROOM);
      expect(first.answers.length).toBeGreaterThan(0);
      expect(bytes(first)).toBeLessThanOrEqual(REVEAL_BUDGET_BYTES);
      expect(later.answers.length).toBe(ROOM - 1980);
    },
    120_000,
  );

  it.skipIf(!available)(
    "shows a participant's snapshot no hidden answer and no earlier version of a changed one",
    async () => {
      const created = await createRound(
        handle.db,
        { questionIds: [ids.open], anonymous: false, revealMode: "live", ownerId: null },
        SETTINGS,
      );
      if (!created.ok) throw created.error;
      const host = { hostToken: created.hostToken };
      const tokens: string[] = [];
      for (const name of ["Ana", "Ben", "Cy"]) {
        const joined = await joinRound(handle.db, created.code, { name });
        if (!joined.ok) throw joined.error;
        tokens.push(joined.participantToken);
      }
      const [ana = "", ben = "", cy = ""] = tokens;
      const rude = await submitAnswer(handle.db, created.code, ana, { position: 0, text: "Something rude" });
      await submitAnswer(handle.db, created.code, ben, { position: 0, text: "First thought" });
      await submitAnswer(handle.db, created.code, ben, { position: 0, text: "Second thought" });
      if (!rude.ok) throw rude.error;
      expect((await moderateAnswer(handle.db, created.code, host, rude.answer.id, true)).ok).toBe(true);

      const view = await getRoundView(handle.db, created.code, { participantToken: cy }, "participant");
      const page = await answersPage(handle.db, created.code, { participantToken: cy }, 0, 0);
      if (!view.ok || !page.ok) throw new Error("no view");
      const seen = JSON.stringify([view.view, page]);
      expect(seen).not.toContain("Something rude");
      expect(seen).not.toContain("First thought");
      expect(page.answers.map((a) => [a.text, a.name])).toEqual([["Second thought", "Ben"]]);
      expect(view.view.results).toMatchObject({ answered: 1, hidden: 1 });

      // Without a seat there is nothing to read but what the join form needs.
      const stranger = await getRoundView(handle.db, created.code, {}, "participant");
      expect(stranger.ok ? "" : stranger.error.name).toBe("RoundOutOfReach");
      const lobby = await getRoundView(handle.db, created.code, {}, "participant", { lobby: true });
      if (!lobby.ok) throw lobby.error;
      expect(lobby.view).toMatchObject({ seated: false, questions: [], answers: [], results: null, me: null });
      const refused = await answersPage(handle.db, created.code, {}, 0, 0);
      expect(refused.ok ? "" : refused.error.name).toBe("RoundOutOfReach");
    },
  );

  it.skipIf(!available)("answers a participant in two round trips once the round's questions are known", async () => {
    const created = await createRound(
      handle.db,
      { questionIds: [ids.word], anonymous: true, revealMode: "host", ownerId: null },
      SETTINGS,
    );
    if (!created.ok) throw created.error;
    const joined = await joinRound(handle.db, created.code, {});
    if (!joined.ok) throw joined.error;
    await submitAnswer(handle.db, created.code, joined.participantToken, { position: 0, text: "warm" });
    const statements: string[] = [];
    const counted = new Proxy(handle.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (["execute", "select", "insert", "update", "delete", "transaction"].includes(String(key))) {
            statements.push(String(key));
          }
          return value.apply(target, args);
        };
      },
    });
    const changed = await submitAnswer(counted, created.code, joined.participantToken, {
      position: 0,
      text: "warmer",
    });
    expect(changed.ok).toBe(true);
    // One statement: the seat, the round's state, the answer and its event together.
    expect(statements).toEqual(["execute"]);
    if (!changed.ok) return;
    expect(changed.answer).toMatchObject({ text: "warmer", name: null });
  });
});
