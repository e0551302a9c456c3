import { describe, expect, it } from "vitest";
import {
  nextSpeaker,
  parseNames,
  passTurn,
  previousSpeaker,
  roundFinished,
  shuffled,
  speakerAfter,
  speakerNow,
  startOrder,
} from "~/lib/speaking-order";
import { formatSeconds } from "~/lib/use-countdown";

describe("the speaking order", () => {
  it("reads names one per line or comma-separated, without blanks or repeats", () => {
    expect(parseNames("Ada, Grace\n\n  Linus  ;Ada\nMargaret Hamilton")).toEqual([
      "Ada",
      "Grace",
      "Linus",
      "Margaret Hamilton",
    ]);
    expect(parseNames(" , \n")).toEqual([]);
  });

  it("shuffles every name exactly once, and differently for a different draw", () => {
    const names = ["Ada", "Grace", "Linus", "Margaret", "Barbara"];
    const a = shuffled(names, () => 0);
    const b = shuffled(names, () => 0.99);
    expect([...a].sort()).toEqual([...names].sort());
    expect([...b].sort()).toEqual([...names].sort());
    expect(a).not.toEqual(b);
    expect(names).toEqual(["Ada", "Grace", "Linus", "Margaret", "Barbara"]);
  });

  it("steps through everyone, with pass always available and noted", () => {
    let order = startOrder(["Ada", "Grace", "Linus"]);
    expect([speakerNow(order), speakerAfter(order)]).toEqual(["Ada", "Grace"]);
    order = passTurn(order);
    expect(order.passed).toEqual(["Ada"]);
    expect(speakerNow(order)).toBe("Grace");
    order = nextSpeaker(nextSpeaker(order));
    expect(roundFinished(order)).toBe(true);
    expect(speakerNow(order)).toBeNull();
    expect(nextSpeaker(order).current).toBe(3);
    order = previousSpeaker(previousSpeaker(previousSpeaker(order)));
    expect(speakerNow(order)).toBe("Ada");
    expect(order.passed).toEqual([]);
  });

  it("shows answer times as minutes and seconds", () => {
    expect([formatSeconds(30), formatSeconds(90), formatSeconds(240), formatSeconds(0)]).toEqual([
      "0:30",
      "1:30",
      "4:00",
      "0:00",
    ]);
  });
});
