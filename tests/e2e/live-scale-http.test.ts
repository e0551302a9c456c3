import http from "node:http";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JOIN_CODE_ALPHABET, type LiveAnswer, type RoundView } from "~/shared/live";
import { type Cluster, startCluster } from "../support/cluster";
import type { HttpClient } from "../support/http-client";
import { libraryEntryOf } from "../support/library-formats";
import { skipOrFail } from "../support/loud-skip";
import { findPostgresBin } from "../support/postgres";

/**
 * Live rounds at the size of a meeting and against someone trying codes,
 * over two app servers on one PostgreSQL: a room behind one address joins
 * and answers freely, while per-address limits stop only what an attacker
 * does (wrong codes on every page, API call and stream; streams held open),
 * and a round is read only from a seat in it.
 */

/** Streams one address may hold on one server in these tests: small, so the cap is reached with a few. */
const STREAM_CAP = 4;

/** One screen's event stream, read as EventSource reads it. */
class Stream {
  readonly messages: EventSourceMessage[] = [];
  ended = false;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    const parser = createParser({ onEvent: (message) => this.messages.push(message) });
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      parser.feed(chunk);
      this.wake();
    });
    for (const event of ["end", "close", "error"]) {
      response.on(event, () => {
        this.ended = true;
        this.wake();
      });
    }
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  private wake() {
    for (const waker of [...this.wakers]) waker();
  }

  async until<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline || this.ended) {
        throw new Error(`No ${what}; the stream holds: ${this.messages.map((m) => m.event).join(", ")}`);
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, deadline - Date.now()));
        this.wakers.add(done);
      });
    }
  }

  snapshot(): Promise<RoundView> {
    return this.until(() => {
      const found = this.messages.find((m) => m.event === "snapshot");
      return found ? (JSON.parse(found.data) as RoundView) : undefined;
    }, "snapshot");
  }

  cut(): void {
    this.response.socket?.destroy();
    this.request.destroy();
  }
}

const open = new Set<Stream>();
/** The address each test client stands for, sent as the trusted proxy's X-Forwarded-For. */
const addressOf = new WeakMap<HttpClient, string>();

/** Opens a round's event stream with the client's cookies and address, on the server the client talks to. */
async function stream(client: HttpClient, code: string, query = ""): Promise<Stream> {
  const headers: Record<string, string> = { accept: "text/event-stream" };
  const ip = addressOf.get(client);
  if (ip) headers["x-forwarded-for"] = ip;
  const cookie = client.cookieHeader();
  if (cookie) headers.cookie = cookie;
  const result = await new Promise<Stream>((resolve, reject) => {
    const request = http.get(
      `${client.baseUrl}/api/v1/rounds/${code}/events${query}`,
      { headers, agent: false },
      (response) => resolve(new Stream(request, response)),
    );
    request.on("error", reject);
  });
  open.add(result);
  return result;
}

afterEach(() => {
  for (const s of open) s.cut();
  open.clear();
});

/** A join code no round has, most likely: 244 million of them, a few rounds in use. */
function wrongCode(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += JOIN_CODE_ALPHABET[Math.floor(Math.random() * JOIN_CODE_ALPHABET.length)];
  return code;
}

describe("live rounds at the size of a meeting, on two servers", () => {
  let cluster: Cluster | null = null;
  let questionIds: string[] = [];
  let network = 0;
  /** Addresses of a network of its own per test, so no per-address count of one test reaches another. */
  const nextNetwork = () => `198.18.${++network}.1`;
  const client = (server: number, ip: string) => {
    const made = cluster?.client(server, ip) as HttpClient;
    addressOf.set(made, ip);
    return made;
  };

  beforeAll(async () => {
    if (!process.env.DATABASE_URL && !findPostgresBin()) {
      skipOrFail("the live scale tests", "no DATABASE_URL and no initdb/pg_ctl on this machine");
      return;
    }
    cluster = await startCluster({ env: { LIVE_STREAMS_PER_ADDRESS: String(STREAM_CAP) } });
    if (!cluster) {
      skipOrFail("the live scale tests", "no PostgreSQL could be started");
      return;
    }
    const list = await (await client(0, nextNetwork()).get("/api/v1/questions?sort=newest&page=1")).json();
    questionIds = (list.items as { id: string; question: string }[])
      .filter((item) => (libraryEntryOf(item.question)?.answers.length ?? 1) === 0)
      .map((item) => item.id)
      .slice(0, 2);
    if (questionIds.length < 2) throw new Error("Too few library questions without ready answers on the first page");
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  async function startRound(host: HttpClient, body: Record<string, unknown> = {}): Promise<string> {
    const created = await host.postJson("/api/v1/rounds", { questionIds, modes: ["word", "text"], ...body });
    expect(created.status, await created.clone().text()).toBe(201);
    return ((await created.json()) as { code: string }).code;
  }

  async function join(person: HttpClient, code: string, name: string) {
    const joined = await person.postJson(`/api/v1/rounds/${code}/join`, { name });
    return joined.status;
  }

  it("lets 150 people behind one office address join within a minute and answer, over both servers", async (ctx) => {
    if (!cluster) return ctx.skip();
    const office = nextNetwork();
    const code = await startRound(client(0, nextNetwork()));
    const people = Array.from({ length: 150 }, (_, i) => client(i % 2, office));
    const joins: number[] = [];
    for (let batch = 0; batch < people.length; batch += 10) {
      const group = people.slice(batch, batch + 10);
      joins.push(...(await Promise.all(group.map((p, i) => join(p, code, `Colleague ${batch + i + 1}`)))));
    }
    expect(joins).toEqual(Array(150).fill(201));
    const answers: number[] = [];
    for (let batch = 0; batch < people.length; batch += 10) {
      const group = people.slice(batch, batch + 10);
      answers.push(
        ...(await Promise.all(
          group.map(
            async (p) => (await p.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "here" })).status,
          ),
        )),
      );
    }
    expect(answers).toEqual(Array(150).fill(200));
  }, 120_000);

  it("stops one address after 30 wrong codes over pages, API calls and streams, on either server, and no one else", async (ctx) => {
    if (!cluster) return ctx.skip();
    const guesser = nextNetwork();
    const code = await startRound(client(0, nextNetwork()));
    const statuses: number[] = [];
    const pageMessages: string[] = [];
    for (let attempt = 0; attempt < 300; attempt++) {
      const person = client(attempt % 2, guesser);
      const guess = wrongCode();
      switch (attempt % 5) {
        case 0: {
          const page = await person.get(`/live/${guess}`);
          statuses.push(page.status);
          if (page.status === 429) pageMessages.push(await page.text());
          break;
        }
        case 1:
          statuses.push((await person.get(`/api/v1/rounds/${guess}`)).status);
          break;
        case 2: {
          const s = await stream(person, guess);
          statuses.push(s.status);
          s.cut();
          break;
        }
        case 3:
          statuses.push((await person.postJson(`/api/v1/rounds/${guess}/join`, { name: "Guess" })).status);
          break;
        default: {
          const form = await person.postForm("/live", { code: guess });
          statuses.push(form.status);
          if (form.status === 429) pageMessages.push(await form.text());
        }
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses.slice(30)).toEqual(Array(270).fill(429));
    expect(pageMessages.length).toBeGreaterThan(0);
    for (const html of pageMessages)
      expect(html).toMatch(/Too many wrong round codes: try again in \d+ (minutes?|seconds?)/);
    // Even the right code is refused to that address now, with the time to wait.
    const refused = await client(1, guesser).get(`/api/v1/rounds/${code}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Everyone else joins as before.
    expect(await join(client(1, nextNetwork()), code, "Someone else")).toBe(201);
  }, 120_000);

  it("reads a round only from a seat: the API and the stream refuse, the page shows only the join form", async (ctx) => {
    if (!cluster) return ctx.skip();
    const host = client(0, nextNetwork());
    const code = await startRound(host, { modes: ["text", "text"], revealMode: "live" });
    const ana = client(1, nextNetwork());
    expect(await join(ana, code, "Ana")).toBe(201);
    const secret = "Only for those in the room";
    expect((await ana.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: secret })).status).toBe(200);

    const stranger = client(1, nextNetwork());
    expect((await stranger.get(`/api/v1/rounds/${code}`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/rounds/${code}/answers?position=0`)).status).toBe(404);
    for (const query of ["", "?after=0"]) {
      const refused = await stream(stranger, code, query);
      expect(refused.status).toBe(404);
    }
    const page = await stranger.get(`/live/${code}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Join the round");
    expect(html).not.toContain(secret);

    // Once seated, the same requests read the round.
    const seated = await stream(ana, code, "?after=0");
    expect(seated.status).toBe(200);
    expect((await seated.snapshot()).results).toMatchObject({ answered: 1 });
    const page0 = await ana.get(`/api/v1/rounds/${code}/answers?position=0`);
    expect(((await page0.json()) as { answers: LiveAnswer[] }).answers.map((a) => a.text)).toEqual([secret]);
  });

  it("keeps one stream per participant: a second one, on the other server, replaces the first", async (ctx) => {
    if (!cluster) return ctx.skip();
    const code = await startRound(client(0, nextNetwork()));
    const onZero = client(0, nextNetwork());
    expect(await join(onZero, code, "Bea")).toBe(201);
    const first = await stream(onZero, code);
    await first.snapshot();
    const onOne = client(1, nextNetwork()).shareCookiesWith(onZero);
    const second = await stream(onOne, code);
    await second.snapshot();
    // The first is told before it ends, so its browser does not reconnect and take the seat back.
    await first.until(() => first.messages.find((m) => m.event === "replaced"), "a replaced message");
    await first.until(() => (first.ended ? true : undefined), "the end of the first stream");
    expect(second.ended).toBe(false);
  });

  it(`holds at most ${STREAM_CAP} streams from one address on a server, and tells the host how many follow`, async (ctx) => {
    if (!cluster) return ctx.skip();
    const host = client(0, nextNetwork());
    const code = await startRound(host);
    const hostScreen = await stream(host, code, "?as=host");
    await hostScreen.snapshot();
    const connected = () => hostScreen.messages.filter((m) => m.event === "connected").map((m) => Number(m.data));

    const office = nextNetwork();
    const people = Array.from({ length: STREAM_CAP + 1 }, () => client(1, office));
    for (const [i, person] of people.entries()) expect(await join(person, code, `Person ${i}`)).toBe(201);
    const screens: Stream[] = [];
    for (const person of people.slice(0, STREAM_CAP)) {
      const s = await stream(person, code);
      await s.snapshot();
      screens.push(s);
    }
    const refused = await stream(people[STREAM_CAP] as HttpClient, code);
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers["retry-after"])).toBeGreaterThan(0);
    // Another network, or the same one on the other server, is not counted with it.
    const elsewhere = client(0, nextNetwork()).shareCookiesWith(people[STREAM_CAP] as HttpClient);
    const allowed = await stream(elsewhere, code);
    expect(allowed.status).toBe(200);
    await allowed.snapshot();

    // The host, on the other server, sees every participant's screen that follows the round.
    await hostScreen.until(() => (connected().at(-1) === STREAM_CAP + 1 ? true : undefined), "the count of screens");
    screens[0]?.cut();
    await hostScreen.until(() => (connected().at(-1) === STREAM_CAP ? true : undefined), "the count after one left");
    // A screen that left frees its place for the address.
    const again = await stream(people[STREAM_CAP] as HttpClient, code);
    expect(again.status).toBe(200);
  });
});
