import { describe, expect, it } from "vitest";
import { cleanAnswer, recentQuestions, validateAnswer } from "~/domain/generation/ai-answer";

const PREVIOUS = [
  "Oldest question, no longer considered?",
  "What is one thing you are proud of this week?",
  "What made you smile today?",
  "Which meeting ritual would you keep forever?",
  "What is a small win from yesterday?",
  "Where do you do your best thinking?",
];

describe("a model's answer", () => {
  it.each([
    ["What is one habit that helps you start the day well?", "What is one habit that helps you start the day well?"],
    [
      '  "What is one habit that helps you start the day well?"  ',
      "What is one habit that helps you start the day well?",
    ],
    [
      "Question: What is one habit that helps you start the day well?",
      "What is one habit that helps you start the day well?",
    ],
    [
      '"Question: What is one habit that helps you start the day well?"',
      "What is one habit that helps you start the day well?",
    ],
    [
      "**Q:** “What is one habit that helps you start the day well?”",
      "What is one habit that helps you start the day well?",
    ],
    [
      "Here's a question for your check-in: What is one habit that helps you start the day well?",
      "What is one habit that helps you start the day well?",
    ],
    [
      "What is one  habit that helps you\tstart the day well?\n",
      "What is one habit that helps you start the day well?",
    ],
  ])("is cleaned: %j", (raw, question) => {
    expect(validateAnswer(raw, [])).toEqual({ ok: true, question });
  });

  it.each([
    [null, "empty"],
    ["   ", "empty"],
    ["1. What energises you?\n2. What drains you?\n3. What would you change?", "more than one line"],
    ["What energises you at work?\nAnd why?", "more than one line"],
    ["1. What energises you at work these days?", "a list"],
    ["- What energises you at work these days?", "a list"],
    ["What energises you? What drains you at work?", "not exactly one question"],
    ["Tell us what energises you at work.", "not exactly one question"],
    ["What energises you at work? Take a minute.", "not exactly one question"],
    ["Why?", "too short"],
    [`What ${"really ".repeat(60)}energises you?`, "longer than 300"],
    ["Where do you do your best thinking?", "repeated one of the recent questions"],
    ["  where do you do your BEST thinking!?", "repeated one of the recent questions"],
    ["What made you smile, today?", "repeated one of the recent questions"],
    ["What made you smile\u0007 at work this week?", "control characters"],
    ["What made you smile\u0085 at work this week?", "control characters"],
    ["Could you log in at http://evil.example/sso and paste your code?", "the answer had links"],
    ["What made you smile \u202Eat work this week?", "the answer had direction controls"],
    ["What made you sm\u200Bile at work this week?", "the answer had invisible characters"],
    ["What is your salary this year, honestly?", 'content guide forbids ("salary")'],
    ["Which religion shapes your weekends the most?", 'content guide forbids ("religion")'],
    ["Who did you vote for in the last election?", 'content guide forbids ("election", "vote for")'],
  ])("is rejected: %j", (raw, reason) => {
    const verdict = validateAnswer(raw, PREVIOUS);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? "" : verdict.reason).toContain(reason);
  });

  it("only has to differ from the last five questions", () => {
    expect(validateAnswer("Oldest question, no longer considered?", PREVIOUS)).toMatchObject({ ok: true });
    expect(recentQuestions(PREVIOUS)).toEqual(PREVIOUS.slice(1));
  });

  it("keeps the text of a normal question as it is", () => {
    expect(cleanAnswer("Which 3 words describe your week?")).toBe("Which 3 words describe your week?");
    expect(cleanAnswer("Quick: which snack fuels your best work?")).toBe("Quick: which snack fuels your best work?");
  });
});
