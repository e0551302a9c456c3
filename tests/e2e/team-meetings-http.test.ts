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

  /** What a page shows: its markup without scripts, React's joins of text taken out. */
  const shownText = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");
  const decoded = (html: string) =>
    html
      .replaceAll("&#x27;", "'")
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");

  describe("a series that fits a real meeting, with a question the lead can prepare", () => {
    const MONTHS = "January February March April May June July August September October November December".split(" ");
    const berlin = (instant: Date) =>
      Object.fromEntries(
        new Intl.DateTimeFormat("en-US", {
          timeZone: "Europe/Berlin",
          hourCycle: "h23",
          year: "numeric",
          month: "numeric",
          day: "numeric",
          hour: "numeric",
        })
          .formatToParts(instant)
          .map((p) => [p.type, Number(p.value)]),
      ) as Record<"year" | "month" | "day" | "hour", number>;

    /** The next three first Thursdays at 10:00 in Berlin, counted on the calendar: not by the code under test. */
    function nextFirstThursdays(now: Date): string[] {
      const today = berlin(now);
      const found: string[] = [];
      for (let m = 0; found.length < 3; m++) {
        const month = new Date(Date.UTC(today.year, today.month - 1 + m, 1));
        const day = 1 + ((4 - month.getUTCDay() + 7) % 7);
        const past = m === 0 && (day < today.day || (day === today.day && today.hour >= 10));
        if (!past) found.push(`Thursday ${day} ${MONTHS[month.getUTCMonth()]} ${month.getUTCFullYear()}, 10:00`);
      }
      return found;
    }

    const newSeries = (client: HttpClient, fields: Record<string, string>) =>
      client.postForm(`${team()}/series/new`, { ...SERIES_FORM, ...fields });

    it("sets up a monthly all-hands on the first Thursday, names its next three dates once each and lets its creator start it", async () => {
      const created = await newSeries(clients.facilitator, {
        name: "Monthly all-hands",
        category: "all-hands",
        cadence: "monthly-weekday",
        week: "1",
        weekday: "4",
        dayOfMonth: "1",
        startsOn: "",
        timeOfDay: "10:00",
      });
      expect(created.status).toBe(302);
      const seriesPath = created.headers.get("location") ?? "";
      expect(seriesPath).toMatch(/\/series\/[0-9a-f-]{36}$/);
      const page = shownText(await (await clients.facilitator.get(seriesPath)).text());
      expect(page).toContain("First Thursday of the month, 10:00 Berlin time");
      const dates = nextFirstThursdays(new Date());
      // The next one in the next meeting's card, the two after it under it: each date once.
      const times = [...page.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1]);
      expect(times.slice(0, 3)).toEqual(dates);
      expect(page).toMatch(new RegExp(`Next: <time[^>]*>${dates[0]}</time>`));
      const listed = /<h2 id="upcoming-dates"[^>]*>Later dates<\/h2><ol[^>]*>([\s\S]*?)<\/ol>/.exec(page)?.[1] ?? "";
      expect([...listed.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1])).toEqual(dates.slice(1));
      // The creator hosts it, and may start it straight away; the hosts' list says so in the same words.
      expect(page).toContain("You host next");
      const hosts = /<h2 id="rotation"[^>]*>Hosts<\/h2>([\s\S]*?)<\/section>/.exec(page)?.[1] ?? "";
      const hostsRead = hosts.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
      expect(hostsRead.trim()).toMatch(/^You host next\b/);
      expect(page).toMatch(/<button[^>]*value="start"[^>]*>Start this meeting<\/button>/);
      // Drawing another question looks like the page's other secondary buttons.
      const look = (intent: string) => new RegExp(`<button[^>]*value="${intent}"[^>]*class="([^"]*)"`).exec(page)?.[1];
      expect(look("draw")).toBeDefined();
      expect(look("draw")).toBe(look("leave"));
      // A member reads the dates, without the button.
      const member = shownText(await (await clients.member.get(seriesPath)).text());
      expect(member).toContain(dates[2]);
      expect(member).not.toContain("Start this meeting");
    });

    it("refuses a cadence it cannot keep, naming the field", async () => {
      const cases: [Record<string, string>, string][] = [
        [{ cadence: "yearly" }, "cadence must be one of weekly, every-two-weeks, monthly-weekday, monthly-date"],
        [{ cadence: "monthly-date", dayOfMonth: "32" }, "dayOfMonth must be a day of the month from 1 to 31"],
        [{ cadence: "monthly-weekday", week: "5" }, "week must be the first, second, third, fourth or last"],
        [{ cadence: "every-two-weeks", startsOn: "2026-02-30" }, "startsOn must be the day of the first meeting"],
      ];
      for (const [fields, message] of cases) {
        const answer = await newSeries(clients.owner, { name: "Refused", ...fields });
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(shownText(await answer.text()), JSON.stringify(fields)).toContain(message);
      }
    });

    it("keeps the team's next question over reloads, opens the round with it, and names who drew another", async () => {
      const created = await newSeries(clients.owner, { name: "Weekly retro", timeOfDay: "16:00" });
      const seriesId = (created.headers.get("location") ?? "").split("/").pop() ?? "";
      /** The question the series' card shows on the team page: its id (the form's) and its text. */
      const cardQuestion = async (client: HttpClient) => {
        const html = await (await client.get(team())).text();
        const card =
          new RegExp(`<article aria-labelledby="series-${seriesId}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? "";
        return {
          id: /name="questionId" value="([0-9a-f-]{36})"/.exec(card)?.[1] ?? null,
          text: decoded(/<blockquote[^>]*>“([^<]*)”<\/blockquote>/.exec(shownText(card))?.[1] ?? ""),
        };
      };
      const first = await cardQuestion(clients.owner);
      expect(first.text).not.toBe("");
      for (let reload = 0; reload < 5; reload++) expect(await cardQuestion(clients.owner)).toEqual(first);
      // The same for everyone in the team.
      expect((await cardQuestion(clients.facilitator)).text).toBe(first.text);
      expect((await cardQuestion(clients.member)).text).toBe(first.text);

      // The owner draws another: it changes, for everyone, and stays.
      const drawn = await clients.owner.postForm(team(), { intent: "draw", seriesId, questionId: first.id ?? "" });
      expect(drawn.status).toBe(200);
      const second = await cardQuestion(clients.facilitator);
      expect(second.text).not.toBe(first.text);
      for (let reload = 0; reload < 2; reload++) expect(await cardQuestion(clients.owner)).toEqual(second);
      const history = shownText(await (await clients.member.get(`${team()}/history`)).text());
      expect(history).toMatch(/Drawn for the next meeting · Weekly retro · by Owner Person/);

      // The facilitator starts the meeting: its page and its round open with exactly that question.
      const started = await clients.facilitator.postForm(team(), { intent: "start", seriesId });
      expect(started.status).toBe(302);
      const meetingPath = (started.headers.get("location") ?? "").split("?")[0] ?? "";
      const meeting = await (await clients.facilitator.get(meetingPath)).text();
      const onTable = [...meeting.matchAll(/name="questionIds" value="([0-9a-f-]{36})"/g)].map((m) => m[1] ?? "");
      expect(onTable).toEqual([second.id]);
      const round = await clients.facilitator.postForm(meetingPath, { intent: "round", questionIds: onTable[0] ?? "" });
      const code = /\/live\/([A-Z0-9]{6})\/host$/.exec(round.headers.get("location") ?? "")?.[1] ?? "";
      const view = (
        (await (await clients.facilitator.get(`/api/v1/rounds/${code}?as=host`)).json()) as { view: RoundView }
      ).view;
      expect(view.questions.map((q) => q.text)).toEqual([second.text]);

      // Held: the next meeting gets a question of its own.
      expect((await cardQuestion(clients.owner)).id).not.toBe(second.id);
    });
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
