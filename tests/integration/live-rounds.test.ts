import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/database.server";
import { liveAnswers, liveRounds, questions } from "~/db/schema";
import type { StoredEvent } from "~/domain/live/events.server";
import { hostAction, moderateAnswer } from "~/domain/live/hosting.server";
import { RoundHub } from "~/domain/live/hub.server";
import { joinRound, submitAnswer } from "~/domain/live/participation.server";
import { answersPage, createRound, deleteRound, getRecap, getRoundView } from "~/domain/live/rounds.server";
import type { LiveSettings, RoundEvent } from "~/shared/live";
import type { LiveAnswerInput } from "~/shared/live-schemas";
import { freshDatabase, testEngines } from "../support/databases";

const SETTINGS: LiveSettings = { roundHours: 24, recapDays: 30, maxParticipants: 2000, streamsPerAddress: 2500 };

async function addQuestion(handle: DatabaseHandle, text: string, format: string, answers: string[] | null = null) {
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
      answers,
      source: "curated",
    })
    .returning({ id: questions.id });
  return row?.id ?? "";
}

async function answerAs(db: DatabaseHandle["db"], code: string, token: string, input: LiveAnswerInput) {
  return submitAnswer(db, code, token, input);
}

/** Collects what a hub hands one screen. */
function screen(role: "host" | "participant") {
  const received: StoredEvent[] = [];
  let closed = false;
  return {
    received,
    events: () => received.map((r) => r.event),
    closed: () => closed,
    listener: { role, send: (stored: StoredEvent) => received.push(stored), close: () => (closed = true) },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testEngines())("live rounds on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  /** A second server's connection to the same database (PostgreSQL), or the same one (PGlite: one process). */
  let other: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let ids: { word: string; scale: string; pick: string; open: string };
  const hubs: RoundHub[] = [];

  async function startHub(on: DatabaseHandle): Promise<RoundHub> {
    const hub = new RoundHub(on.db);
    await hub.start(on.listen);
    hubs.push(hub);
    return hub;
  }

  async function newRound(options: Partial<Parameters<typeof createRound>[1]> = {}, settings = SETTINGS) {
    const created = await createRound(
      handle.db,
      {
        questionIds: [ids.word, ids.scale, ids.pick],
        anonymous: false,
        revealMode: "host",
        ownerId: null,
        ...options,
      },
      settings,
    );
    if (!created.ok) throw created.error;
    const [round] = await handle.db.select().from(liveRounds).where(sql`${liveRounds.code} = ${created.code}`);
    return { ...created, id: round?.id ?? "", host: { hostToken: created.hostToken } };
  }

  async function join(code: string, name?: string) {
    const joined = await joinRound(handle.db, code, { name });
    if (!joined.ok) throw joined.error;
    return joined.participantToken;
  }

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(engine);
    handle = fresh.handle;
    other = handle;
    let closeOther = async () => {};
    if (engine === "postgres") {
      const result = (await handle.db.execute(sql`select current_database() as current`)) as unknown as {
        rows: { current: string }[];
      };
      const current = result.rows[0]?.current ?? "";
      other = await openDatabase({ databaseUrl: databaseUrlOf(current), dataDir: "/tmp" });
      closeOther = () => other.close();
    }
    cleanup = async () => {
      for (const hub of hubs) await hub.stop();
      await closeOther();
      await fresh.cleanup();
    };
    ids = {
      word: await addQuestion(handle, "In one word, how are you arriving today?", "one-word"),
      scale: await addQuestion(handle, "How full is your week?", "scale", ["Wide open", "Busy", "Overflowing"]),
      pick: await addQuestion(handle, "Would you rather have tea or coffee?", "would-you-rather", ["Tea", "Coffee"]),
      open: await addQuestion(handle, "What made you smile this week?", "open"),
    };
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("asks each question in the mode its format suggests", async () => {
    const round = await newRound();
    const view = await getRoundView(handle.db, round.code, round.host, "host");
    if (!view.ok) throw view.error;
    expect(view.view.questions.map((q) => [q.mode, q.options])).toEqual([
      ["word", []],
      ["scale", ["Wide open", "Busy", "Overflowing"]],
      ["pick", ["Tea", "Coffee"]],
    ]);
    expect(view.view.code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
  });

  it.skipIf(!available)(
    "keeps answers from participants until the host reveals, then shows them to everyone",
    async () => {
      const round = await newRound();
      const ana = await join(round.code, "Ana");
      const ben = await join(round.code, "Ben");
      expect((await answerAs(handle.db, round.code, ana, { position: 0, text: "Curious" })).ok).toBe(true);
      expect((await answerAs(handle.db, round.code, ben, { position: 0, pass: true })).ok).toBe(true);

      const before = await getRoundView(handle.db, round.code, { participantToken: ben }, "participant");
      if (!before.ok) throw before.error;
      expect(before.view.answers).toEqual([]);
      expect(before.view.results).toBeNull();
      expect(before.view.me?.answer?.kind).toBe("pass");

      const host = await getRoundView(handle.db, round.code, round.host, "host");
      if (!host.ok) throw host.error;
      expect(host.view.answers.map((a) => [a.kind, a.text, a.name])).toEqual([
        ["answer", "Curious", "Ana"],
        ["pass", null, null],
      ]);

      expect((await hostAction(handle.db, round.code, round.host, "reveal", 0)).ok).toBe(true);
      const after = await getRoundView(handle.db, round.code, { participantToken: ben }, "participant");
      if (!after.ok) throw after.error;
      expect(after.view.results).toMatchObject({ answered: 1, passed: 1 });
      const page = await answersPage(handle.db, round.code, { participantToken: ben }, 0, 0);
      if (!page.ok) throw page.error;
      expect(page.answers.map((a) => a.text)).toEqual(["Curious"]);
    },
  );

  it.skipIf(!available)("refuses answers once locked, and to a question the host has left", async () => {
    const round = await newRound();
    const ana = await join(round.code, "Ana");
    await hostAction(handle.db, round.code, round.host, "lock", 0);
    const locked = await answerAs(handle.db, round.code, ana, { position: 0, text: "late" });
    expect(locked.ok ? "" : locked.error.message).toBe("The host has locked answers to this question");
    await hostAction(handle.db, round.code, round.host, "next", 0);
    const moved = await answerAs(handle.db, round.code, ana, { position: 0, text: "late" });
    expect(moved.ok ? "" : moved.error.message).toBe("The host has moved on to another question");
    const wrongChoice = await answerAs(handle.db, round.code, ana, { position: 1, choice: 7 });
    expect(wrongChoice.ok ? "" : wrongChoice.error.code).toBe("CHOICE_NOT_SHOWN");
    expect((await answerAs(handle.db, round.code, ana, { position: 1, choice: 2 })).ok).toBe(true);
    const stranger = await answerAs(handle.db, round.code, "not-a-token", { position: 1, choice: 1 });
    expect(stranger.ok ? "" : stranger.error.name).toBe("RoundOutOfReach");
    const notHost = await hostAction(handle.db, round.code, { hostToken: ana, participantToken: ana }, "reveal", 1);
    expect(notHost.ok ? "" : notHost.error.code).toBe("HOST_ONLY");
  });

  it.skipIf(!available)(
    "lets exactly as many people join as the round has room for, however many try at once",
    async () => {
      const round = await newRound({}, { ...SETTINGS, maxParticipants: 3 });
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => joinRound(handle.db, round.code, { name: `Person ${i}` })),
      );
      expect(attempts.filter((a) => a.ok)).toHaveLength(3);
      const refused = attempts.find((a) => !a.ok);
      expect(refused && !refused.ok ? refused.error.message : "").toBe("This round is full: it has room for 3 people");
    },
  );

  it.skipIf(!available)("carries events to screens on another server, each to its audience, in order", async () => {
    const round = await newRound();
    const hostHub = await startHub(handle);
    const participantHub = await startHub(other);
    const hostScreen = screen("host");
    const phone = screen("participant");
    const stopHost = await hostHub.subscribe(round.id, hostScreen.listener, 0);
    const stopPhone = await participantHub.subscribe(round.id, phone.listener, 0);

    const ana = await join(round.code, "Ana");
    await answerAs(handle.db, round.code, ana, { position: 0, text: "Rested" });
    await hostAction(handle.db, round.code, round.host, "reveal", 0);
    await answerAs(other.db, round.code, ana, { position: 0, text: "Ready" });

    await until(() => hostScreen.received.length === 4, "four events on the host screen");
    await until(() => phone.received.length === 2, "two events on the phone");
    expect(hostScreen.received.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(hostScreen.events().map((e) => e.type)).toEqual(["joined", "answer", "phase", "answer"]);
    // The phone saw neither the join nor the answer given before the reveal, except through the reveal itself.
    const [reveal, late] = phone.events() as [Extract<RoundEvent, { type: "phase" }>, RoundEvent];
    expect(reveal.type).toBe("phase");
    expect(reveal.results).toMatchObject({ answered: 1, passed: 0 });
    expect(late).toMatchObject({ type: "answer", answer: { text: "Ready" } });
    stopHost();
    stopPhone();
  });

  it.skipIf(!available)("gives a screen that reconnects exactly the events it missed", async () => {
    const round = await newRound();
    const hub = await startHub(other);
    const first = screen("host");
    const stop = await hub.subscribe(round.id, first.listener, 0);
    const ana = await join(round.code, "Ana");
    await until(() => first.received.length === 1, "the join");
    stop();
    const lastSeen = first.received.at(-1)?.seq ?? 0;

    // While the screen is away: an answer, a reveal, a changed answer.
    await answerAs(handle.db, round.code, ana, { position: 0, text: "Sleepy" });
    await hostAction(handle.db, round.code, round.host, "reveal", 0);
    await answerAs(handle.db, round.code, ana, { position: 0, text: "Awake" });

    const again = screen("host");
    const stopAgain = await hub.subscribe(round.id, again.listener, lastSeen);
    await hostAction(handle.db, round.code, round.host, "lock", 0);
    await until(() => again.received.length === 4, "the missed events and the new one");
    expect(again.received.map((r) => r.seq)).toEqual([2, 3, 4, 5]);
    expect(again.events().map((e) => e.type)).toEqual(["answer", "phase", "answer", "phase"]);
    stopAgain();
  });

  it.skipIf(!available || engine !== "postgres")(
    "keeps delivering after the listening connection is cut, with nothing lost in between",
    async () => {
      const round = await newRound();
      const hub = await startHub(other);
      const hostScreen = screen("host");
      await hub.subscribe(round.id, hostScreen.listener, 0);
      await handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      // Events while the listener is down are read from the table once it is back.
      const ana = await join(round.code, "Ana");
      await answerAs(handle.db, round.code, ana, { position: 0, text: "Still here" });
      await until(() => hostScreen.received.length === 2, "both events after the cut", 10_000);
      expect(hostScreen.events().map((e) => e.type)).toEqual(["joined", "answer"]);
    },
  );

  it.skipIf(!available)(
    "hides an answer from everyone and shows it again; the recap leaves hidden ones out",
    async () => {
      const round = await newRound({ anonymous: true });
      const ana = await join(round.code);
      const ben = await join(round.code);
      const answer = await answerAs(handle.db, round.code, ana, { position: 0, text: "<b>Rude</b>" });
      await answerAs(handle.db, round.code, ben, { position: 0, text: "Kind" });
      await hostAction(handle.db, round.code, round.host, "reveal", 0);
      if (!answer.ok) throw answer.error;
      expect((await moderateAnswer(handle.db, round.code, round.host, answer.answer.id, true)).ok).toBe(true);
      const phone = await getRoundView(handle.db, round.code, { participantToken: ben }, "participant");
      if (!phone.ok) throw phone.error;
      expect(phone.view.results).toMatchObject({ answered: 1, hidden: 1 });
      const page = await answersPage(handle.db, round.code, { participantToken: ben }, 0, 0);
      if (!page.ok) throw page.error;
      expect(page.answers.map((a) => a.text)).toEqual(["Kind"]);
      expect(page.answers.every((a) => a.name === null)).toBe(true);

      await hostAction(handle.db, round.code, round.host, "end", 0);
      const view = await getRoundView(handle.db, round.code, round.host, "host");
      if (!view.ok || !view.view.recapToken) throw new Error("no recap token");
      const recap = await getRecap(handle.db, view.view.recapToken);
      if (!recap.ok) throw recap.error;
      expect(recap.recap.questions[0]?.answers).toEqual([{ text: "Kind", choice: null, name: null }]);
      expect(recap.recap.questions[0]?.answeredCount).toBe(2);

      const late = await joinRound(handle.db, round.code, { name: "Late" });
      expect(late.ok ? "" : late.error.message).toBe("This round has ended");
    },
  );

  it.skipIf(!available)(
    "gives participants the recap's token only when the host ends the round sharing it",
    async () => {
      for (const shareRecap of [true, false]) {
        const round = await newRound();
        const ana = await join(round.code, "Ana");
        const open = await getRoundView(handle.db, round.code, { participantToken: ana }, "participant");
        expect(open.ok && open.view.recapToken).toBe(null);
        expect((await hostAction(handle.db, round.code, round.host, "end", 0, { shareRecap })).ok).toBe(true);
        const host = await getRoundView(handle.db, round.code, round.host, "host");
        const phone = await getRoundView(handle.db, round.code, { participantToken: ana }, "participant");
        if (!host.ok || !phone.ok) throw new Error("no view");
        expect([phone.view.recapShared, phone.view.recapToken]).toEqual([
          shareRecap,
          shareRecap ? host.view.recapToken : null,
        ]);
      }
    },
  );

  it.skipIf(!available)("deletes a round with everything in it and tells open screens", async () => {
    const round = await newRound();
    const hub = await startHub(other);
    const phone = screen("participant");
    await hub.subscribe(round.id, phone.listener, 0);
    const ana = await join(round.code, "Ana");
    await answerAs(handle.db, round.code, ana, { position: 0, text: "Gone soon" });
    expect((await deleteRound(handle.db, round.code, { hostToken: "wrong" })).ok).toBe(false);
    expect((await deleteRound(handle.db, round.code, round.host)).ok).toBe(true);
    await until(() => phone.closed(), "the screen to be closed");
    expect(phone.events().at(-1)).toEqual({ type: "deleted" });
    const left = await handle.db.select().from(liveAnswers).where(sql`${liveAnswers.roundId} = ${round.id}`);
    expect(left).toEqual([]);
  });
});

/** The URL of a database on the test server, for a second connection pool to it. */
function databaseUrlOf(name: string): string {
  const server = new URL(inject("postgresUrl") ?? "");
  server.pathname = `/${name}`;
  return server.toString();
}
