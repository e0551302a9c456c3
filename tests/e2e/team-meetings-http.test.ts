import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { teamMeetings, users } from "~/db/schema";
import type { RoundEvent, RoundView } from "~/shared/live";
import { PULSE_QUESTION } from "~/shared/series";
import { parseCsv } from "../support/csv";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { insertSeries, seedTeam, seedTeamWithPersonas, TEAM_PERSONAS } from "../support/teams";
import { copyPgliteTemplate } from "../support/templates";

/**
 * Every page and endpoint of series, meetings and team rounds, walked as
 * each kind of caller: owners and facilitators run meetings and manage
 * series, members read, a signed-in outsider gets a 404 as if the team did
 * not exist, a visitor is sent to sign in (pages) or gets a 401 (API).
 */

type Persona = keyof typeof TEAM_PERSONAS | "visitor";
const PERSONAS: Persona[] = ["owner", "facilitator", "member", "outsider", "visitor"];

type Case = {
  what: string;
  send: (client: HttpClient, persona: Persona) => Promise<Response>;
  expect: Record<Persona, number | "sign-in">;
};

const SERIES_FORM = {
  intent: "save",
  name: "Monday stand-up",
  category: "daily-standup",
  meetingContext: "check-in",
  questionStyle: "playful",
  engagementLevel: "quick",
  weekday: "1",
  timeOfDay: "09:30",
};

describe("team series and meetings: who may do what", () => {
  let server: RunningServer;
  let dataDir: string;
  let teamId: string;
  let emptyTeamId: string;
  let questionId: string;
  /** Each persona's own series and meeting, so one persona's change (a deletion, a round) does not touch another's row. */
  const own = {} as Record<Persona, { seriesId: string; meetingId: string }>;
  const clients = {} as Record<Persona, HttpClient>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-team-meetings-"));
    copyPgliteTemplate("library", dataDir);
    teamId = await seedTeamWithPersonas({ dataDir });
    emptyTeamId = await seedTeam(
      { dataDir },
      {
        name: "New team",
        members: [
          { email: TEAM_PERSONAS.owner, role: "owner" },
          { email: TEAM_PERSONAS.member, role: "member" },
        ],
      },
    );
    const handle = await openDatabase({ dataDir });
    try {
      const [owner] = await handle.db.select({ id: users.id }).from(users);
      for (const persona of PERSONAS) {
        const seriesId = await insertSeries(handle.db, teamId, { name: `Series of ${persona}` });
        const [meeting] = await handle.db
          .insert(teamMeetings)
          .values({ teamId, seriesId, hostId: owner?.id })
          .returning({ id: teamMeetings.id });
        own[persona] = { seriesId, meetingId: meeting?.id ?? "" };
      }
    } finally {
      await handle.close();
    }
    server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
    let ip = 1;
    for (const persona of PERSONAS) {
      clients[persona] = new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${ip++}` });
      if (persona !== "visitor") await signIn(clients[persona], TEAM_PERSONAS[persona]);
    }
    const list = await (await clients.visitor.get("/api/v1/questions?sort=newest")).json();
    questionId = list.items[0].id;
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const page =
    (path: (p: Persona) => string): Case["send"] =>
    (client, persona) =>
      client.get(path(persona));
  const form =
    (path: (p: Persona) => string, fields: (p: Persona) => Record<string, string>): Case["send"] =>
    (client, persona) =>
      client.postForm(path(persona), fields(persona));
  const team = () => `/teams/${teamId}`;
  const seriesOf = (p: Persona) => `${team()}/series/${own[p].seriesId}`;
  const meetingOf = (p: Persona) => `${team()}/meetings/${own[p].meetingId}`;
  const readers = { owner: 200, facilitator: 200, member: 200, outsider: 404, visitor: "sign-in" } as const;
  const runners = (ok: number) =>
    ({ owner: ok, facilitator: ok, member: 403, outsider: 404, visitor: "sign-in" }) as const;

  const cases: Case[] = [
    { what: "GET the team page", send: page(team), expect: readers },
    {
      what: "GET a team that does not exist",
      send: page(() => "/teams/7d4a1f0e-8c55-4b8e-9d53-2a8f4f1b0c11"),
      expect: { ...readers, owner: 404, facilitator: 404, member: 404 },
    },
    { what: "GET the new series form", send: page(() => `${team()}/series/new`), expect: runners(200) },
    {
      what: "POST a new series",
      send: form(
        () => `${team()}/series/new`,
        () => SERIES_FORM,
      ),
      expect: runners(302),
    },
    { what: "GET a series page", send: page(seriesOf), expect: readers },
    { what: "POST a series change", send: form(seriesOf, () => SERIES_FORM), expect: runners(200) },
    { what: "POST opting in to host", send: form(seriesOf, () => ({ intent: "join" })), expect: runners(200) },
    {
      what: "POST skipping to the next host (two hosts at most here: nobody to skip to)",
      send: form(seriesOf, () => ({ intent: "skip" })),
      expect: runners(409),
    },
    { what: "POST opting out of hosting", send: form(seriesOf, () => ({ intent: "leave" })), expect: runners(200) },
    {
      what: "POST starting a meeting",
      send: form(team, (p) => ({ seriesId: own[p].seriesId, questionId })),
      expect: runners(302),
    },
    { what: "GET a meeting page", send: page((p) => `${meetingOf(p)}?q=${questionId}`), expect: readers },
    {
      what: "POST marking a question asked",
      send: form(meetingOf, () => ({ intent: "asked", questionId })),
      expect: runners(200),
    },
    {
      what: "POST that a question was presented (API)",
      send: (client, p) =>
        client.postJson(`/api/v1/teams/${teamId}/meetings/${own[p].meetingId}/uses`, { questionId, how: "presented" }),
      expect: { owner: 201, facilitator: 201, member: 403, outsider: 404, visitor: 401 },
    },
    {
      what: "POST starting a team round",
      send: form(meetingOf, () => ({ intent: "round", questionIds: questionId })),
      expect: runners(302),
    },
    { what: "POST deleting a series", send: form(seriesOf, () => ({ intent: "delete" })), expect: runners(302) },
  ];

  for (const c of cases) {
    it(`${c.what}: ${PERSONAS.map((p) => `${p} ${c.expect[p]}`).join(", ")}`, async () => {
      const seen: Record<string, number | string> = {};
      for (const persona of PERSONAS) {
        const response = await c.send(clients[persona], persona);
        const location = response.headers.get("location") ?? "";
        seen[persona] =
          c.expect[persona] === "sign-in" && response.status === 302 && location.startsWith("/sign-in")
            ? "sign-in"
            : response.status;
      }
      expect(seen).toEqual(c.expect);
    });
  }

  describe("a team page that cannot be shown keeps the site around it", () => {
    const mains = (html: string) => html.match(/<main\b/g)?.length ?? 0;
    /** What the page shows: its markup without scripts (React Router's data repeats the error's text). */
    const shown = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");
    const siteAround = (html: string, what: string) => {
      expect(mains(html), what).toBe(1);
      expect(html, what).toContain("<header");
      expect(html, what).toContain("<footer");
    };

    it("answers a missing meeting with 404, says so, and keeps the header and footer in one <main>", async () => {
      for (const meetingId of ["7d4a1f0e-8c55-4b8e-9d53-2a8f4f1b0c11", "not-a-meeting"]) {
        const path = `${team()}/meetings/${meetingId}`;
        const answer = await clients.owner.get(path);
        expect(answer.status, path).toBe(404);
        const html = await answer.text();
        siteAround(html, path);
        expect(shown(html), path).toContain("This meeting does not exist in this team");
      }
    });

    it("answers a member's change that their role does not allow with 403, the reason and the site around it", async () => {
      const answer = await clients.member.postForm(meetingOf("member"), { intent: "asked", questionId });
      expect(answer.status).toBe(403);
      const html = await answer.text();
      siteAround(html, "403");
      expect(shown(html)).toContain("A team member cannot do this");
    });

    it("puts each team page in exactly one <main>", async () => {
      // The member's series and meeting: the rows above delete the owner's.
      for (const path of [
        team(),
        `${team()}/series/new`,
        seriesOf("member"),
        `${meetingOf("member")}?q=${questionId}`,
      ]) {
        const answer = await clients.owner.get(path);
        expect(answer.status, path).toBe(200);
        expect(mains(await answer.text()), path).toBe(1);
      }
    });
  });

  it("invites an owner to create a team's first series, and tells a member who can", async () => {
    const owner = await (await clients.owner.get(`/teams/${emptyTeamId}`)).text();
    expect(owner).toContain("No meeting series yet");
    expect(owner).toContain(`href="/teams/${emptyTeamId}/series/new"`);
    const member = await (await clients.member.get(`/teams/${emptyTeamId}`)).text();
    expect(member).toContain("An owner or a facilitator of the team can set one up.");
    expect(member).not.toContain("/series/new");
  });

  it("shows the pulse to nobody, host included, by name or below three answers: API, streams, recap and its files", async () => {
    const owner = clients.owner;
    const seriesMade = await owner.postForm(`${team()}/series/new`, {
      ...SERIES_FORM,
      name: "Pulse check",
      pulse: "on",
    });
    const seriesId = (seriesMade.headers.get("location") ?? "").split("/").pop() ?? "";
    const meetingMade = await owner.postForm(team(), { seriesId, questionId });
    const meetingPath = (meetingMade.headers.get("location") ?? "").split("?")[0] ?? "";
    const roundMade = await owner.postForm(meetingPath, { intent: "round", questionIds: questionId });
    const code = (roundMade.headers.get("location") ?? "").split("/").at(-2) ?? "";
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const hostView = async () =>
      ((await (await owner.get(`/api/v1/rounds/${code}?as=host`)).json()) as { view: RoundView }).view;
    expect((await hostView()).questions[0]?.text).toBe(PULSE_QUESTION.text);

    const hostStream = await followStream(owner, code, "host");
    const people = [
      ["Zoe", 0],
      ["Yann", 4],
    ] as const;
    const guests: HttpClient[] = [];
    for (const [index, [name, choice]] of people.entries()) {
      const guest = new HttpClient(server.url, { "x-forwarded-for": `203.0.113.${index + 1}` });
      expect((await guest.postJson(`/api/v1/rounds/${code}/join`, { name })).status).toBe(201);
      expect((await guest.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, choice })).status).toBe(200);
      guests.push(guest);
    }
    const events = await hostStream.until((seen) => seen.filter((e) => e.type === "answer").length >= 2);
    const answered = events.filter((e): e is Extract<RoundEvent, { type: "answer" }> => e.type === "answer");
    expect(answered.map((e) => [e.answer.name, e.answer.choice, e.previous?.choice ?? null])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);

    // The host: each answer neither listed nor named, and no counts from two answers.
    const host = await hostView();
    expect(host.answers).toEqual([]);
    expect(host.results).toMatchObject({ answered: 2, tally: [] });
    const page = await (await owner.get(`/api/v1/rounds/${code}/answers?position=0&offset=0`)).json();
    expect(page).toEqual({ answers: [], total: 0 });

    // Revealed to the room: still no counts, on the API nor in a stream's snapshot.
    expect((await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 })).status).toBe(200);
    const [zoe] = guests as [HttpClient];
    const participant = ((await (await zoe.get(`/api/v1/rounds/${code}`)).json()) as { view: RoundView }).view;
    expect(participant.results).toMatchObject({ answered: 2, tally: [] });
    const snapshot = await followStream(zoe, code, "participant");
    const [first] = await snapshot.until((seen) => seen.length > 0, "snapshot");
    expect((first as unknown as RoundView).results).toMatchObject({ answered: 2, tally: [] });
    snapshot.close();
    hostStream.close();

    // The shared recap and its files: neither names nor counts of the pulse.
    const ended = await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "end", position: 0, shareRecap: true });
    const token = ((await ended.json()) as { view: RoundView }).view.recapToken;
    const recap = await (await zoe.get(`/live/recap/${token}`)).text();
    expect(recap).not.toMatch(/Zoe|Yann/);
    expect(recap).toContain("Counts show from three answers");
    const csv = parseCsv(await (await zoe.get(`/live/recap/${token}/export?format=csv`)).text());
    const pulseRows = csv.filter((row) => row[0] === PULSE_QUESTION.text);
    expect(pulseRows).toEqual([[PULSE_QUESTION.text, "0", "", "passes"]]);
    const markdown = await (await zoe.get(`/live/recap/${token}/export?format=markdown`)).text();
    expect(markdown).not.toMatch(/Zoe|Yann|\| 1 \| 1 \||\| 5 \| 1 \|/);
    expect(markdown).toContain("Counts show from three answers");
  });

  it("sends the team round's host to the room's screen, and the meeting remembers the round", async () => {
    const meeting = await clients.owner.get(`${meetingOf("owner")}?q=${questionId}`);
    const html = await meeting.text();
    expect(html).toContain("The team round is open");
    expect(html).toContain("Asked in a team round");
  });
});

/** A screen's event stream, read as it comes: the snapshot and the round's events, parsed. */
async function followStream(client: HttpClient, code: string, as: "host" | "participant") {
  const controller = new AbortController();
  const response = await fetch(`${client.baseUrl}/api/v1/rounds/${code}/events?as=${as}`, {
    headers: { accept: "text/event-stream", cookie: client.cookieHeader() },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const seen: RoundEvent[] = [];
  let buffer = "";
  return {
    async until(done: (events: RoundEvent[]) => boolean, what = "events", timeoutMs = 5000): Promise<RoundEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (!done(seen)) {
        if (Date.now() > deadline) throw new Error(`No ${what} in ${timeoutMs} ms: ${JSON.stringify(seen)}`);
        const { value, done: ended } = await reader.read();
        if (ended) throw new Error(`The stream ended without ${what}`);
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if ((event === "round" || event === "snapshot") && data) seen.push(JSON.parse(data) as RoundEvent);
          end = buffer.indexOf("\n\n");
        }
      }
      return seen;
    },
    close: () => controller.abort(),
  };
}
