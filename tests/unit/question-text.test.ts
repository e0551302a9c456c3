import { describe, expect, it } from "vitest";
import { questionTextProblem } from "~/shared/community";
import { withoutControlCharacters } from "~/shared/text";

describe("the text of a submitted or edited question", () => {
  it.each([
    ["a bell", "What made you smile\u0007 this week?"],
    ["a noncharacter", "What made you smile\uFFFE this week?"],
    ["an escape sequence", "What made you smile \u001b[31mthis week?"],
    ["a NUL", "What made you smile\u0000 this week?"],
    ["DEL", "What made you smile\u007f this week?"],
    ["a C1 control", "What made you smile\u009b this week?"],
  ])("is refused with %s in it, naming the question", (_, text) => {
    expect(questionTextProblem(text)).toBe("Invalid question: must not contain control characters");
  });

  it("may wrap onto a second line, as a textarea sends it", () => {
    expect(questionTextProblem("What made you smile\r\nthis week?")).toBeNull();
    expect(questionTextProblem("What made you smile\tthis week?")).toBeNull();
    expect(questionTextProblem("Qu'est-ce qui t'a fait sourire cette semaine ? ¿Y a ti?")).toBeNull();
  });
});

describe("withoutControlCharacters", () => {
  it("drops invisible controls and keeps words apart where a control separated them", () => {
    expect(withoutControlCharacters("smile\u0007\u009b today\u000bor\u000ctomorrow")).toBe("smile today or tomorrow");
    expect(withoutControlCharacters("line\r\nbreak\tand é, ü, 😊")).toBe("line\r\nbreak\tand é, ü, 😊");
  });
});
