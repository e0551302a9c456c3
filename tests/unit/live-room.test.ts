import { describe, expect, it } from "vitest";
import { isLoopbackUrl, type RoundView } from "~/shared/live";
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
  me: { participantId: "p1", name: "Ada", answer: null },
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
