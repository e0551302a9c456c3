import { describe, expect, inject, it } from "vitest";
import { expectNoInternals } from "../support/assertions";

const baseUrl = inject("baseUrl");

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const valid = {
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  previousQuestions: [],
};

describe("POST /api/v1/generate-question", () => {
  it("serves a library question with the card's fields and the remaining AI questions", async () => {
    const response = await post("/api/v1/generate-question", { ...valid, categorySlug: "remote-teams" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      type: "check-in",
      meetingContext: "check-in",
      questionStyle: "reflective",
      engagementLevel: "standard",
      categorySlug: "remote-teams",
      source: "curated",
      remainingQuestions: "unlimited",
    });
    expect(body.question).toMatch(/\?$/);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toMatch(/^cu_visitor=.*HttpOnly.*SameSite=Lax/i);
  });

  it("answers on the /functions/v1 alias too", async () => {
    const response = await post("/functions/v1/generate-question", valid);
    expect(response.status).toBe(200);
    expect((await response.json()).question).toBeTruthy();
  });

  it("gives a check-out for a check-out context and an energizer for an energizer", async () => {
    for (const [context, type] of [
      ["check-out", "check-out"],
      ["energizer", "energizer"],
      ["status", "check-in"],
    ]) {
      const body = await (await post("/api/v1/generate-question", { ...valid, meetingContext: context })).json();
      expect(body.type).toBe(type);
    }
  });

  it("says plainly that this site writes no AI questions when asked for a fresh one, serves unseen library questions and stores nothing", async () => {
    const stats = async () => (await (await fetch(`${baseUrl}/api/v1/stats`)).json()).questions.total as number;
    const before = await stats();
    const seenIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await post("/api/v1/generate-question", { ...valid, fresh: true, seenIds });
      const body = await response.json();
      expect(response.status).toBe(200);
      expect(body.source).toBe("curated");
      expect(body.notice).toBe("This site does not write new questions with AI, so here is one from our library.");
      expect(seenIds).not.toContain(body.id);
      seenIds.push(body.id);
    }
    expect(await stats()).toBe(before);
  });

  it("serves a deep energizer request at standard depth: there is no deep energizer", async () => {
    const body = await (
      await post("/api/v1/generate-question", { ...valid, meetingContext: "energizer", engagementLevel: "deep" })
    ).json();
    expect(body).toMatchObject({ type: "energizer", meetingContext: "energizer", engagementLevel: "standard" });
  });

  it.each([
    ["not json", "{", "The request body must be JSON", "BODY_NOT_JSON"],
    ["an array", [], "The request body must be a JSON object", "BODY_NOT_OBJECT"],
    ["a bad meeting context", { ...valid, meetingContext: "party" }, "meetingContext must be one of", "INVALID_INPUT"],
    ["a bad style", { ...valid, questionStyle: "" }, "questionStyle must be one of", "INVALID_INPUT"],
    [
      "a missing engagement level",
      { meetingContext: "check-in", questionStyle: "playful" },
      "engagementLevel must be one of",
      "INVALID_INPUT",
    ],
    ["an unknown category", { ...valid, categorySlug: "karaoke" }, "categorySlug must be one of", "INVALID_INPUT"],
    [
      "previous questions that are not a list",
      { ...valid, previousQuestions: "hi" },
      "previousQuestions must be an array",
      "INVALID_INPUT",
    ],
    ["a non-boolean fresh", { ...valid, fresh: "yes" }, "fresh must be true or false", "INVALID_INPUT"],
    [
      "a weekday that is not one",
      { ...valid, weekday: "Monday" },
      "weekday must be one of sunday, monday, tuesday, wednesday, thursday, friday, saturday",
      "INVALID_INPUT",
    ],
  ])("refuses %s with 400 and a message naming the field", async (_, body, message, code) => {
    const response = await post("/api/v1/generate-question", body);
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem.error).toContain(message);
    expect(problem).toMatchObject({ code, retryable: false });
    expectNoInternals(JSON.stringify(problem));
  });

  it("answers GET with 405 and an Allow header", async () => {
    const response = await fetch(`${baseUrl}/api/v1/generate-question`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("GET /api/v1/stats", () => {
  it("counts the library live from the database", async () => {
    const response = await fetch(`${baseUrl}/api/v1/stats`);
    expect(response.status).toBe(200);
    const stats = await response.json();
    expect(stats.questions.total).toBeGreaterThanOrEqual(1000);
    expect(stats.questions.bySource.curated).toBeGreaterThanOrEqual(1000);
    expect(Object.keys(stats.questions.byType).sort()).toEqual(["check-in", "check-out", "energizer"]);
    expect(stats.categories).toHaveLength(7);
    for (const category of stats.categories) expect(category.questionCount).toBeGreaterThanOrEqual(60);
  });
});
