import { describe, expect, it } from "vitest";
import {
  cellKey,
  cells,
  type FiledQuestion,
  median,
  questionsToWrite,
  shortCells,
  startingCells,
} from "~/domain/questions/library-audit";
import { parseLibraryFile } from "~/domain/questions/library-file";
import {
  type Drawn,
  mergeReview,
  parseReviewList,
  type ReviewLine,
  renderReviewList,
  reviewProblems,
  standing,
} from "~/domain/questions/library-review";
import { framesIn, questionProblems, stockFrames } from "~/domain/questions/library-rules";
import { weekdayIn } from "~/shared/cadence";
import { fitsDay, unfitOn } from "~/shared/meeting-day";

/** A stand-up question unless told otherwise: check-in, reflective, quick, the daily-standup page's starting choice. */
const filed = (text: string, extra: Partial<FiledQuestion> = {}): FiledQuestion => ({
  text,
  context: "check-in",
  style: "reflective",
  engagement: "quick",
  format: "open",
  file: "daily-standup",
  categories: ["daily-standup"],
  ...extra,
});
const rules = (text: string, extra?: Partial<FiledQuestion>) => questionProblems(filed(text, extra)).map((p) => p.rule);

describe("the meeting's day", () => {
  it("leaves out yesterday questions on a Monday and a Sunday, tomorrow's-meeting questions on a Friday and a Saturday, and both when the day is unknown", () => {
    expect(unfitOn("monday")).toEqual(["after-weekend"]);
    expect(unfitOn("sunday")).toEqual(["after-weekend"]);
    expect(unfitOn("tuesday")).toEqual([]);
    expect(unfitOn("friday")).toEqual(["before-weekend"]);
    expect(unfitOn(null)).toEqual(["after-weekend", "before-weekend"]);
    // Sprint starts are declared, not yet known for any meeting: nothing leaves them out.
    expect(fitsDay(["sprint-start"], "monday")).toBe(true);
    expect(fitsDay(["after-weekend"], "wednesday")).toBe(true);
    expect(fitsDay(["after-weekend"], "monday")).toBe(false);
  });

  it("is the team's day in its time zone, not the server's", () => {
    // Sunday evening in UTC is Monday morning in Auckland; Monday evening in Los Angeles is Tuesday in UTC.
    expect(weekdayIn(new Date("2026-11-29T19:00:00Z"), "Pacific/Auckland")).toBe("monday");
    expect(weekdayIn(new Date("2026-11-29T19:00:00Z"), "UTC")).toBe("sunday");
    expect(weekdayIn(new Date("2026-12-01T01:00:00Z"), "America/Los_Angeles")).toBe("monday");
  });

  it("is read from the library file, each day once and only the days there are", () => {
    const file = (notWhen: unknown) =>
      JSON.stringify({
        category: "daily-standup",
        questions: [{ text: "Where did you leave off yesterday?", ...labels, notWhen }],
      });
    const labels = { context: "check-in", style: "professional", engagement: "quick" };
    expect(parseLibraryFile("daily-standup.json", file(["after-weekend"])).questions[0]?.notWhen).toEqual([
      "after-weekend",
    ]);
    expect(() => parseLibraryFile("daily-standup.json", file(["weekend"]))).toThrow(
      /daily-standup.json: questions.0.notWhen.0 notWhen holds after-weekend, before-weekend, sprint-start/,
    );
    expect(() => parseLibraryFile("daily-standup.json", file(["friday"]))).toThrow(/notWhen holds/);
    expect(() => parseLibraryFile("daily-standup.json", file(["after-weekend", "after-weekend"]))).toThrow(
      /notWhen names each day once/,
    );
  });
});

describe("the day and sprint rules", () => {
  it("asks a yesterday question to declare after-weekend, or to be asked since the last meeting", () => {
    expect(rules("Where did you leave off yesterday?")).toEqual(["yesterday-on-a-monday"]);
    expect(rules("What carried over from yesterday's list?")).toEqual(["yesterday-on-a-monday"]);
    expect(rules("Where did you leave off yesterday?", { notWhen: ["after-weekend"] })).toEqual([]);
    expect(rules("Where did you leave off since the last standup?")).toEqual([]);
    expect(rules("What is the nicest thing you have seen since we last met?")).toEqual([]);
  });

  it("lets 'since we last met' stand only where the same people meet again and again", () => {
    const elsewhere = { file: "ice-breaker-questions", categories: ["ice-breaker-questions"] } as const;
    expect(rules("What is the nicest thing you have seen since we last met?", elsewhere)).toEqual([
      "presumes-an-event",
    ]);
    const alsoElsewhere = { categories: ["daily-standup", "remote-teams"] } as const;
    expect(rules("What is the nicest thing you have seen since we last met?", alsoElsewhere)).toEqual([
      "presumes-an-event",
    ]);
    const oneOnOne = { categories: ["daily-standup", "one-on-ones"] } as const;
    expect(rules("What is the nicest thing you have seen since we last met?", oneOnOne)).toEqual([]);
  });

  it("asks a question about tomorrow's standup to declare before-weekend", () => {
    expect(rules("What will you report at tomorrow's standup?")).toEqual(["tomorrow-on-a-friday"]);
    expect(rules("What will you report at tomorrow's standup?", { notWhen: ["before-weekend"] })).toEqual([]);
    expect(rules("Which object would you miss most if it vanished tomorrow?")).toEqual([]);
  });

  it("keeps sprint words in the meetings that have sprints, also where a question is filed with 'also'", () => {
    expect(rules("What did you finish this sprint?")).toEqual([]);
    expect(
      rules("What did you finish this sprint?", { file: "retrospectives", categories: ["retrospectives"] }),
    ).toEqual([]);
    expect(rules("What did you finish this sprint?", { categories: ["daily-standup", "one-on-ones"] })).toEqual([
      "sprint-words-outside-sprints",
    ]);
    const oneOnOne = { file: "one-on-ones", categories: ["one-on-ones"] } as const;
    for (const text of [
      "Which skill do you want to stretch next sprint?",
      "Looking at the last few sprints, what tends to slip?",
      "Your backlog as a stack of books: neat, wobbly or huge?",
      "How did sprint planning feel for you?",
      "How many story points did that take?",
    ])
      expect(rules(text, oneOnOne), text).toEqual(["sprint-words-outside-sprints"]);
    // A sprint beside a marathon is a pace, not a sprint.
    expect(rules("Is your week a sprint, a marathon or a gentle stroll?", oneOnOne)).toEqual([]);
    expect(questionProblems(filed("What did you finish this sprint?", oneOnOne))[0]?.detail).toContain(
      '"this sprint" in one-on-ones, which has no sprints',
    );
  });
});

describe("stock frames", () => {
  it("find a picture by its words, counting each question once per frame", () => {
    expect(framesIn("What would the trailer for your week show?")).toEqual(["film or trailer"]);
    expect(framesIn("Which song is on your week's soundtrack?")).toEqual(["song, playlist or band"]);
    expect(framesIn("Which emoji sums up your inbox?")).toEqual(["emoji"]);
    expect(framesIn("What is your surprisingly specific superpower?")).toEqual(["superpower"]);
    expect(framesIn("What is the forecast for your main task?")).toEqual(["weather or forecast"]);
    expect(framesIn("Which animal is your to-do list today?")).toEqual(["animal"]);
    expect(framesIn("If today's plan were a recipe, what could burn?")).toEqual(["food or dish"]);
    // Words that only look like a picture are not one.
    expect(framesIn("What will we ship next, and what still trips you up?")).toEqual([]);
    expect(framesIn("Which animal matches your mood?")).toEqual(["animal"]);
    expect(framesIn("Would you rather book it or wing it?")).toEqual([]);
  });

  it("count each frame across the library, the most used first", () => {
    const texts = [
      "What would the trailer for your week show?",
      "Which film genre is your day?",
      "Which emoji sums up your inbox?",
      "What is a good question?",
    ];
    const counted = stockFrames(texts);
    expect(counted.slice(0, 2)).toEqual([
      { frame: "film or trailer", count: 2 },
      { frame: "emoji", count: 1 },
    ]);
    expect(counted.find((f) => f.frame === "superpower")?.count).toBe(0);
  });
});

describe("cells", () => {
  const library = [
    filed("What are you bringing into today?"),
    filed("How are you arriving at standup?"),
    filed("Where did you leave off yesterday?", { notWhen: ["after-weekend"] }),
    filed("What is on your mind as we start?", {
      file: "remote-teams",
      categories: ["remote-teams", "daily-standup"],
    }),
    filed("Which fits your arrival: calm, busy or somewhere between?", { engagement: "standard" }),
  ];
  const all = cells(library);
  const cellOf = (key: string) => all.find((cell) => cellKey(cell) === key);

  it("count a category's own questions and those filed under it, on the cell's worst day", () => {
    expect(all).toHaveLength(7 * 68);
    expect(cellOf("daily-standup/check-in/reflective/quick")).toMatchObject({
      count: 3,
      most: 4,
      worstDay: "monday",
      own: 3,
    });
    expect(cellOf("remote-teams/check-in/reflective/quick")).toMatchObject({ count: 1, most: 1, own: 1 });
    expect(cellOf("daily-standup/check-in/reflective/standard")).toMatchObject({ count: 1, worstDay: null });
    expect(cellOf("one-on-ones/check-in/reflective/quick")?.count).toBe(0);
  });

  it("list the short cells fewest first, and find each page's starting choice", () => {
    const short = shortCells(all.filter((cell) => cell.category === "daily-standup"));
    expect(short).toHaveLength(68);
    expect(short.at(-1)?.count).toBe(3);
    expect(shortCells(all, 2).every((cell) => cell.count < 2)).toBe(true);
    const starting = startingCells(all);
    expect(starting.map(cellKey)).toEqual([
      "ice-breaker-questions/check-in/reflective/quick",
      "remote-teams/check-in/reflective/standard",
      "daily-standup/check-in/reflective/quick",
      "team-building/check-in/reflective/standard",
      "retrospectives/check-in/reflective/standard",
      "one-on-ones/check-in/reflective/deep",
      "all-hands/check-in/reflective/quick",
    ]);
    expect(starting[2]?.count).toBe(3);
  });

  it("add up what the library still needs: each cell to 10, each starting choice to 30, then the median to 12", () => {
    // The stand-up start holds 3 of 30, the six other starts none; two other cells hold 1 of 10, the 467 left none.
    // Then the 239 fullest cells (the seven starts at 30, 232 cells at 10) need 2 more each for a median of 12.
    expect(questionsToWrite(all)).toBe(27 + 6 * 30 + 2 * 9 + 467 * 10 + 232 * 2);
  });

  it("take the median of their counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});

describe("the content review's list", () => {
  const labels = "daily-standup · check-in/reflective/quick";
  const line = (text: string, extra: Partial<ReviewLine> = {}): ReviewLine => ({
    labels,
    text,
    writer: "Wren",
    readers: [],
    history: [],
    why: "",
    ...extra,
  });

  it("refuses a verdict without its reader, from the line's writer, or with nobody named as writer", () => {
    expect(reviewProblems([line("A?"), line("B?", { readers: ["Ravi"], history: ["yes"] })])).toEqual([]);
    expect(reviewProblems([line("A?", { history: ["yes"] })])).toEqual([
      '#1 (A?): 1 verdicts but 0 readers: name each reader in "read by"',
    ]);
    expect(reviewProblems([line("A?", { readers: ["wren"], history: ["yes"] })])).toEqual([
      "#1 (A?): read by its writer, wren",
    ]);
    expect(reviewProblems([line("A?", { writer: "", readers: ["Ravi"], history: ["no"] })])).toEqual([
      '#1 (A?): say who wrote the line in "written by": nobody reads their own line',
    ]);
    expect(reviewProblems([line("A?", { readers: ["Ravi"], history: ["maybe" as "yes"] })])[0]).toContain(
      '"maybe" is not a verdict',
    );
  });

  it("refuses a yes on a line fixed after a no unless a second reader gives it", () => {
    const fixed = { readers: ["Ravi", "Ravi"], history: ["no", "fixed", "yes"] } as const;
    expect(
      reviewProblems([line("A?", { ...fixed, readers: [...fixed.readers], history: [...fixed.history] })]),
    ).toEqual(["#1 (A?): fixed after Ravi's no, so a second reader passes it, not Ravi again"]);
    expect(reviewProblems([line("A?", { readers: ["Ravi", "Sol"], history: ["no", "fixed", "yes"] })])).toEqual([]);
    // Without a fix the text is the one Ravi read: his second look is his own business.
    expect(reviewProblems([line("A?", { readers: ["Ravi", "Ravi"], history: ["no", "yes"] })])).toEqual([]);
    // A fixed line keeps its no until it is read again.
    expect(standing(line("A?", { readers: ["Ravi"], history: ["no", "fixed"] }))).toBe("no");
    expect(standing(line("A?", { readers: ["Ravi", "Sol"], history: ["no", "fixed", "yes"] }))).toBe("yes");
  });

  it("keeps a line drawn again, and marks fixed a line whose question changed in its place", () => {
    const before = [
      line("Where did you leave off yesterday?", { readers: ["Ravi"], history: ["no"], why: "no: a Monday" }),
      line("How are you arriving?", { readers: ["Sol"], history: ["yes"] }),
      line("Which task waits?", {}),
    ];
    const drawn: Drawn[] = [
      { labels, text: "Where did you leave off since the last standup?" },
      { labels, text: "How are you arriving?" },
      { labels, text: "What is new?" },
    ];
    const library = new Set(drawn.map((d) => d.text));
    const merged = mergeReview(before, drawn, { sameDraw: true, inLibrary: (text) => library.has(text) });
    expect(merged.map((l) => [l.text, l.history.join(" → "), l.readers.join(" → ")])).toEqual([
      ["Where did you leave off since the last standup?", "no → fixed", "Ravi"],
      ["How are you arriving?", "yes", "Sol"],
      ["What is new?", "", ""],
    ]);
    // Drawn from a library of another size, a place holds another question: nothing is carried over by place.
    const other = mergeReview(before, drawn, { sameDraw: false, inLibrary: (text) => library.has(text) });
    expect(other[0]?.history).toEqual([]);
  });

  it("writes the list it reads back, with who wrote and who read each line", () => {
    const lines = [
      line("Where did you leave off since the last standup?", {
        readers: ["Ravi", "Sol"],
        history: ["no", "fixed", "yes"],
        why: "no: asked about a Sunday | fixed",
      }),
      line("What is new?"),
    ];
    const list = renderReviewList(lines, 7, 5000);
    expect(list).toContain(
      "| 1 | daily-standup · check-in/reflective/quick | Where did you leave off since the last standup? | Wren | Ravi → Sol | no → fixed → yes | no: asked about a Sunday \\| fixed |",
    );
    expect(list).toContain("| 2 | daily-standup · check-in/reflective/quick | What is new? | Wren |  | todo |  |");
    expect(list).toContain("would ask unedited: 1 of 2 (50%) · not read yet: 1");
    const read = parseReviewList(`intro\n${list}\nafter`);
    expect(read.seed).toBe(7);
    expect(read.total).toBe(5000);
    expect(read.lines).toEqual(lines);
  });

  it("reads the lists written before lines named their readers, and leaves their verdicts unchecked", () => {
    const legacy = parseReviewList(
      [
        "<!-- review list: written by npm run library:review; verdicts are kept when a question is drawn again -->",
        "Seed: `20261126` · drawn: 1 of 4278 questions",
        "| # | file · context/style/depth · format | question | would ask unedited | why |",
        "|---|---|---|---|---|",
        "| 1 | all-hands · check-out/reflective/quick | What is your one takeaway from today? | yes | short |",
        "<!-- end of review list -->",
      ].join("\n"),
    );
    expect(legacy.lines[0]).toMatchObject({
      text: "What is your one takeaway from today?",
      history: ["yes"],
      legacy: true,
    });
    expect(reviewProblems(legacy.lines)).toEqual([]);
    // Drawn again, it joins the new list and needs its writer and reader named.
    const merged = mergeReview(legacy.lines, [{ labels, text: "What is your one takeaway from today?" }], {
      sameDraw: true,
      inLibrary: () => true,
    });
    expect(reviewProblems(merged)).toHaveLength(2);
  });
});
