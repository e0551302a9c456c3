import { describe, expect, it } from "vitest";
import type { LiveAnswer, RoundEvent, RoundQuestion, RoundView } from "~/shared/live";
import {
  applyRoundEvent,
  cloudWord,
  emptyResults,
  normalizeWord,
  resultsOf,
  STOP_WORDS,
  tally,
  wordCloud,
} from "~/shared/live-view";

const question = (position: number, mode: RoundQuestion["mode"] = "text", options: string[] = []): RoundQuestion => ({
  position,
  text: `Question ${position}`,
  mode,
  options,
  questionId: null,
  engagementLevel: "quick",
});

let nextId = 0;
const answer = (fields: Partial<LiveAnswer> = {}): LiveAnswer => ({
  id: `a${++nextId}`,
  position: 0,
  kind: "answer",
  text: "fine",
  choice: null,
  name: null,
  hidden: false,
  ...fields,
});
const pass = (fields: Partial<LiveAnswer> = {}): LiveAnswer =>
  answer({ kind: "pass", text: null, choice: null, ...fields });
const words = (...texts: string[]) => texts.map((text) => answer({ text }));
/** What a free-text answer counts for: nothing but itself. */
const COUNTED = { kind: "answer", text: null, choice: null, hidden: false } as const;

function view(fields: Partial<RoundView> = {}): RoundView {
  return {
    role: "host",
    code: "ACDEFG",
    status: "open",
    anonymous: false,
    revealMode: "host",
    perPerson: null,
    position: 0,
    revealed: false,
    locked: false,
    questions: [question(0), question(1)],
    participantCount: 0,
    maxParticipants: 100,
    answers: [],
    results: null,
    seated: true,
    connected: 0,
    participants: [],
    me: null,
    recapToken: null,
    recapShared: false,
    closesAt: "2026-03-03T12:00:00.000Z",
    timer: null,
    seq: 10,
    ...fields,
  };
}

const participantView = (fields: Partial<RoundView> = {}): RoundView =>
  view({ role: "participant", me: { participantId: "p1", name: "Ada", answer: null, question: null }, ...fields });

/** Deeply frozen, so a reducer that changes its input throws instead of passing. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/** Applies the events in turn, numbering them after the view's seq. */
function play(start: RoundView, ...events: RoundEvent[]): RoundView {
  return events.reduce((v, event, i) => applyRoundEvent(frozen(v), start.seq + i + 1, frozen(event)), start);
}

describe("the word cloud's words", () => {
  it("counts case, spacing, punctuation and quotes as the same word", () => {
    expect(["Tired!", "  tired ", "“TIRED”", '"tired."', "(tired)", "¡tired?", "…tired…"].map(normalizeWord)).toEqual(
      Array(7).fill("tired"),
    );
  });

  it("keeps punctuation inside a word, collapses inner spaces and unifies apostrophes", () => {
    expect(normalizeWord("Well-Rested")).toBe("well-rested");
    expect(normalizeWord("don’t  \t know")).toBe("don't know");
    expect(normalizeWord("I’m")).toBe(normalizeWord("I'm"));
  });

  it("keeps the letters and digits of every script, and emoji", () => {
    expect(normalizeWord("Müde!")).toBe("müde");
    expect(normalizeWord("«Fatigué»")).toBe("fatigué");
    expect(normalizeWord("「疲れた」")).toBe("疲れた");
    expect(normalizeWord("नमस्ते।")).toBe("नमस्ते");
    expect(normalizeWord("Усталость")).toBe("усталость");
    expect(normalizeWord("🎉")).toBe("🎉");
    expect(normalizeWord("ＴＩＲＥＤ１")).toBe("tired1");
  });

  it("is empty for an answer of punctuation only", () => {
    expect(normalizeWord(" ?!… ")).toBe("");
  });

  it("leaves out common small words but keeps negations", () => {
    for (const word of ["a", "the", "i", "i'm", "is", "very", "really", "just", "so", "bit", "feeling"]) {
      expect(STOP_WORDS.has(word)).toBe(true);
    }
    for (const word of ["not", "no", "never", "good", "tired", "ok"]) expect(STOP_WORDS.has(word)).toBe(false);
    expect(STOP_WORDS.size).toBeGreaterThanOrEqual(90);
    for (const word of STOP_WORDS) expect(normalizeWord(word)).toBe(word);
  });

  it("keeps an answer's meaningful words together as one entry", () => {
    expect(cloudWord("A bit tired")).toBe("tired");
    expect(cloudWord("I’m feeling SO tired!")).toBe("tired");
    expect(cloudWord("kind of bored, and hungry")).toBe("bored hungry");
    expect(cloudWord("not great")).toBe("not great");
    expect(cloudWord("just so")).toBeNull();
    expect(cloudWord("…")).toBeNull();
  });
});

describe("the word cloud", () => {
  it("counts visible answers' words, most frequent first, ties in order", () => {
    const cloud = wordCloud([
      ...words("Tired", "tired!", "a bit tired", "Happy", "happy", "calm", "busy"),
      answer({ text: "tired", hidden: true }),
      pass(),
      answer({ text: null, choice: 1 }),
      answer({ text: "the" }),
    ]);
    expect(cloud.map(({ word, count }) => [word, count])).toEqual([
      ["tired", 3],
      ["happy", 2],
      ["busy", 1],
      ["calm", 1],
    ]);
  });

  it("weighs words 1 to 5 by their count against the largest", () => {
    const cloud = wordCloud([
      ...Array(10)
        .fill("tired")
        .flatMap((t: string) => words(t)),
      ...words("happy", "happy", "happy", "happy", "happy", "calm"),
    ]);
    expect(cloud.map(({ word, weight }) => [word, weight])).toEqual([
      ["tired", 5],
      ["happy", 3],
      ["calm", 1],
    ]);
    expect(wordCloud(words("a1", "b2", "c3")).map((w) => w.weight)).toEqual([5, 5, 5]);
  });

  it("shows at most `limit` words, and nothing for no answers", () => {
    const many = Array.from({ length: 80 }, (_, i) => `word${String(i).padStart(2, "0")}`);
    expect(wordCloud(words(...many))).toHaveLength(50);
    expect(wordCloud(words(...many), 5).map((w) => w.word)).toEqual(["word00", "word01", "word02", "word03", "word04"]);
    expect(wordCloud([])).toEqual([]);
  });
});

describe("scale and pick counts", () => {
  const scale = question(0, "scale", ["Low", "Mid", "High"]);

  it("gives one row per option in order, with its share of the answers counted", () => {
    const rows = tally(scale, [
      answer({ text: null, choice: 2 }),
      answer({ text: null, choice: 2 }),
      answer({ text: null, choice: 0 }),
      answer({ text: null, choice: 1 }),
      answer({ text: null, choice: 1, hidden: true }),
      answer({ text: null, choice: 7 }),
      pass(),
    ]);
    expect(rows).toEqual([
      { label: "Low", count: 1, share: 0.25 },
      { label: "Mid", count: 1, share: 0.25 },
      { label: "High", count: 2, share: 0.5 },
    ]);
  });

  it("shares nothing when nobody answered", () => {
    expect(tally(scale, [pass()])).toEqual([
      { label: "Low", count: 0, share: 0 },
      { label: "Mid", count: 0, share: 0 },
      { label: "High", count: 0, share: 0 },
    ]);
  });

  it("counts visible answers, hidden ones and passes apart, and the words and choices of the visible ones only", () => {
    const scale = { position: 0, mode: "scale" as const, options: ["1", "2", "3"] };
    const counted = resultsOf(scale, [
      answer({ text: null, choice: 2 }),
      answer({ text: null, choice: 2, hidden: true }),
      answer({ text: null, choice: 0 }),
      pass(),
    ]);
    expect(counted).toEqual({ position: 0, answered: 2, passed: 1, hidden: 1, words: [], tally: [1, 0, 1] });
    const cloud = resultsOf({ position: 0, mode: "word", options: [] }, words("Tired!", "tired", "so", "calm"));
    expect(cloud.words).toEqual([
      { word: "tired", count: 2 },
      { word: "calm", count: 1 },
    ]);
    expect(cloud.answered).toBe(4);
  });
});

describe("a view following the round's events", () => {
  it("ignores events it already includes, and moves seq on for every other", () => {
    const start = view({ seq: 10 });
    const joined: RoundEvent = { type: "joined", participant: { id: "p1", name: "Ada" }, participantCount: 1 };
    expect(applyRoundEvent(start, 10, joined)).toBe(start);
    expect(applyRoundEvent(start, 3, joined)).toBe(start);
    expect(applyRoundEvent(start, 11, joined).seq).toBe(11);
    const once = applyRoundEvent(start, 11, joined);
    expect(applyRoundEvent(once, 11, joined)).toBe(once);
  });

  describe("joined", () => {
    const ada: RoundEvent = { type: "joined", participant: { id: "p1", name: "Ada" }, participantCount: 1 };
    const grace: RoundEvent = { type: "joined", participant: { id: "p2", name: "Grace" }, participantCount: 2 };

    it("lists newcomers on the host's view in joining order, once each", () => {
      const next = play(view(), ada, grace, ada);
      expect(next.participants).toEqual([
        { id: "p1", name: "Ada" },
        { id: "p2", name: "Grace" },
      ]);
      expect(next.participantCount).toBe(1);
      expect(play(view(), ada, grace).participantCount).toBe(2);
    });

    it("only counts them on a participant's view", () => {
      const next = play(participantView(), ada, grace);
      expect(next.participants).toEqual([]);
      expect(next.participantCount).toBe(2);
    });
  });

  describe("answer", () => {
    it("adds a new answer to the host's view, replaces a changed one and keeps hidden ones", () => {
      const first = answer({ id: "x", text: "tired" });
      const next = play(
        view(),
        { type: "answer", answer: first, previous: null },
        { type: "answer", answer: answer({ id: "y", text: "calm", hidden: true }), previous: null },
        { type: "answer", answer: { ...first, text: "rested" }, previous: null },
        { type: "answer", answer: pass({ id: "z" }), previous: null },
      );
      expect(next.answers.map((a) => [a.id, a.text, a.hidden])).toEqual([
        ["x", "rested", false],
        ["y", "calm", true],
        ["z", null, false],
      ]);
    });

    it("ignores answers to another question", () => {
      const next = play(view(), { type: "answer", answer: answer({ position: 1 }), previous: null });
      expect(next.answers).toEqual([]);
      expect(next.seq).toBe(11);
    });

    it("never gives a participant answers before they are revealed", () => {
      const next = play(
        participantView(),
        { type: "answer", answer: answer({ id: "x" }), previous: null },
        { type: "answer", answer: pass({ id: "y" }), previous: null },
        { type: "hidden", answerId: "x", position: 0, hidden: false, counted: COUNTED, answer: answer({ id: "x" }) },
      );
      expect(next.answers).toEqual([]);
    });

    it("updates the participant's own answer, revealed or not", () => {
      const mine = answer({ id: "mine", text: "tired" });
      const start = participantView({ me: { participantId: "p1", name: "Ada", answer: mine, question: null } });
      const next = play(
        start,
        { type: "answer", answer: { ...mine, text: "rested" }, previous: null },
        { type: "answer", answer: answer({ id: "theirs" }), previous: null },
      );
      expect(next.me?.answer?.text).toBe("rested");
      expect(next.answers).toEqual([]);
    });

    it("gives a participant the visible free-text answers and the counts once shown, or at once in a live round", () => {
      const events: RoundEvent[] = [
        { type: "answer", answer: answer({ id: "x" }), previous: null },
        { type: "answer", answer: answer({ id: "y", hidden: true }), previous: null },
        { type: "answer", answer: pass({ id: "z" }), previous: null },
      ];
      for (const start of [participantView({ revealed: true }), participantView({ revealMode: "live" })]) {
        const next = play({ ...start, results: emptyResults(0, 0) }, ...events);
        expect(next.answers.map((a) => a.id)).toEqual(["x"]);
        expect(next.results).toMatchObject({ answered: 1, passed: 1, hidden: 1 });
      }
    });

    it("moves the counts when an answer changes, by what the earlier one counted for", () => {
      const start = participantView({
        questions: [question(0, "word"), question(1, "scale", ["1", "2", "3"])],
        revealed: true,
        results: { ...emptyResults(0, 0), answered: 2, words: [{ word: "tired", count: 2 }] },
      });
      const next = play(start, {
        type: "answer",
        answer: answer({ id: "x", text: "Rested!" }),
        previous: { kind: "answer", text: "tired", choice: null, hidden: false },
      });
      expect(next.results?.answered).toBe(2);
      expect(next.results?.words).toEqual([
        { word: "tired", count: 1 },
        { word: "rested", count: 1 },
      ]);
      expect(next.answers).toEqual([]);
    });

    it("takes an answer off a participant's view when it arrives hidden", () => {
      const start = participantView({ revealed: true, answers: [answer({ id: "x" })] });
      const next = play(start, { type: "answer", answer: answer({ id: "x", hidden: true }), previous: null });
      expect(next.answers).toEqual([]);
    });
  });

  describe("phase", () => {
    it("reveals, locks and keeps the answers of the same question", () => {
      const answers = [answer({ id: "x" })];
      const next = play(view({ answers }), { type: "phase", position: 0, revealed: true, locked: true });
      expect([next.position, next.revealed, next.locked]).toEqual([0, true, true]);
      expect(next.answers).toEqual(answers);
    });

    it("clears answers and the participant's own answer on moving to another question", () => {
      const mine = answer({ id: "mine" });
      const start = participantView({
        revealed: true,
        answers: [mine],
        me: { participantId: "p1", name: "Ada", answer: mine, question: null },
      });
      const next = play(start, { type: "phase", position: 1, revealed: false, locked: false });
      expect([next.position, next.revealed, next.locked]).toEqual([1, false, false]);
      expect(next.answers).toEqual([]);
      expect(next.me).toEqual({ participantId: "p1", name: "Ada", answer: null, question: null });
      const host = play(view({ answers: [mine] }), { type: "phase", position: 1, revealed: false, locked: false });
      expect(host.answers).toEqual([]);
    });

    it("takes the counts a reveal brings, and none from a phase that does not reveal", () => {
      const results = { ...emptyResults(0, 0), answered: 3, passed: 1 };
      const revealed = play(participantView(), { type: "phase", position: 0, revealed: true, locked: true, results });
      expect(revealed.results).toEqual(results);
      expect(
        play(participantView({ revealed: true, results }), {
          type: "phase",
          position: 0,
          revealed: false,
          locked: true,
        }).results,
      ).toBeNull();
    });

    it("takes a participant's answers away when the host hides them again", () => {
      const start = participantView({ revealed: true, answers: [answer()] });
      expect(play(start, { type: "phase", position: 0, revealed: false, locked: true }).answers).toEqual([]);
    });
  });

  describe("hidden", () => {
    it("flips the answer's flag on the host's view", () => {
      const start = view({ answers: [answer({ id: "x" }), answer({ id: "y" })] });
      const hidden = play(start, { type: "hidden", answerId: "x", position: 0, hidden: true, counted: COUNTED });
      expect(hidden.answers.map((a) => a.hidden)).toEqual([true, false]);
      const shown = play(hidden, { type: "hidden", answerId: "x", position: 0, hidden: false, counted: COUNTED });
      expect(shown.answers.map((a) => a.hidden)).toEqual([false, false]);
    });

    it("removes the answer from a participant's view, and adds it back at the end when shown", () => {
      const x = answer({ id: "x" });
      const start = participantView({ revealed: true, answers: [x, answer({ id: "y" })] });
      const hidden = play(start, { type: "hidden", answerId: "x", position: 0, hidden: true, counted: COUNTED });
      expect(hidden.answers.map((a) => a.id)).toEqual(["y"]);
      const shown = play(hidden, {
        type: "hidden",
        answerId: "x",
        position: 0,
        hidden: false,
        counted: COUNTED,
        answer: x,
      });
      expect(shown.answers.map((a) => a.id)).toEqual(["y", "x"]);
      const again = play(shown, {
        type: "hidden",
        answerId: "x",
        position: 0,
        hidden: false,
        counted: COUNTED,
        answer: x,
      });
      expect(again.answers.map((a) => a.id)).toEqual(["y", "x"]);
    });

    it("marks the participant's own answer as hidden", () => {
      const mine = answer({ id: "mine" });
      const start = participantView({ me: { participantId: "p1", name: "Ada", answer: mine, question: null } });
      const next = play(start, { type: "hidden", answerId: "mine", position: 0, hidden: true, counted: COUNTED });
      expect(next.me?.answer?.hidden).toBe(true);
    });

    it("ignores another question's answers", () => {
      const start = view({ answers: [answer({ id: "x" })] });
      const next = play(start, { type: "hidden", answerId: "x", position: 1, hidden: true, counted: COUNTED });
      expect(next.answers[0]?.hidden).toBe(false);
    });
  });

  it("ends and locks the round when it ends or is deleted", () => {
    for (const type of ["ended", "deleted"] as const) {
      const next = play(view(), { type });
      expect([next.status, next.locked, next.seq]).toEqual(["ended", true, 11]);
    }
  });

  it("gives the same answers when a screen-wide event is applied twice under new numbers", () => {
    const x = answer({ id: "x" });
    const events: RoundEvent[] = [
      { type: "joined", participant: { id: "p1", name: "Ada" }, participantCount: 1 },
      { type: "answer", answer: x, previous: null },
      { type: "phase", position: 0, revealed: true, locked: false, results: emptyResults(0, 0) },
      { type: "hidden", answerId: "x", position: 0, hidden: true, counted: COUNTED },
      { type: "hidden", answerId: "x", position: 0, hidden: false, counted: COUNTED, answer: x },
      { type: "phase", position: 1, revealed: false, locked: false },
      { type: "ended" },
    ];
    for (const start of [view(), participantView(), participantView({ revealMode: "live" })]) {
      let current = start;
      for (const event of events) {
        const once = applyRoundEvent(current, current.seq + 1, event);
        const twice = applyRoundEvent(once, once.seq + 1, event);
        // Counts move once per event number (each number is applied once); what is listed stays the same.
        expect({ ...twice, seq: once.seq, results: once.results }).toEqual(once);
        current = once;
      }
    }
  });
});

describe("the room's screen following the round", () => {
  const roomView = (fields: Partial<RoundView> = {}): RoundView =>
    view({ role: "room", questions: [question(0, "word"), question(1, "word")], ...fields });
  const word = (id: string, text: string, fields: Partial<LiveAnswer> = {}) => answer({ id, text, ...fields });
  /** An answer as the room is sent it before the reveal (roomEventOf): that it came, nothing it says. */
  const unread = (id: string, fields: Partial<LiveAnswer> = {}) =>
    answer({ id, text: null, choice: null, name: null, ...fields });

  it("counts who answered and passed before the reveal from answers that say nothing, takes the reveal's counts, and starts the next question from none", () => {
    const before = play(
      roomView({ results: emptyResults(0, 0) }),
      { type: "answer", answer: unread("x"), previous: null },
      { type: "answer", answer: unread("y", { kind: "pass" }), previous: null },
      { type: "answer", answer: unread("z"), previous: null },
      { type: "hidden", answerId: "z", position: 0, hidden: true, counted: COUNTED },
    );
    expect(before.results).toEqual({ position: 0, answered: 1, passed: 1, hidden: 1, words: [], tally: [] });
    expect(before.answers).toEqual([]);
    const revealed = play(before, {
      type: "phase",
      position: 0,
      revealed: true,
      locked: false,
      results: { ...emptyResults(0, 0), answered: 2, words: [{ word: "calm", count: 2 }] },
    });
    expect(revealed.results?.words).toEqual([{ word: "calm", count: 2 }]);
    const after = play(revealed, { type: "answer", answer: word("w", "Calm"), previous: null });
    expect(after.results?.words).toEqual([{ word: "calm", count: 3 }]);
    const moved = play(after, { type: "phase", position: 1, revealed: false, locked: false });
    expect(moved.results).toEqual(emptyResults(1, 0));
  });

  it("follows the host's timer for the current question, and drops it with the question", () => {
    const timer = { position: 0, totalSeconds: 90, remainingSeconds: 75, running: true };
    const timed = play(roomView(), { type: "timer", timer });
    expect(timed.timer).toEqual(timer);
    expect(play(timed, { type: "timer", timer: { ...timer, position: 1 } }).timer).toBeNull();
    expect(play(timed, { type: "phase", position: 0, revealed: true, locked: false }).timer).toEqual(timer);
    expect(play(timed, { type: "phase", position: 1, revealed: false, locked: false }).timer).toBeNull();
  });
});
