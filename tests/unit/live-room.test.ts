import { describe, expect, it } from "vitest";
import { participantEventOf } from "~/domain/live/own-questions";
import { roomEventOf } from "~/domain/live/room-screen";
import { isLoopbackUrl, type LiveAnswer, type RoundEvent, type RoundView } from "~/shared/live";
import { applyRoundEvent } from "~/shared/live-view";

describe("isLoopbackUrl: a join address no phone can open", () => {
  it.each([
    "http://localhost:3000",
    "http://LOCALHOST/live",
    "http://app.localhost:3000",
    "http://127.0.0.1:5173",
    "http://127.1.2.3",
    "http://[::1]:3000",
    "http://[::ffff:127.0.0.1]:3000",
  ])("%s is this computer's own", (url) => {
    expect(isLoopbackUrl(url)).toBe(true);
  });

  it.each([
    "https://circleup.example.com",
    "http://192.168.1.20:3000",
    "http://10.0.0.5",
    "https://localhost.example.com",
    "http://128.0.0.1",
    "http://[2001:db8::1]",
    "not a url",
  ])("%s is not", (url) => {
    expect(isLoopbackUrl(url)).toBe(false);
  });
});

const participantView = (fields: Partial<RoundView> = {}): RoundView => ({
  role: "participant",
  code: "ACDEFG",
  status: "open",
  anonymous: false,
  revealMode: "host",
  perPerson: null,
  position: 0,
  revealed: false,
  locked: false,
  questions: [],
  participantCount: 1,
  maxParticipants: 100,
  answers: [],
  results: null,
  seated: true,
  connected: 0,
  participants: [],
  me: { participantId: "p1", name: "Ada", answer: null, question: null },
  recapToken: null,
  recapShared: false,
  closesAt: "2026-03-03T12:00:00.000Z",
  timer: null,
  seq: 10,
  ...fields,
});

describe("the end of a round on a participant's screen", () => {
  it("brings the recap's token when the host shares it", () => {
    const next = applyRoundEvent(participantView(), 11, { type: "ended", recapToken: "recap-token-1234567890" });
    expect([next.status, next.recapShared, next.recapToken]).toEqual(["ended", true, "recap-token-1234567890"]);
  });

  it("brings no link when the host keeps it", () => {
    const next = applyRoundEvent(participantView(), 11, { type: "ended" });
    expect([next.status, next.recapShared, next.recapToken]).toEqual(["ended", false, null]);
  });
});

describe("what the room's screen is sent of the host's events", () => {
  const secret: LiveAnswer = {
    id: "a1",
    position: 0,
    kind: "answer",
    text: "Sleepy",
    choice: 2,
    name: "Bruno",
    hidden: false,
  };
  const counted = { kind: "answer", text: "Sleepy", choice: 2, hidden: false } as const;

  it("sends who joined as a number, without the name", () => {
    const event: RoundEvent = { type: "joined", participant: { id: "p1", name: "Ada" }, participantCount: 3 };
    expect(roomEventOf({ seq: 1, audience: "host", event })).toEqual({
      type: "joined",
      participant: { id: "p1", name: null },
      participantCount: 3,
    });
  });

  it("sends an answer that is not shown as one more answer: no text, word, choice or name", () => {
    const event: RoundEvent = { type: "answer", answer: secret, previous: counted };
    expect(roomEventOf({ seq: 2, audience: "host", event })).toEqual({
      type: "answer",
      answer: { ...secret, text: null, choice: null, name: null },
      previous: { ...counted, text: null, choice: null },
    });
  });

  it("sends a hiding as counts, and never the answer shown again to the host", () => {
    const event: RoundEvent = { type: "hidden", answerId: "a1", position: 0, hidden: false, counted, answer: secret };
    expect(roomEventOf({ seq: 3, audience: "host", event })).toEqual({
      type: "hidden",
      answerId: "a1",
      position: 0,
      hidden: false,
      counted: { ...counted, text: null, choice: null },
    });
  });

  it("sends what everyone may see as it is, and the host's timer", () => {
    const shown: RoundEvent = { type: "answer", answer: secret, previous: null };
    expect(roomEventOf({ seq: 4, audience: "all", event: shown })).toBe(shown);
    const timer: RoundEvent = {
      type: "timer",
      timer: { position: 0, totalSeconds: 60, remainingSeconds: 60, running: true },
    };
    expect(roomEventOf({ seq: 5, audience: "host", event: timer })).toBe(timer);
  });
});

describe("where each person has their own question: who is sent whose", () => {
  const theirs: LiveAnswer = {
    id: "a2",
    position: 0,
    kind: "answer",
    text: "Pancakes",
    choice: null,
    name: "Ada",
    hidden: false,
    question: "What would you cook for the team?",
  };
  const counted = { kind: "answer", text: null, choice: null, hidden: false } as const;

  it("sends the room a join without the name or the question given", () => {
    const event: RoundEvent = {
      type: "joined",
      participant: { id: "p1", name: "Ada", question: { id: "q1", text: "What would you cook for the team?" } },
      participantCount: 1,
    };
    expect(roomEventOf({ seq: 1, audience: "host", event })).toEqual({
      type: "joined",
      participant: { id: "p1", name: null },
      participantCount: 1,
    });
  });

  it("sends the room an answer not yet shown without its question, and a shown one with it", () => {
    const event: RoundEvent = { type: "answer", answer: theirs, previous: null };
    expect(roomEventOf({ seq: 2, audience: "host", event })).toEqual({
      type: "answer",
      answer: { id: "a2", position: 0, kind: "answer", text: null, choice: null, name: null, hidden: false },
      previous: null,
    });
    expect(roomEventOf({ seq: 3, audience: "all", event })).toBe(event);
  });

  it("sends another phone the answer without the question its writer was given", () => {
    const { question: _theirs, ...shown } = theirs;
    const answered: RoundEvent = { type: "answer", answer: theirs, previous: null };
    expect(participantEventOf({ seq: 4, audience: "all", event: answered })).toEqual({ ...answered, answer: shown });
    const again: RoundEvent = { type: "hidden", answerId: "a2", position: 0, hidden: false, counted, answer: theirs };
    expect(participantEventOf({ seq: 5, audience: "all", event: again })).toEqual({ ...again, answer: shown });
  });

  it("sends a phone an event without anyone's question as it is, so it is encoded once for every screen", () => {
    const { question: _none, ...plain } = theirs;
    const event: RoundEvent = { type: "answer", answer: plain, previous: null };
    expect(participantEventOf({ seq: 6, audience: "all", event })).toBe(event);
  });
});
