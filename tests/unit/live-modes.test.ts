import { describe, expect, it } from "vitest";
import { DEFAULT_SCALE_OPTIONS } from "~/shared/live";
import { defaultAnswerMode, optionsFor, scaleStepLabel, scaleSteps } from "~/shared/live-modes";

const defaults = [...DEFAULT_SCALE_OPTIONS];

describe("a question's default answer mode", () => {
  it("asks a one-word question for one word", () => {
    expect(defaultAnswerMode("one-word", null)).toEqual({ mode: "word", options: [] });
  });

  it("turns a scale's ready answers into its labels, or uses 1-5 without them", () => {
    expect(defaultAnswerMode("scale", ["Drained", "Okay", "Buzzing"])).toEqual({
      mode: "scale",
      options: ["Drained", "Okay", "Buzzing"],
    });
    expect(defaultAnswerMode("scale", null)).toEqual({ mode: "scale", options: defaults });
    expect(defaultAnswerMode("scale", [])).toEqual({ mode: "scale", options: defaults });
    expect(defaultAnswerMode("scale", ["  ", "Only end"])).toEqual({ mode: "scale", options: defaults });
  });

  it("offers a would-you-rather's and a pick-one's choices as buttons", () => {
    expect(defaultAnswerMode("would-you-rather", ["Coffee", "Tea"])).toEqual({
      mode: "pick",
      options: ["Coffee", "Tea"],
    });
    expect(defaultAnswerMode("pick-one", [" Mountains ", "Sea", "City"])).toEqual({
      mode: "pick",
      options: ["Mountains", "Sea", "City"],
    });
  });

  it("falls back to free text when there are fewer than two choices", () => {
    expect(defaultAnswerMode("would-you-rather", ["Coffee"])).toEqual({ mode: "text", options: [] });
    expect(defaultAnswerMode("pick-one", null)).toEqual({ mode: "text", options: [] });
    expect(defaultAnswerMode("pick-one", ["Sea", ""])).toEqual({ mode: "text", options: [] });
  });

  it.each(["open", "high-low", "chain", "show-and-tell", "something-new"])("asks %s for free text", (format) => {
    expect(defaultAnswerMode(format, ["ignored", "too"])).toEqual({ mode: "text", options: [] });
  });

  it("hands out a fresh array each time, so the constant is never changed through it", () => {
    const { options } = defaultAnswerMode("scale", null);
    options.push("6");
    expect(defaultAnswerMode("scale", null).options).toEqual(defaults);
    expect(DEFAULT_SCALE_OPTIONS).toHaveLength(5);
  });
});

describe("the options of a mode the host chose", () => {
  it("gives a scale question's own labels, and 1-5 to every other question", () => {
    expect(optionsFor("scale", "scale", ["Low", "Mid", "High"])).toEqual(["Low", "Mid", "High"]);
    expect(optionsFor("scale", "scale", null)).toEqual(defaults);
    expect(optionsFor("scale", "would-you-rather", ["Coffee", "Tea"])).toEqual(defaults);
    expect(optionsFor("scale", "open", null)).toEqual(defaults);
  });

  it("offers a pick only with at least two ready answers", () => {
    expect(optionsFor("pick", "would-you-rather", ["Coffee", "Tea"])).toEqual(["Coffee", "Tea"]);
    expect(optionsFor("pick", "scale", ["Low", "Mid", "High"])).toEqual(["Low", "Mid", "High"]);
    expect(optionsFor("pick", "pick-one", ["Coffee"])).toBeNull();
    expect(optionsFor("pick", "open", null)).toBeNull();
  });

  it("gives free text and one word no options", () => {
    expect(optionsFor("text", "would-you-rather", ["Coffee", "Tea"])).toEqual([]);
    expect(optionsFor("word", "one-word", null)).toEqual([]);
  });
});

describe("a scale's steps as screens show them", () => {
  it("shows numbers that only say themselves once, with the ends the question names", () => {
    const pulse = scaleSteps({
      text: "How full is your energy tank as we start? 1 = running on fumes, 5 = full",
      options: ["1", "2", "3", "4", "5"],
    });
    expect(pulse).toEqual({ numeric: true, labels: ["1", "2", "3", "4", "5"], low: "running on fumes", high: "full" });
    expect([0, 2, 4].map((i) => scaleStepLabel(pulse, i))).toEqual(["1 · running on fumes", "3", "5 · full"]);
  });

  it("names the ends Low and High when the question does not, and reads number words as numbers", () => {
    const words = scaleSteps({ text: "From one to five, how did this sprint go?", options: ["One", "Two", "Three"] });
    expect(words).toMatchObject({ numeric: true, low: "Low", high: "High" });
    expect([0, 1, 2].map((i) => scaleStepLabel(words, i))).toEqual(["1 · Low", "2", "3 · High"]);
  });

  it("keeps labels that say more beside their number", () => {
    const steps = scaleSteps({ text: "How settled?", options: ["Still buzzing", "Fully landed"] });
    expect(steps).toEqual({ numeric: false, labels: ["Still buzzing", "Fully landed"] });
    expect(scaleStepLabel(steps, 1)).toBe("2 · Fully landed");
  });
});
