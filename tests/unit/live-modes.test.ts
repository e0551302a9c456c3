import { describe, expect, it } from "vitest";
import { DEFAULT_SCALE_OPTIONS } from "~/shared/live";
import { defaultAnswerMode, optionsFor } from "~/shared/live-modes";

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
