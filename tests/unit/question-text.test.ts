import { describe, expect, it } from "vitest";
import { questionTextProblem } from "~/shared/community";
import { withoutControlCharacters, writtenTextProblem } from "~/shared/text";

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

describe("the one check of text written for others (questions, from anyone, and names)", () => {
  it.each([
    ["a web address", "What did you think of http://evil.example/sso this week?", "links"],
    ["a secure web address", "Could you log in at HTTPS://evil.example and paste your code?", "links"],
    ["www.", "Which page on www.example.org do you read first?", "links"],
    ["a bare domain with a path", "Did you try evil.example/sso for the new login?", "links"],
    ["a bare .com domain", "What did you last order from shop.com this month?", "links"],
    ["mailto:", "Would you write to mailto:boss@example.org today?", "links"],
    ["a right-to-left override", "What made you smile \u202Ethis week?", "direction controls"],
    ["an isolate", "What made you \u2066smile\u2069 this week?", "direction controls"],
    ["a zero-width space", "What made you sm\u200Bile this week?", "invisible characters"],
    ["a zero-width non-joiner", "What made you sm\u200Cile this week?", "invisible characters"],
    ["a zero-width joiner", "What made you sm\u200Dile this week?", "invisible characters"],
    ["a word joiner", "What made you sm\u2060ile this week?", "invisible characters"],
    ["a byte-order mark", "What made you sm\uFEFFile this week?", "invisible characters"],
    ["a soft hyphen", "What made you sm\u00ADile this week?", "invisible characters"],
    ["a Hangul filler", "What made you smile\u3164 this week?", "invisible characters"],
  ])("refuses %s", (_, text, problem) => {
    expect(writtenTextProblem(text, { lineBreaks: true })).toBe(problem);
    expect(questionTextProblem(text)).toBe(`Invalid question: must not contain ${problem}`);
  });

  it("keeps ordinary questions: dotted words, emoji sequences and flags, any script", () => {
    for (const text of [
      "What do you like about Node.js, e.g. its speed?",
      "Which 3.5 things made you smile?",
      "Who is your favourite 👩🏽‍💻 or 👨‍👩‍👧 this week?",
      "Which flag would you fly, 🏴󠁧󠁢󠁳󠁣󠁴󠁿 or 🇫🇷?",
      "What made you smile 😊 this week?",
      "ما الذي جعلك تبتسم هذا الأسبوع؟",
    ]) {
      expect(writtenTextProblem(text), text).toBeNull();
    }
  });
});

describe("withoutControlCharacters", () => {
  it("drops invisible controls and keeps words apart where a control separated them", () => {
    expect(withoutControlCharacters("smile\u0007\u009b today\u000bor\u000ctomorrow")).toBe("smile today or tomorrow");
    expect(withoutControlCharacters("line\r\nbreak\tand é, ü, 😊")).toBe("line\r\nbreak\tand é, ü, 😊");
  });
});
