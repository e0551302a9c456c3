import http from "node:http";
import { createParser } from "eventsource-parser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { LiveAnswer, RoundEvent, RoundView } from "~/shared/live";
import { type Cluster, startClusterOrSkip } from "../support/cluster";
import { parseCsv } from "../support/csv";
import { HttpClient } from "../support/http-client";
import { libraryEntryOf } from "../support/library-formats";

/**
 * A live round where each person has their own question, over HTTP: every
 * participant is given a question of the round's choice when they join,
 * none twice in the round (also when two servers seat people at once),
 * answers it and only it, and reads nobody else's; the host and the room
 * screen see each answer beside its name and question.
 */

const baseUrl = inject("baseUrl");

/** A choice with more than enough library questions for every test here, in one category. */
const CHOICE = {
  meetingContext: "check-in",
  questionStyle: "playful",
  engagementLevel: "quick",
  categorySlug: "team-building",
} as const;

let address = 0;
/** Someone on their own network, so no test's per-address limits touch another's. */
const person = (url = baseUrl) => new HttpClient(url, { "x-forwarded-for": `192.0.2.${++address}` });

async function startRound(host: HttpClient, body: Record<string, unknown>): Promise<string> {
  const created = await host.postJson("/api/v1/rounds", body);
  expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
  return ((await created.json()) as { code: string }).code;
}

async function viewOf(client: HttpClient, code: string, as: "host" | "participant" | "room" = "participant") {
  const answer = await client.get(`/api/v1/rounds/${code}?as=${as}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { view: RoundView }).view;
}

async function join(client: HttpClient, code: string, name: string): Promise<RoundView> {
  const joined = await client.postJson(`/api/v1/rounds/${code}/join`, { name });
  expect(joined.status, JSON.stringify(await joined.clone().json())).toBe(201);
  return ((await joined.json()) as { view: RoundView }).view;
}

async function answer(client: HttpClient, code: string, body: Record<string, unknown>): Promise<LiveAnswer> {
  const sent = await client.postJson(`/api/v1/rounds/${code}/answer`, body);
  expect(sent.status, JSON.stringify(await sent.clone().json())).toBe(200);
  return ((await sent.json()) as { answer: LiveAnswer }).answer;
}

async function expectProblem(response: Response, status: number, error: string | RegExp) {
  const body = (await response.json()) as { error: string };
  expect({ status: response.status, error: body.error }).toEqual({
    status,
    error: typeof error === "string" ? error : expect.stringMatching(error),
  });
}

/** The question a phone was given, which must be there. */
function ownQuestion(view: RoundView): { id: string; text: string } {
  const question = view.me?.question;
  if (!question?.id) throw new Error(`No own question in ${JSON.stringify(view.me)}`);
  return { id: question.id, text: question.text };
}

/** Whether a library question is of the choice: its moment, style and depth, filed under its category. */
function ofChoice(text: string): boolean {
  const entry = libraryEntryOf(text);
  return (
    entry !== undefined &&
    entry.meetingContext === CHOICE.meetingContext &&
    entry.questionStyle === CHOICE.questionStyle &&
    entry.engagementLevel === CHOICE.engagementLevel &&
    entry.categories.includes(CHOICE.categorySlug)
  );
}

/**
 * A participant's stream, read as browsers read Server-Sent Events: `opened`
 * once its snapshot is in, `event` with the first event that matches.
 */
function follow(client: HttpClient, code: string, matches: (event: RoundEvent) => boolean) {
  let opened: () => void = () => {};
  const snapshot = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const event = new Promise<RoundEvent>((resolve, reject) => {
    const request = http.get(
      `${client.baseUrl}/api/v1/rounds/${code}/events`,
      { headers: { accept: "text/event-stream", cookie: client.cookieHeader() }, agent: false },
      (response) => {
        const timer = setTimeout(() => {
          request.destroy();
          reject(new Error("No matching event within 5 s"));
        }, 5_000);
        const parser = createParser({
          onEvent: (message) => {
            if (message.event === "snapshot") opened();
            if (message.event !== "round") return;
            const received = JSON.parse(message.data) as RoundEvent;
            if (!matches(received)) return;
            clearTimeout(timer);
            request.destroy();
            resolve(received);
          },
        });
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => parser.feed(chunk));
      },
    );
    request.on("error", reject);
  });
  return { snapshot, event };
}

describe("a live round where each person has their own question", () => {
  it("gives three people three different questions of the round's choice, takes each one's answer to their own only, and shows the host each answer with its name and question", async () => {
    const host = person();
    const code = await startRound(host, { perPerson: CHOICE });
    const started = await viewOf(host, code, "host");
    expect(started.perPerson).toEqual(CHOICE);
    expect(started.questions.map((q) => [q.text, q.mode])).toEqual([["A question for each person", "text"]]);

    const names = ["Ada", "Grace", "Linus"];
    const people = names.map(() => person());
    const views = await Promise.all(people.map((client, i) => join(client, code, names[i] as string)));
    const own = views.map(ownQuestion);
    expect(new Set(own.map((q) => q.id)).size).toBe(3);
    for (const question of own) expect(ofChoice(question.text), question.text).toBe(true);
    // A phone holds its own question and nobody else's.
    for (const view of views) {
      expect(view.participants).toEqual([]);
      expect(JSON.stringify(view)).not.toContain(own.find((q) => q.id !== ownQuestion(view).id)?.text);
    }

    const [ada, grace, linus] = people as [HttpClient, HttpClient, HttpClient];
    const [adaQ, graceQ, linusQ] = own as [
      { id: string; text: string },
      { id: string; text: string },
      { id: string; text: string },
    ];
    // Answering someone else's question is refused, and nothing is stored.
    await expectProblem(
      await ada.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Not mine", questionId: graceQ.id }),
      403,
      "This question is someone else's: you can answer only your own question",
    );
    await expectProblem(
      await ada.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Hm", questionId: "nope" }),
      400,
      /questionId must be a question id/,
    );
    expect((await viewOf(host, code, "host")).answers).toEqual([]);

    expect(await answer(ada, code, { position: 0, text: "Tea first", questionId: adaQ.id })).toMatchObject({
      text: "Tea first",
      name: "Ada",
      question: adaQ.text,
    });
    await answer(grace, code, { position: 0, text: "A long walk", questionId: graceQ.id });
    await answer(linus, code, { position: 0, pass: true, questionId: linusQ.id });

    // The question survives a reload and a second join from the same phone.
    expect(ownQuestion(await viewOf(ada, code))).toEqual(adaQ);
    const again = await ada.postJson(`/api/v1/rounds/${code}/join`, { name: "Ada" });
    expect(again.status).toBe(200);
    expect(ownQuestion(((await again.json()) as { view: RoundView }).view)).toEqual(adaQ);

    const revealed = await host.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    expect(revealed.status).toBe(200);
    const seen = await viewOf(host, code, "host");
    // Joins came at once, so in any order: each name beside its own question.
    expect(seen.participants.map((p) => [p.name, p.question?.text]).sort()).toEqual(
      [
        ["Ada", adaQ.text],
        ["Grace", graceQ.text],
        ["Linus", linusQ.text],
      ].sort(),
    );
    const hostRows = seen.answers
      .filter((a) => a.kind === "answer")
      .map((a) => [a.name, a.question, a.text])
      .sort();
    expect(hostRows).toEqual([
      ["Ada", adaQ.text, "Tea first"],
      ["Grace", graceQ.text, "A long walk"],
    ]);
    // The room screen shows each revealed answer beside its name and question too.
    const room = await viewOf(host, code, "room");
    expect(room.answers.map((a) => [a.name, a.question, a.text]).sort()).toEqual(hostRows);

    // Another phone reads the answers once shown, never the questions others were given.
    const page = await linus.get(`/api/v1/rounds/${code}/answers?position=0`);
    expect(page.status).toBe(200);
    const { answers } = (await page.json()) as { answers: LiveAnswer[] };
    expect(answers.map((a) => [a.name, a.text]).sort()).toEqual([
      ["Ada", "Tea first"],
      ["Grace", "A long walk"],
    ]);
    expect(answers.some((a) => "question" in a)).toBe(false);

    // The recap (shared by the host) and its CSV name each answer's own question.
    const ended = await host.postJson(`/api/v1/rounds/${code}/host`, { action: "end", position: 0 });
    expect(ended.status).toBe(200);
    const csv = await (await host.get(`/live/recap/${seen.recapToken}/export?format=csv`)).text();
    expect(
      parseCsv(csv)
        .filter((row) => row[3] === "answer")
        .sort((a, b) => (a[2] ?? "").localeCompare(b[2] ?? "")),
    ).toEqual([
      [adaQ.text, "Tea first", "Ada", "answer"],
      [graceQ.text, "A long walk", "Grace", "answer"],
    ]);
  });

  it("sends a phone the answers that arrive without the question anyone else was given", async () => {
    const host = person();
    const code = await startRound(host, { perPerson: CHOICE, revealMode: "live" });
    const ada = person();
    const bob = person();
    const adaQ = ownQuestion(await join(ada, code, "Ada"));
    await join(bob, code, "Bob");
    const bobsPhone = follow(bob, code, (e) => e.type === "answer");
    // Once the snapshot is in, the answer can only arrive as an event.
    await bobsPhone.snapshot;
    await answer(ada, code, { position: 0, text: "Sunny", questionId: adaQ.id });
    const event = await bobsPhone.event;
    expect(event).toMatchObject({ type: "answer", answer: { text: "Sunny", name: "Ada" } });
    expect(JSON.stringify(event)).not.toContain(adaQ.text);
  });

  it("checks the choice of a new round and says what is wrong", async () => {
    const host = person();
    const create = (body: Record<string, unknown>) => host.postJson("/api/v1/rounds", body);
    await expectProblem(
      await create({ perPerson: { ...CHOICE, meetingContext: "party" } }),
      400,
      /meetingContext must be one of/,
    );
    await expectProblem(
      await create({ perPerson: { ...CHOICE, meetingContext: "energizer", engagementLevel: "deep" } }),
      400,
      /an energizer is quick or standard, never deep/,
    );
    await expectProblem(await create({ perPerson: "everyone" }), 400, /perPerson must be an object/);
    await expectProblem(
      await create({ perPerson: CHOICE, questionIds: ["00000000-0000-4000-8000-000000000000"] }),
      400,
      /Send questionIds or perPerson, not both/,
    );
  });
});

describe("each their own question on two servers sharing one PostgreSQL database", () => {
  let cluster: Cluster | null = null;

  beforeAll(async () => {
    cluster = await startClusterOrSkip("the two-server own-question tests");
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it("never gives one question twice, however the joins are spread over the servers at once", async (ctx) => {
    if (!cluster) return ctx.skip();
    const on = (server: number) => cluster?.client(server, `203.0.113.${++address}`) as HttpClient;
    const host = on(0);
    const code = await startRound(host, { perPerson: CHOICE });
    const names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"];
    const views = await Promise.all(names.map((name, i) => join(on(i % 2), code, name)));
    const ids = views.map((view) => ownQuestion(view).id);
    expect(new Set(ids).size).toBe(names.length);
    for (const view of views) expect(ofChoice(ownQuestion(view).text), ownQuestion(view).text).toBe(true);
    // The host, reading through the other server, sees the same questions, each with its name.
    const seen = await viewOf(on(1).shareCookiesWith(host), code, "host");
    expect(seen.participants.map((p) => p.question?.id).sort()).toEqual([...ids].sort());
    expect(seen.participants.map((p) => p.name).sort()).toEqual([...names].sort());
  });
});
