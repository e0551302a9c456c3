import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveAnswer, RoundView } from "~/shared/live";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { onTeamClock, seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";
import { copyPgliteTemplate } from "../support/templates";

/**
 * A series that opens its rounds ahead, over HTTP against a production
 * server: the owner saves the series with its next meeting's opening
 * already due (the test picks the meeting's time, so the queue runs the
 * job at once and nothing waits on a clock), the round opens by itself,
 * two people answer before the meeting, nobody but the host learns
 * anything before the reveal (and the host only who, or how many in an
 * anonymous round), the meeting starts on that round, someone answers
 * live, and the reveal shows everyone's answers.
 */
describe("rounds that open ahead of the meeting", () => {
  let server: RunningServer;
  let dataDir: string;
  let teamId: string;
  let owner: HttpClient;
  let ip = 10;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-answers-ahead-"));
    copyPgliteTemplate("library", dataDir);
    teamId = await seedTeamWithPersonas({ dataDir });
    server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
    owner = person();
    await signIn(owner, TEAM_PERSONAS.owner);
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function person() {
    return new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${ip++}` });
  }

  /** Creates a series whose next meeting is at `meetingAt` (to the minute); answers open by `opensAhead`. */
  async function newSeries(name: string, meetingAt: Date, opensAhead: string, anonymous = false) {
    const { weekday, timeOfDay } = onTeamClock(meetingAt);
    const created = await owner.postForm(`/teams/${teamId}/series/new`, {
      intent: "save",
      name,
      category: "any",
      meetingContext: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      cadence: "weekly",
      weekday: String(weekday),
      timeOfDay,
      opensAhead,
      ...(anonymous ? { aheadAnonymous: "on" } : {}),
    });
    expect(created.status).toBe(302);
    return created.headers.get("location") ?? "";
  }

  const textOf = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");

  async function pageText(client: HttpClient, at: string) {
    const response = await client.get(at);
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, text: textOf(html) };
  }

  /** The series page once its round has opened (the job runs on the server as soon as it is due). */
  async function openedRound(seriesPath: string): Promise<string> {
    let code = "";
    await expect
      .poll(
        async () => {
          const { html, text } = await pageText(owner, seriesPath);
          code = /\/live\/([A-Z0-9]{6})"/.exec(html)?.[1] ?? "";
          return code && text.includes("Answers are open: 0 so far. Hidden until you reveal them in the meeting.");
        },
        { timeout: 20_000, message: "the round opened by the job" },
      )
      .toBe(true);
    return code;
  }

  async function viewOf(client: HttpClient, code: string, as: "host" | "participant" | "room" = "participant") {
    const answer = await client.get(`/api/v1/rounds/${code}?as=${as}`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { view: RoundView }).view;
  }

  async function joinAndAnswer(code: string, name: string | null, text: string) {
    const client = person();
    const joined = await client.postJson(`/api/v1/rounds/${code}/join`, name ? { name } : {});
    expect(joined.status, JSON.stringify(await joined.clone().json())).toBe(201);
    const { view } = (await joined.json()) as { view: RoundView };
    const question = view.questions[view.position];
    const body =
      question?.mode === "scale" || question?.mode === "pick"
        ? { position: view.position, choice: 0 }
        : { position: view.position, text };
    const sent = await client.postJson(`/api/v1/rounds/${code}/answer`, body);
    expect(sent.status, JSON.stringify(await sent.clone().json())).toBe(200);
    return client;
  }

  it("opens the round by itself, keeps early answers hidden, shows the host who answered, and reveals all", async () => {
    // The meeting is tomorrow at this minute: its opening (the day before, same time) is due now.
    const meetingAt = new Date(Date.now() + 24 * 3_600_000);
    const seriesPath = await newSeries("Thursday retro", meetingAt, "day-before");
    const { text: seriesText } = await pageText(owner, seriesPath);
    expect(seriesText).toContain("Answers open the day before at");
    const code = await openedRound(seriesPath);

    // Two people answer from the join link before the meeting.
    const ana = await joinAndAnswer(code, "Ana", "Rested");
    await joinAndAnswer(code, "Ben", "Curious");

    // Nobody but the host learns what was said: phones and the room see no answers, the room only how many.
    const seen = await viewOf(ana, code);
    expect(seen.revealed).toBe(false);
    expect(seen.results).toBeNull();
    expect(seen.answers).toEqual([]);
    const room = await viewOf(owner, code, "room");
    expect(room.answers).toEqual([]);
    expect(room.results).toMatchObject({ answered: 2, words: [], tally: [] });

    // The host's screen names who answered; the meeting page and the series page say answers are open.
    const { text: hostText } = await pageText(owner, `/live/${code}/host`);
    expect(hostText).toContain("Answered so far: Ana, Ben.");
    const { text: seriesNow } = await pageText(owner, seriesPath);
    expect(seriesNow).toContain("Answers are open: 2 so far. Hidden until you reveal them in the meeting.");
    expect(seriesNow).toContain(`/live/${code}`);

    // Starting the meeting at its time takes the meeting whose round is open, not a new one.
    const started = await owner.postForm(seriesPath, { intent: "start" });
    expect(started.status).toBe(302);
    const meetingPath = (started.headers.get("location") ?? "").split("?")[0] ?? "";
    const { text: meetingText } = await pageText(owner, meetingPath);
    expect(meetingText).toContain("Answers are open: 2 so far. Hidden until you reveal them in the meeting.");
    expect(meetingText).toContain(`/live/${code}`);

    // Someone answers live in the meeting; the reveal shows all three.
    await joinAndAnswer(code, "Cleo", "Hungry");
    const { text: hostLive } = await pageText(owner, `/live/${code}/host`);
    expect(hostLive).toContain("Answered so far: Ana, Ben, Cleo.");
    const revealed = await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    expect(revealed.status).toBe(200);
    const after = await viewOf(ana, code);
    expect(after.revealed).toBe(true);
    expect(after.results?.answered).toBe(3);
    if (after.questions[0]?.mode === "text") {
      const page = await ana.get(`/api/v1/rounds/${code}/answers?position=0&offset=0`);
      const { answers } = (await page.json()) as { answers: LiveAnswer[] };
      expect(answers.map((a) => a.text).sort()).toEqual(["Curious", "Hungry", "Rested"]);
    }
  });

  it("tells the host only how many answered in an anonymous round opened ahead", async () => {
    // In two hours: its opening, four hours before, is due now.
    const seriesPath = await newSeries("Friday demo", new Date(Date.now() + 2 * 3_600_000), "hours-before", true);
    const code = await openedRound(seriesPath);
    await joinAndAnswer(code, null, "Ready");
    await joinAndAnswer(code, null, "Sleepy");
    const host = await viewOf(owner, code, "host");
    expect(host.anonymous).toBe(true);
    expect(host.participants.every((p) => p.name === null)).toBe(true);
    const { text } = await pageText(owner, `/live/${code}/host`);
    expect(text).toContain("2 answered so far. The round is anonymous");
  });
});
