import http from "node:http";
import { createParser } from "eventsource-parser";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { waitPhrase } from "~/shared/errors/english";
import type { LiveAnswer, RoundEvent, RoundView } from "~/shared/live";
import { type Cluster, startClusterOrSkip } from "../support/cluster";
import { parseCsv } from "../support/csv";
import { HttpClient } from "../support/http-client";
import { libraryEntryOf } from "../support/library-formats";
import { type RunningServer, startServer } from "../support/server";

/**
 * Live rounds as the people in a meeting live them, over HTTP: the host
 * starts a round and moves it on, participants join by code and answer from
 * their phones, and every screen follows the round over Server-Sent Events,
 * resuming after a drop from the last event it saw, on whichever server the
 * balancer sends it to. Bad input and abuse get a clear 4xx, never a 500.
 */

const baseUrl = inject("baseUrl");

const SCRIPT = "<script>alert(1)</script>";

/** What an unknown code and a round without a seat in it both answer, so trying codes tells nobody which are live. */
const OUT_OF_REACH = "No round has this code, or you have not joined it: check the code with your host";

// ---------------------------------------------------------------------------
// Following a round's event stream.

type Message = { id: string | null; event: string; data: string };
type Seq = { seq: number };
type Received = RoundEvent & Seq;
type EventOf<K extends RoundEvent["type"]> = Extract<RoundEvent, { type: K }> & Seq;

const streams = new Set<RoundStream>();

/**
 * One screen's stream, read by eventsource-parser (the SSE format as
 * browsers read it; not our own writer's idea of it). Each connection has a
 * socket of its own, so cutting it is what a phone losing its network does
 * to the server.
 */
class RoundStream {
  readonly messages: Message[] = [];
  retry: number | null = null;
  /** The response ended or its connection went. */
  ended = false;
  private readonly parser = createParser({
    onEvent: (message) =>
      this.messages.push({ id: message.id ?? null, event: message.event ?? "message", data: message.data }),
    onRetry: (ms) => {
      this.retry = ms;
    },
  });
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => this.read(chunk));
    const end = () => {
      this.ended = true;
      this.wake();
    };
    response.on("end", end);
    response.on("close", end);
    response.on("error", end);
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  private read(chunk: string) {
    this.parser.feed(chunk);
    this.wake();
  }

  private wake() {
    for (const waker of [...this.wakers]) waker();
  }

  /** The round's events so far, each with its number. */
  events(): Received[] {
    return this.messages
      .filter((m) => m.event === "round")
      .map((m) => ({ ...(JSON.parse(m.data) as RoundEvent), seq: Number(m.id) }));
  }

  snapshots(): RoundView[] {
    return this.messages.filter((m) => m.event === "snapshot").map((m) => JSON.parse(m.data) as RoundView);
  }

  /** The id of the last message that had one, as EventSource would send it back in Last-Event-ID. */
  lastId(): number {
    const id = this.messages.findLast((m) => m.id !== null)?.id;
    if (id === undefined || id === null) throw new Error("The stream has sent no message with an id yet");
    return Number(id);
  }

  describe(): string {
    return this.messages.map((m) => `${m.id}:${m.event === "round" ? JSON.parse(m.data).type : m.event}`).join(", ");
  }

  async until<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) {
        throw new Error(
          `${this.ended ? "The stream ended" : `Waited ${timeoutMs} ms`} without ${what}; it holds: [${this.describe()}]`,
        );
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.wakers.add(done);
      });
    }
  }

  /** The first event of this type (that matches), once it has arrived. */
  event<K extends RoundEvent["type"]>(
    type: K,
    matches: (event: EventOf<K>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<EventOf<K>> {
    return this.until(
      () => this.events().find((e): e is EventOf<K> => e.type === type && matches(e as EventOf<K>)),
      `a ${type} event`,
      timeoutMs,
    );
  }

  snapshot(): Promise<RoundView> {
    return this.until(() => this.snapshots()[0], "a snapshot");
  }

  async closed(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline)
        throw new Error(`The stream is still open after ${timeoutMs} ms: [${this.describe()}]`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Drops the TCP connection without a goodbye, as a phone going into a tunnel does. */
  cut(): void {
    this.response.socket?.destroy();
    this.request.destroy();
  }
}

/** A screen following the round on the server the client talks to, with the client's cookies. */
async function follow(
  client: HttpClient,
  code: string,
  options: { host?: boolean; room?: boolean; lastEventId?: number; after?: number } = {},
): Promise<RoundStream> {
  const query = new URLSearchParams();
  if (options.host) query.set("as", "host");
  if (options.room) query.set("as", "room");
  if (options.after !== undefined) query.set("after", String(options.after));
  const headers: Record<string, string> = { accept: "text/event-stream" };
  const cookie = client.cookieHeader();
  if (cookie) headers.cookie = cookie;
  if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);
  const url = `${client.baseUrl}/api/v1/rounds/${code}/events${query.size > 0 ? `?${query}` : ""}`;
  const stream = await new Promise<RoundStream>((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => resolve(new RoundStream(request, response)));
    request.on("error", reject);
  });
  streams.add(stream);
  expect(stream.status).toBe(200);
  expect(stream.response.headers["content-type"]).toMatch(/^text\/event-stream/);
  return stream;
}

afterEach(() => {
  for (const stream of streams) stream.cut();
  streams.clear();
});

// ---------------------------------------------------------------------------
// Questions and rounds.

/** Published library questions: some without ready answers, and one with choices to pick from. */
async function libraryQuestions(client: HttpClient): Promise<{ plain: string[]; pick: string }> {
  const plain: string[] = [];
  let pick: string | undefined;
  for (let page = 1; page <= 20 && (plain.length < 3 || !pick); page++) {
    const list = await (await client.get(`/api/v1/questions?sort=newest&page=${page}`)).json();
    for (const item of list.items as { id: string; question: string }[]) {
      const entry = libraryEntryOf(item.question);
      if (!entry) continue;
      if (entry.answers.length >= 2) pick ??= item.id;
      else if (entry.answers.length === 0) plain.push(item.id);
    }
  }
  if (!pick || plain.length < 3) throw new Error("The first pages of the question list hold too few library questions");
  return { plain, pick };
}

async function startRound(host: HttpClient, body: Record<string, unknown>): Promise<RoundView> {
  const created = await host.postJson("/api/v1/rounds", body);
  expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
  const { code } = (await created.json()) as { code: string };
  return viewOf(host, code, "host");
}

async function viewOf(client: HttpClient, code: string, as: "host" | "participant" | "room" = "participant") {
  const answer = await client.get(`/api/v1/rounds/${code}?as=${as}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { view: RoundView }).view;
}

async function join(client: HttpClient, code: string, name?: string): Promise<RoundView> {
  const joined = await client.postJson(`/api/v1/rounds/${code}/join`, name === undefined ? {} : { name });
  expect(joined.status, JSON.stringify(await joined.clone().json())).toBe(201);
  return ((await joined.json()) as { view: RoundView }).view;
}

async function answer(client: HttpClient, code: string, body: Record<string, unknown>): Promise<LiveAnswer> {
  const sent = await client.postJson(`/api/v1/rounds/${code}/answer`, body);
  expect(sent.status, JSON.stringify(await sent.clone().json())).toBe(200);
  return ((await sent.json()) as { answer: LiveAnswer }).answer;
}

async function act(host: HttpClient, code: string, action: string, position: number): Promise<RoundView> {
  const done = await host.postJson(`/api/v1/rounds/${code}/host`, { action, position });
  expect(done.status, JSON.stringify(await done.clone().json())).toBe(200);
  return ((await done.json()) as { view: RoundView }).view;
}

async function hide(host: HttpClient, code: string, answerId: string, hidden = true): Promise<LiveAnswer> {
  const done = await host.postJson(`/api/v1/rounds/${code}/answers/${answerId}`, { hidden });
  expect(done.status, JSON.stringify(await done.clone().json())).toBe(200);
  return ((await done.json()) as { answer: LiveAnswer }).answer;
}

/** An API refusal: its status and the message a person reads. */
async function expectProblem(response: Response, status: number, error: string | RegExp) {
  const body = (await response.json()) as { error: string; code: string };
  expect({ status: response.status, error: body.error }).toEqual({
    status,
    error: typeof error === "string" ? error : expect.stringMatching(error),
  });
  return body;
}

/** The text a reader sees on a page: scripts and tags dropped, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const answerShape = (a: LiveAnswer) => ({ kind: a.kind, text: a.text, choice: a.choice, name: a.name });

/** The room link as the host's screen offers it to copy (in the page's data: the host alone gets it). */
async function roomLinkOf(host: HttpClient, code: string): Promise<string> {
  const page = await host.get(`/live/${code}/host`);
  expect(page.status).toBe(200);
  const link = new RegExp(`/live/${code}/room\\?key=([\\w-]{40,})`).exec(await page.text());
  if (!link) throw new Error("The host's screen offers no room link");
  return link[0];
}

/** Whether a page carries any of the site's chrome: its navigation, footer, cookie banner or the sign-up prompt. */
function siteChrome(html: string): string[] {
  const found: string[] = [];
  if (/<nav\b/i.test(html)) found.push("navigation");
  if (/<footer\b/i.test(html)) found.push("footer");
  if (html.includes("Cookie consent")) found.push("cookie banner");
  if (/Sign Up|Sign In/.test(visibleText(html))) found.push("sign-in links");
  if (html.includes("Love this question?")) found.push("sign-up prompt");
  return found;
}

// ---------------------------------------------------------------------------

describe("a live round over HTTP", () => {
  it("runs a whole round: joins, answers in each mode, a pass, reveal, a hidden answer, next, end, and its recap", async () => {
    const host = new HttpClient(baseUrl);
    const { plain, pick } = await libraryQuestions(host);
    const created = await host.postJson("/api/v1/rounds", {
      questionIds: [plain[0], plain[1], pick],
      modes: ["word", "scale", "pick"],
    });
    expect(created.status).toBe(201);
    const { code, hostUrl, joinUrl } = (await created.json()) as { code: string; hostUrl: string; joinUrl: string };
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    expect(hostUrl).toBe(`/live/${code}/host`);
    expect(joinUrl).toBe(`${baseUrl}/live/${code}`);
    const started = await viewOf(host, code, "host");
    expect(started.questions.map((q) => q.mode)).toEqual(["word", "scale", "pick"]);
    expect(started.questions[1]?.options).toEqual(["1", "2", "3", "4", "5"]);
    const choices = started.questions[2]?.options ?? [];
    expect(choices.length).toBeGreaterThanOrEqual(2);
    expect(started.recapToken).toMatch(/^[\w-]{16,64}$/);
    const texts = started.questions.map((q) => q.text);

    const hostScreen = await follow(host, code, { host: true });
    expect(await hostScreen.snapshot()).toMatchObject({ role: "host", code, position: 0, participantCount: 0 });
    expect(hostScreen.retry).toBeGreaterThan(0);
    expect(hostScreen.messages[0]?.id).toBe(String(started.seq));

    const alice = new HttpClient(baseUrl);
    const bob = new HttpClient(baseUrl);
    expect((await join(alice, code, "Alice")).me?.name).toBe("Alice");
    expect((await join(bob, code, "  Bob ")).me?.name).toBe("Bob");
    const joined = await hostScreen.until(() => {
      const list = hostScreen.events().filter((e): e is EventOf<"joined"> => e.type === "joined");
      return list.length === 2 ? list : undefined;
    }, "two joins");
    expect(joined.map((e) => [e.participant.name, e.participantCount])).toEqual([
      ["Alice", 1],
      ["Bob", 2],
    ]);

    const aliceScreen = await follow(alice, code);
    const bobScreen = await follow(bob, code);
    const participants = [aliceScreen, bobScreen];
    expect((await aliceScreen.snapshot()).me).toMatchObject({ name: "Alice", answer: null });
    expect((await bobScreen.snapshot()).me).toMatchObject({ name: "Bob", answer: null });

    // Question 1, one word: the host sees each answer at once, as it was written.
    const scripted = await answer(alice, code, { position: 0, text: SCRIPT });
    expect(scripted.text).toBe(SCRIPT);
    const hiddenLater = await answer(bob, code, { position: 0, text: "Overcaffeinated" });
    expect((await hostScreen.event("answer", (e) => e.answer.id === scripted.id)).answer).toMatchObject({
      text: SCRIPT,
      name: "Alice",
    });
    await hostScreen.event("answer", (e) => e.answer.id === hiddenLater.id);

    expect((await act(host, code, "reveal", 0)).revealed).toBe(true);
    for (const screen of participants) {
      const shown = await screen.event("phase", (e) => e.position === 0 && e.revealed);
      // A reveal brings counts, never the answers with their names.
      expect(shown.results).toMatchObject({ answered: 2, passed: 0, hidden: 0 });
      expect(shown.results?.words.map((w) => w.count)).toEqual([1, 1]);
      expect(shown.results?.words.map((w) => w.word)).toContain("overcaffeinated");
      expect(JSON.stringify(shown)).not.toContain("Alice");
      // Nobody's answer showed on a phone before the host revealed them.
      expect(screen.events().filter((e) => e.type === "answer")).toEqual([]);
    }

    expect((await hide(host, code, hiddenLater.id)).hidden).toBe(true);
    for (const screen of participants) {
      expect(await screen.event("hidden", (e) => e.answerId === hiddenLater.id)).toMatchObject({
        position: 0,
        hidden: true,
      });
    }

    expect((await act(host, code, "next", 0)).position).toBe(1);
    for (const screen of participants) {
      const moved = await screen.event("phase", (e) => e.position === 1);
      expect(moved).toMatchObject({ revealed: false, locked: false });
      expect(moved.results).toBeUndefined();
    }

    // Question 2, a scale: one answers, one passes, and a pass carries no name.
    await answer(alice, code, { position: 1, choice: 3 });
    const passed = await answer(bob, code, { position: 1, pass: true });
    expect(answerShape(passed)).toEqual({ kind: "pass", text: null, choice: null, name: null });
    await act(host, code, "reveal", 1);
    for (const screen of participants) {
      const shown = await screen.event("phase", (e) => e.position === 1 && e.revealed);
      expect(shown.results).toMatchObject({ answered: 1, passed: 1, tally: [0, 0, 0, 1, 0] });
    }
    await act(host, code, "next", 1);

    // Question 3, pick one: locked answers stay as they were.
    await answer(alice, code, { position: 2, choice: 0 });
    await answer(bob, code, { position: 2, choice: 1 });
    expect((await act(host, code, "lock", 2)).locked).toBe(true);
    for (const screen of participants) await screen.event("phase", (e) => e.position === 2 && e.locked);
    await expectProblem(
      await bob.postJson(`/api/v1/rounds/${code}/answer`, { position: 2, choice: 0 }),
      409,
      "The host has locked answers to this question",
    );
    await act(host, code, "reveal", 2);
    for (const screen of participants) {
      const shown = await screen.event("phase", (e) => e.position === 2 && e.revealed);
      expect(shown.results?.tally.slice(0, 2)).toEqual([1, 1]);
    }

    expect((await act(host, code, "end", 2)).status).toBe("ended");
    for (const screen of [hostScreen, ...participants]) await screen.event("ended");
    // The host saw every event, in order, with no number missing.
    const numbers = hostScreen.events().map((e) => e.seq);
    expect(numbers).toEqual(numbers.map((_, i) => started.seq + 1 + i));

    // A screen opened after the end gets the final state and the stream closes.
    const late = await follow(alice, code);
    expect((await late.snapshot()).status).toBe("ended");
    await late.closed();

    // The recap: every visible answer, the hidden one left out, the script shown as text.
    const recapPath = `/live/recap/${started.recapToken}`;
    const recap = await host.get(recapPath);
    expect(recap.status).toBe(200);
    const html = await recap.text();
    expect(html).not.toContain(SCRIPT);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.toLowerCase()).not.toContain("overcaffeinated");
    const shownText = visibleText(html);
    for (const text of texts) expect(shownText).toContain(text);
    expect(shownText).toContain(SCRIPT);

    const csv = await host.get(`${recapPath}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="live-round-${code}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(parseCsv(await csv.text())).toEqual([
      ["question", "answer", "name", "kind"],
      [texts[0], SCRIPT, "Alice", "answer"],
      [texts[0], "0", "", "passes"],
      [texts[1], "4", "Alice", "answer"],
      [texts[1], "1", "", "passes"],
      [texts[2], choices[0], "Alice", "answer"],
      [texts[2], choices[1], "Bob", "answer"],
      [texts[2], "0", "", "passes"],
    ]);

    const markdown = await host.get(`${recapPath}/export?format=markdown`);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("content-type")).toMatch(/^text\/markdown/);
    const notes = await markdown.text();
    expect(notes).toMatch(/^# Live round, \d{4}-\d{2}-\d{2}\n/);
    expect(notes).toContain("2 people joined.");
    expect(notes).toContain("- &lt;script&gt;alert(1)&lt;/script&gt; (1)");
    expect(notes).not.toContain("<script>");
    expect(notes.toLowerCase()).not.toContain("overcaffeinated");
    expect(notes).toContain("1 answered, 1 passed");
    expect(notes).toContain("| 4 | 1 | 100% |");
  });

  it("resumes a cut connection from Last-Event-ID with exactly the events missed, and starts a new one with a snapshot", async () => {
    const host = new HttpClient(baseUrl);
    const { plain } = await libraryQuestions(host);
    const { code } = await startRound(host, { questionIds: [plain[0], plain[1]], modes: ["text", "text"] });
    const alice = new HttpClient(baseUrl);
    const bob = new HttpClient(baseUrl);
    await join(alice, code, "Alice");
    await join(bob, code, "Bob");

    // Two screens stay connected throughout: what they get is what the others missed.
    const hostScreen = await follow(host, code, { host: true });
    const hostWitness = await follow(host, code, { host: true });
    const aliceScreen = await follow(alice, code);
    const bobWitness = await follow(bob, code);

    const first = await answer(bob, code, { position: 0, text: "Slept well" });
    await act(host, code, "reveal", 0);
    const alices = await answer(alice, code, { position: 0, text: "Before the cut" });
    await aliceScreen.event("answer", (e) => e.answer.id === alices.id);
    await hostScreen.event("answer", (e) => e.answer.id === alices.id);
    const hostSaw = hostScreen.lastId();
    const aliceSaw = aliceScreen.lastId();
    hostScreen.cut();
    aliceScreen.cut();
    await hostScreen.closed();
    await aliceScreen.closed();

    await answer(bob, code, { position: 0, text: "Slept well, changed" });
    await hide(host, code, alices.id);
    await act(host, code, "next", 0);
    await answer(alice, code, { position: 1, text: "While away" });
    await answer(bob, code, { position: 1, pass: true });
    await act(host, code, "reveal", 1);
    const everything = await hostWitness.event("phase", (e) => e.position === 1 && e.revealed);
    await bobWitness.event("phase", (e) => e.position === 1 && e.revealed);

    const hostAgain = await follow(host, code, { host: true, lastEventId: hostSaw });
    const missedByHost = hostWitness.events().filter((e) => e.seq > hostSaw);
    await hostAgain.until(
      () => (hostAgain.events().length >= missedByHost.length ? true : undefined),
      "the missed events",
    );
    expect(hostAgain.snapshots()).toEqual([]);
    expect(hostAgain.messages[0]?.event).toBe("round");
    expect(hostAgain.events()).toEqual(missedByHost);
    expect(missedByHost.map((e) => e.seq)).toEqual(missedByHost.map((_, i) => hostSaw + 1 + i));
    expect(missedByHost.at(-1)?.seq).toBe(everything.seq);

    // A participant starts afresh from a snapshot of what they may see now: the replay of the table is the
    // host's alone, so neither the answer the host hid nor the earlier version of Bob's answer reaches a phone.
    const aliceAgain = await follow(alice, code, { lastEventId: aliceSaw });
    const resumedView = await aliceAgain.snapshot();
    expect(aliceAgain.messages[0]?.event).toBe("snapshot");
    expect(resumedView).toMatchObject({ position: 1, revealed: true, seq: everything.seq });
    expect(resumedView.results).toMatchObject({ answered: 1, passed: 1 });
    expect(JSON.stringify(aliceAgain.messages)).not.toMatch(/Slept well|Before the cut/);
    expect(bobWitness.events().some((e) => e.type === "hidden")).toBe(true);
    void first;

    // The resumed streams go on with what happens next, once each.
    const locked = await act(host, code, "lock", 1);
    for (const screen of [hostAgain, aliceAgain]) {
      await screen.event("phase", (e) => e.locked);
      const numbers = screen.events().map((e) => e.seq);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect(numbers.at(-1)).toBe(locked.seq);
    }

    // The same through ?after=: a fresh snapshot, and the seat's earlier stream is told and ended.
    const viaQuery = await follow(alice, code, { after: aliceSaw });
    expect((await viaQuery.snapshot()).seq).toBe(locked.seq);
    await aliceAgain.closed();
    expect(aliceAgain.messages.at(-1)?.event).toBe("replaced");

    // Without Last-Event-ID the screen starts over from a snapshot of now.
    const fresh = await follow(alice, code);
    const now = await fresh.snapshot();
    expect(fresh.messages[0]?.event).toBe("snapshot");
    expect(fresh.messages[0]?.id).toBe(String(locked.seq));
    expect(now).toMatchObject({ position: 1, revealed: true, locked: true, seq: locked.seq });
    expect(now.me?.answer?.text).toBe("While away");
    // Counts only: the free-text answers come in pages the phone asks for.
    expect(now.answers).toEqual([]);
    expect(now.results).toMatchObject({ answered: 1, passed: 1 });

    // A screen that comes back after the round ended gets what it missed, the end included, and is let go.
    const lastSeen = fresh.lastId();
    fresh.cut();
    await act(host, code, "end", 1);
    const afterEnd = await follow(alice, code, { lastEventId: lastSeen });
    await afterEnd.closed();
    expect(afterEnd.snapshots().map((v) => [v.seq, v.status])).toEqual([[lastSeen + 1, "ended"]]);
    expect(afterEnd.events()).toEqual([]);
    // The host's screen, though, gets exactly what it missed, the end included.
    const hostAfterEnd = await follow(host, code, { host: true, lastEventId: lastSeen });
    await hostAfterEnd.closed();
    expect(hostAfterEnd.events().map((e) => [e.seq, e.type])).toEqual([[lastSeen + 1, "ended"]]);
  });

  it("keeps every screen live when one asks to resume after an event the round never had", async () => {
    const host = new HttpClient(baseUrl);
    const { plain } = await libraryQuestions(host);
    const { code } = await startRound(host, { questionIds: [plain[0]], modes: ["text"] });
    // A host's screen may ask for any number in ?after=: one the round never reached starts afresh.
    const future = await follow(host, code, { host: true, after: 999_999 });
    expect((await future.snapshot()).role).toBe("host");
    const hostScreen = await follow(host, code, { host: true });
    await hostScreen.snapshot();
    const alice = new HttpClient(baseUrl);
    await join(alice, code, "Alice");
    await hostScreen.event("joined", (e) => e.participant.name === "Alice");
    const aliceScreen = await follow(alice, code);
    await aliceScreen.snapshot();
    await act(host, code, "reveal", 0);
    await aliceScreen.event("phase", (e) => e.revealed);
    expect(future.ended).toBe(false);
  });

  it("shows every answer to everyone as it comes in a round revealed live", async () => {
    const host = new HttpClient(baseUrl);
    const { plain } = await libraryQuestions(host);
    const { code, revealed } = await startRound(host, {
      questionIds: [plain[0], plain[1]],
      modes: ["text", "text"],
      revealMode: "live",
    });
    expect(revealed).toBe(true);
    const alice = new HttpClient(baseUrl);
    const bob = new HttpClient(baseUrl);
    await join(alice, code, "Alice");
    await join(bob, code, "Bob");
    const bobScreen = await follow(bob, code);
    await bobScreen.snapshot();
    const given = await answer(alice, code, { position: 0, text: "Straight away" });
    expect((await bobScreen.event("answer", (e) => e.answer.id === given.id)).answer).toMatchObject({
      text: "Straight away",
      name: "Alice",
    });
    // Hiding one takes it off every phone, and showing it again brings it back.
    await hide(host, code, given.id);
    expect(await bobScreen.event("hidden", (e) => e.hidden)).toMatchObject({ answerId: given.id });
    await hide(host, code, given.id, false);
    const back = await bobScreen.event("hidden", (e) => !e.hidden);
    expect(back.answer).toMatchObject({ id: given.id, text: "Straight away", hidden: false });
    await act(host, code, "next", 0);
    expect(await bobScreen.event("phase", (e) => e.position === 1)).toMatchObject({
      revealed: true,
      results: { position: 1, answered: 0, passed: 0 },
    });
  });

  it("gives the room its own screen by the room link: counts before the reveal, what is revealed after, never a name of who joined, a hidden answer or a control", async () => {
    const host = new HttpClient(baseUrl);
    const { plain } = await libraryQuestions(host);
    const { code, questions } = await startRound(host, {
      questionIds: [plain[0], plain[1]],
      modes: ["word", "text"],
    });
    // The projector opens the link the host copied: the key moves into a cookie and out of the address.
    const projector = new HttpClient(baseUrl);
    const opened = await projector.get(await roomLinkOf(host, code));
    expect({ status: opened.status, location: opened.headers.get("location") }).toEqual({
      status: 302,
      location: `/live/${code}/room`,
    });
    expect(projector.hasCookie(new RegExp(`^cu_live_room_${code}$`))).toBe(true);
    const page = await projector.get(`/live/${code}/room`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/no-store/);
    const html = await page.text();
    expect(visibleText(html)).toContain(questions[0]?.text);
    expect(visibleText(html)).toContain(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(html).toContain("QR code that opens this round");
    expect(siteChrome(html)).toEqual([]);
    // Nothing to press but the full-screen toggle: no link, no field, no host's button.
    expect((html.match(/<a\b/g) ?? []).length).toBe(0);
    expect(html).not.toMatch(/<(input|textarea|select)\b/);
    expect(
      [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((b) => visibleText(b[1] ?? "").trim()),
    ).toEqual(["Full screen"]);

    const room = await follow(projector, code, { room: true });
    const first = await room.snapshot();
    expect(first).toMatchObject({ role: "room", participants: [], me: null, recapToken: null, timer: null });
    const ada = new HttpClient(baseUrl);
    const bruno = new HttpClient(baseUrl);
    await join(ada, code, "Ada");
    await join(bruno, code, "Bruno");
    await answer(ada, code, { position: 0, text: "Curious" });
    const hidden = await answer(bruno, code, { position: 0, text: "Sleepy" });
    await hide(host, code, hidden.id);
    // The room counts them as they come, without a word or a name of anyone.
    await room.event("hidden", (e) => e.answerId === hidden.id);
    expect(room.events().filter((e) => e.type === "joined")).toHaveLength(2);
    expect(room.events().filter((e) => e.type === "answer")).toHaveLength(2);
    const heard = room.messages.map((m) => m.data).join("\n");
    for (const secret of ["Ada", "Bruno", "Curious", "Sleepy"]) expect(heard).not.toContain(secret);
    const before = await viewOf(projector, code, "room");
    expect(before).toMatchObject({ participantCount: 2, participants: [], answers: [] });
    expect(before.results).toEqual({ position: 0, answered: 1, passed: 0, hidden: 1, words: [], tally: [] });

    // The host's timer reaches the room, and a screen opened later sees the time left.
    const timed = await host.postJson(`/api/v1/rounds/${code}/host`, {
      action: "timer",
      position: 0,
      timer: { totalSeconds: 90, remainingSeconds: 90, running: true },
    });
    expect(timed.status).toBe(200);
    expect((await room.event("timer")).timer).toEqual({
      position: 0,
      totalSeconds: 90,
      remainingSeconds: 90,
      running: true,
    });
    const later = await viewOf(projector, code, "room");
    expect(later.timer).toMatchObject({ position: 0, totalSeconds: 90, running: true });
    expect(later.timer?.remainingSeconds).toBeGreaterThan(80);
    // Phones do not get the timer.
    expect((await viewOf(ada, code)).timer).toBeNull();

    // The reveal brings the room the visible answers' counts; the hidden word stays out.
    await act(host, code, "reveal", 0);
    const shown = await room.event("phase", (e) => e.revealed);
    expect(shown.results?.words).toEqual([{ word: "curious", count: 1 }]);
    expect(room.messages.map((m) => m.data).join("\n")).not.toContain("sleepy");

    // The next question starts without a timer; its free text reaches the room's view once revealed, the hidden one never.
    await act(host, code, "next", 0);
    await room.event("phase", (e) => e.position === 1);
    expect((await viewOf(projector, code, "room")).timer).toBeNull();
    await answer(ada, code, { position: 1, text: "A quiet Friday" });
    await hide(host, code, (await answer(bruno, code, { position: 1, text: "Not for the wall" })).id);
    expect((await viewOf(projector, code, "room")).answers).toEqual([]);
    await act(host, code, "reveal", 1);
    expect((await viewOf(projector, code, "room")).answers.map(answerShape)).toEqual([
      { kind: "answer", text: "A quiet Friday", choice: null, name: "Ada" },
    ]);

    await act(host, code, "end", 1);
    await room.event("ended");
    const over = await projector.get(`/live/${code}/room`);
    expect(visibleText(await over.text())).toContain("This round has ended");
  });

  it("shows a phone a scale's numbers once with its ends named, and a pass as a pass", async () => {
    const host = new HttpClient(baseUrl);
    const { plain } = await libraryQuestions(host);
    const { code } = await startRound(host, { questionIds: [plain[0]], modes: ["scale"] });
    const phone = new HttpClient(baseUrl);
    await join(phone, code, "Ada");
    const buttons = (html: string) =>
      [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((b) => visibleText(b[1] ?? "").trim());
    const before = await (await phone.get(`/live/${code}`)).text();
    expect(buttons(before)).toEqual(["1", "2", "3", "4", "5", "Pass"]);
    expect(before).toContain('aria-label="1, Low"');
    expect(before).toContain('aria-label="5, High"');
    await answer(phone, code, { position: 0, pass: true });
    const passed = visibleText(await (await phone.get(`/live/${code}`)).text());
    expect(passed).toContain("You passed on this one.");
    expect(passed).toContain("Answer after all");
    expect(passed).not.toContain("Change answer");
  });

  it("shows /live, a participant's page and a recap without the site's navigation, footer or cookie banner, writing the code one way", async () => {
    const host = new HttpClient(baseUrl);
    const { plain } = await libraryQuestions(host);
    const { code, recapToken } = await startRound(host, { questionIds: [plain[0]], modes: ["text"] });
    const phone = new HttpClient(baseUrl);
    const pages: [string, Response][] = [];
    pages.push(["/live", await phone.get("/live")]);
    pages.push(["the join form", await phone.get(`/live/${code}`)]);
    await join(phone, code, "Ada");
    pages.push(["a participant's page", await phone.get(`/live/${code}`)]);
    pages.push(["the host's screen", await host.get(`/live/${code}/host`)]);
    pages.push(["the recap", await phone.get(`/live/recap/${recapToken}`)]);
    for (const [name, response] of pages) {
      expect(response.status, name).toBe(200);
      const html = await response.text();
      expect({ name, chrome: siteChrome(html) }).toEqual({ name, chrome: [] });
      // The code as the host's and the room's screens write it, in two halves, on every page that shows it.
      if (name !== "/live") {
        expect(visibleText(html), name).toContain(`${code.slice(0, 3)} ${code.slice(3)}`);
        expect(visibleText(html), name).not.toContain(code);
      }
      // The CircleUp mark stays, and leads home.
      const links = html.match(/<a\b[^>]*>/g) ?? [];
      expect(
        links.some((a) => a.includes('aria-label="CircleUp home"') && a.includes('href="/"')),
        name,
      ).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------

describe("a live round spread over two servers on one PostgreSQL database", () => {
  let cluster: Cluster | null = null;
  let address = 0;
  const person = (server: number) => cluster?.client(server, `203.0.113.${++address}`) as HttpClient;

  beforeAll(async () => {
    cluster = await startClusterOrSkip("the two-server live round tests");
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it("carries joins and answers made on one server to the host on the other within a second, and the host's moves back", async (ctx) => {
    if (!cluster) return ctx.skip();
    const host = person(0);
    const { plain } = await libraryQuestions(host);
    const { code } = await startRound(host, { questionIds: [plain[0], plain[1]], modes: ["text", "text"] });
    const hostScreen = await follow(host, code, { host: true });
    await hostScreen.snapshot();

    const alice = person(1);
    const bob = person(1);
    // Each wait below gives up a second after the request that caused the event was answered.
    await join(alice, code, "Alice");
    await hostScreen.event("joined", (e) => e.participant.name === "Alice", 1_000);
    await join(bob, code, "Bob");
    await hostScreen.event("joined", (e) => e.participant.name === "Bob", 1_000);

    const aliceScreen = await follow(alice, code);
    const bobScreen = await follow(bob, code);
    await aliceScreen.snapshot();
    await bobScreen.snapshot();

    const given = await answer(alice, code, { position: 0, text: "From the other server" });
    let sent = Date.now();
    await hostScreen.event("answer", (e) => e.answer.id === given.id && e.answer.name === "Alice", 1_000);
    expect(Date.now() - sent).toBeLessThanOrEqual(1_000);

    await act(host, code, "reveal", 0);
    sent = Date.now();
    for (const screen of [aliceScreen, bobScreen]) {
      const shown = await screen.event("phase", (e) => e.position === 0 && e.revealed, 1_000);
      expect(shown.results).toMatchObject({ answered: 1, passed: 0 });
    }
    expect(Date.now() - sent).toBeLessThanOrEqual(1_000);

    await act(host, code, "next", 0);
    sent = Date.now();
    for (const screen of [aliceScreen, bobScreen]) await screen.event("phase", (e) => e.position === 1, 1_000);
    expect(Date.now() - sent).toBeLessThanOrEqual(1_000);
  });

  it("lets a participant whose server died reconnect to the other with its Last-Event-ID and miss nothing", async (ctx) => {
    if (!cluster) return ctx.skip();
    const host = person(0);
    const { plain } = await libraryQuestions(host);
    const { code } = await startRound(host, { questionIds: [plain[0], plain[1]], modes: ["text", "text"] });
    const carol = person(1);
    const dave = person(0);
    await join(carol, code, "Carol");
    await join(dave, code, "Dave");
    const carolScreen = await follow(carol, code);
    const witness = await follow(dave, code);

    await answer(carol, code, { position: 0, text: "Before the outage" });
    await act(host, code, "reveal", 0);
    await carolScreen.event("phase", (e) => e.revealed);
    const carolSaw = carolScreen.lastId();

    await cluster.kill(1);
    await carolScreen.closed();

    await answer(dave, code, { position: 0, text: "During the outage" });
    await act(host, code, "next", 0);
    await answer(dave, code, { position: 1, text: "Still during it" });
    await act(host, code, "reveal", 1);
    await witness.event("phase", (e) => e.position === 1 && e.revealed);

    // The balancer now sends Carol's browser, cookies and all, to the server still standing: she starts
    // there from a snapshot of the round as it is now, so nothing that happened meanwhile is missing.
    const carolOnZero = person(0).shareCookiesWith(carol);
    const resumed = await follow(carolOnZero, code, { lastEventId: carolSaw });
    const now = await resumed.snapshot();
    const witnessed = witness.events().at(-1)?.seq ?? 0;
    expect(now.seq).toBeGreaterThanOrEqual(witnessed);
    expect(now).toMatchObject({ position: 1, revealed: true, results: { answered: 1 } });
    expect(now.me).toMatchObject({ name: "Carol", answer: null });

    // And she goes on answering there.
    const later = await answer(carolOnZero, code, { position: 1, text: "Back again" });
    await resumed.event("answer", (e) => e.answer.id === later.id);
    await witness.event("answer", (e) => e.answer.id === later.id);
  });
});

// ---------------------------------------------------------------------------

describe("live rounds refuse bad input and abuse with a clear answer", () => {
  let server: RunningServer;
  let questions: { plain: string[]; pick: string };
  let address = 0;
  /** Someone on their own network: per-address limits of one test never touch another's. */
  const person = () => new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${++address}` });

  beforeAll(async () => {
    server = await startServer({ LIVE_MAX_PARTICIPANTS: "2", TRUST_PROXY: "true" });
    questions = await libraryQuestions(person());
  });
  afterAll(async () => {
    await server?.stop();
  });

  const round = async (host: HttpClient, body: Record<string, unknown> = {}) =>
    startRound(host, {
      questionIds: [questions.plain[0], questions.plain[1]],
      modes: ["text", "text"],
      ...body,
    });

  it("answers a code that leads nowhere with 404, on every route", async () => {
    const visitor = person();
    // QQQQQQ is a well-formed code no round holds (one chance in 244 million); B0O1IL uses letters codes never use.
    for (const code of ["QQQQQQ", "B0O1IL", "b0o-1il", "ACDEF", "ACDEFGH"]) {
      const message = OUT_OF_REACH;
      await expectProblem(await visitor.get(`/api/v1/rounds/${code}`), 404, message);
      await expectProblem(await visitor.postJson(`/api/v1/rounds/${code}/join`, { name: "Ada" }), 404, message);
      await expectProblem(await visitor.get(`/api/v1/rounds/${code}/events`), 404, message);
    }
    // A real code typed in lower case with a space is the same round.
    const host = person();
    const { code } = await round(host);
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`;
    const joined = await visitor.postJson(`/api/v1/rounds/${encodeURIComponent(typed)}/join`, { name: "Ada" });
    expect(joined.status).toBe(201);
    expect((await viewOf(host, code, "host")).participants.map((p) => p.name)).toEqual(["Ada"]);
  });

  it("answers a body that is not JSON with 400", async () => {
    const host = person();
    const { code } = await round(host);
    const bad = (client: HttpClient, route: string, body: string) =>
      client.request(route, { method: "POST", headers: { "content-type": "application/json" }, body });
    for (const route of [
      "/api/v1/rounds",
      `/api/v1/rounds/${code}/join`,
      `/api/v1/rounds/${code}/answer`,
      `/api/v1/rounds/${code}/host`,
      `/api/v1/rounds/${code}/answers/00000000-0000-4000-8000-000000000000`,
    ]) {
      await expectProblem(await bad(host, route, '{"questionIds": ['), 400, "The request body must be JSON");
      await expectProblem(await bad(host, route, "[]"), 400, "The request body must be a JSON object");
    }
  });

  it("checks the questions of a new round and says which one is wrong", async () => {
    const host = person();
    const { plain, pick } = questions;
    const create = (body: Record<string, unknown>) => host.postJson("/api/v1/rounds", body);
    await expectProblem(await create({ questionIds: [] }), 400, /A round needs at least one question/);
    await expectProblem(
      await create({ questionIds: Array.from({ length: 21 }, () => plain[0]) }),
      400,
      /A round holds at most 20 questions/,
    );
    await expectProblem(await create({ questionIds: ["not-a-question", plain[0]] }), 400, /must hold question ids/);
    await expectProblem(await create({}), 400, /questionIds/);
    await expectProblem(await create({ questionIds: [plain[0]], modes: ["shout"] }), 400, /modes must be/);
    await expectProblem(
      await create({ questionIds: ["00000000-0000-4000-8000-000000000000"] }),
      400,
      "Question 1 is not available any more: remove it and start again",
    );
    await expectProblem(
      await create({ questionIds: [pick, plain[0]], modes: ["pick", "pick"] }),
      400,
      "Question 2 has no choices to pick from: choose another answer mode",
    );
    // The same question with its choices is fine.
    expect((await create({ questionIds: [pick, plain[0]], modes: ["pick", "text"] })).status).toBe(201);
  });

  it("asks for a name the host will see, of at most 40 characters, and stores none in an anonymous round", async () => {
    const host = person();
    const { code } = await round(host);
    const joinAs = (body: Record<string, unknown>) => person().postJson(`/api/v1/rounds/${code}/join`, body);
    await expectProblem(await joinAs({ name: "N".repeat(41) }), 400, "Your name can be at most 40 characters");
    await expectProblem(await joinAs({}), 400, "Please give a name the host will see");
    await expectProblem(await joinAs({ name: "   " }), 400, "Please give a name the host will see");
    await expectProblem(await joinAs({ name: "Ada\u0007" }), 400, "Your name holds characters that cannot be shown");
    await expectProblem(await joinAs({ name: 42 }), 400, /name must be text/);
    expect((await joinAs({ name: ` ${"N".repeat(40)} ` })).status).toBe(201);
    expect((await viewOf(host, code, "host")).participants.map((p) => p.name)).toEqual(["N".repeat(40)]);

    const anonymousHost = person();
    const hidden = await round(anonymousHost, { anonymous: true });
    await join(person(), hidden.code);
    const eve = person();
    await join(eve, hidden.code, "Eve");
    expect((await answer(eve, hidden.code, { position: 0, text: "Nobody knows" })).name).toBeNull();
    const seen = await viewOf(anonymousHost, hidden.code, "host");
    expect(seen.participants.map((p) => p.name)).toEqual([null, null]);
    expect(seen.answers.map((a) => [a.text, a.name])).toEqual([["Nobody knows", null]]);
    await act(anonymousHost, hidden.code, "end", 0);
    const csv = await (await eve.get(`/live/recap/${hidden.recapToken}/export?format=csv`)).text();
    expect(parseCsv(csv).slice(1, 2)).toEqual([[hidden.questions[0]?.text, "Nobody knows", "", "answer"]]);
    expect(csv).not.toContain("Eve");
  });

  it("checks answers: length, choice, one of text, choice or pass, and joining first", async () => {
    const host = person();
    const { code } = await round(host, { modes: ["scale", "text"] });
    const alice = person();
    await join(alice, code, "Alice");
    const send = (client: HttpClient, body: Record<string, unknown>) =>
      client.postJson(`/api/v1/rounds/${code}/answer`, body);

    await expectProblem(
      await send(alice, { position: 0, text: "x".repeat(281) }),
      400,
      /An answer can be at most 280 characters/,
    );
    await expectProblem(await send(alice, { position: 0, choice: 5 }), 400, "choice must be one of the answers shown");
    await expectProblem(await send(alice, { position: 0, choice: 10 }), 400, /choice/);
    await expectProblem(await send(alice, { position: 0, choice: -1 }), 400, /choice/);
    await expectProblem(await send(alice, { position: 0, text: "Sunny" }), 400, "Choose one of the answers");
    const oneOf = /Send one of text, choice or pass/;
    await expectProblem(await send(alice, { position: 0, text: "Sunny", choice: 1 }), 400, oneOf);
    await expectProblem(await send(alice, { position: 0, choice: 1, pass: true }), 400, oneOf);
    await expectProblem(await send(alice, { position: 0, text: "Sunny", pass: true }), 400, oneOf);
    await expectProblem(await send(alice, { position: 0 }), 400, oneOf);
    await expectProblem(await send(alice, { choice: 1 }), 400, /position/);

    await expectProblem(await send(person(), { position: 0, choice: 1 }), 404, OUT_OF_REACH);
    // A participant of another round is a stranger here.
    const elsewhere = await round(person());
    const other = person();
    await join(other, elsewhere.code, "Other");
    const cookie = other.cookieHeader();
    const withForeignCookie = await person().request(`/api/v1/rounds/${code}/answer`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookie.replace(elsewhere.code, code) },
      body: JSON.stringify({ position: 0, choice: 1 }),
    });
    await expectProblem(withForeignCookie, 404, OUT_OF_REACH);

    expect((await answer(alice, code, { position: 0, choice: 4 })).choice).toBe(4);
    await act(host, code, "next", 0);
    expect((await answer(alice, code, { position: 1, text: ` ${"x".repeat(280)} ` })).text).toBe("x".repeat(280));
    const hostSees = await viewOf(host, code, "host");
    expect(hostSees.answers.map(answerShape)).toEqual([
      { kind: "answer", text: "x".repeat(280), choice: null, name: "Alice" },
    ]);
  });

  it("keeps the host's controls, moderation, host screen and deletion for the host", async () => {
    const host = person();
    const { code } = await round(host);
    const alice = person();
    await join(alice, code, "Alice");
    const given = await answer(alice, code, { position: 0, text: "Mine" });
    // A participant knows the code already and is told only the host may; a stranger learns nothing of the round.
    for (const [who, client, status] of [
      ["a participant", alice, 403],
      ["a stranger", person(), 404],
    ] as const) {
      const label = (what: string) => `${what} by ${who}`;
      const said = (message: string) => (status === 403 ? message : OUT_OF_REACH);
      const control = await client.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
      expect(control.status, label("reveal")).toBe(status);
      await expectProblem(control, status, said("Only the host of this round can do this"));
      await expectProblem(
        await client.postJson(`/api/v1/rounds/${code}/answers/${given.id}`, { hidden: true }),
        status,
        said("Only the host of this round can hide answers"),
      );
      await expectProblem(
        await client.request(`/api/v1/rounds/${code}`, { method: "DELETE" }),
        status,
        said("Only the host of this round can delete it"),
      );
      await expectProblem(
        await client.get(`/api/v1/rounds/${code}?as=host`),
        status,
        said("Only the host of this round can open its host screen"),
      );
      await expectProblem(
        await client.get(`/api/v1/rounds/${code}/events?as=host`),
        status,
        said("Only the host of this round can open its host screen"),
      );
      expect((await client.get(`/live/${code}/host`)).status, label("the host page")).toBe(status);
    }
    // None of it changed the round.
    const seen = await viewOf(host, code, "host");
    expect(seen).toMatchObject({ revealed: false, status: "open", participantCount: 1 });
    expect(seen.answers.map((a) => a.hidden)).toEqual([false]);
  });

  it("opens the room screen only for the host or by the room link, read-only, and says so plainly otherwise", async () => {
    const host = person();
    const { code } = await round(host);
    const other = await round(person());
    const link = await roomLinkOf(host, code);
    const key = new URL(link, server.url).searchParams.get("key") ?? "";
    // A wrong key, another round's key, or none: nothing opens and no cookie is kept.
    for (const [what, path] of [
      ["a wrong key", `/live/${code}/room?key=${key.slice(0, -2)}xx`],
      ["another round's key", `/live/${other.code}/room?key=${key}`],
      ["no key", `/live/${code}/room`],
    ] as const) {
      const stranger = person();
      const page = await stranger.get(path);
      expect(page.status, what).toBe(404);
      expect(visibleText(await page.text()), what).toContain(
        "This room screen opens from the host's screen, or with the room link the host copies from it.",
      );
      expect(stranger.hasCookie(/^cu_live_room_/), what).toBe(false);
    }
    // A participant's seat is not the room's screen.
    const alice = person();
    await join(alice, code, "Alice");
    for (const path of [`/api/v1/rounds/${code}?as=room`, `/api/v1/rounds/${code}/events?as=room`]) {
      await expectProblem(await alice.get(path), 403, "Only the host of this round can open its room screen");
    }
    // The room link reads the room's screen and does nothing else.
    const projector = person();
    expect((await projector.get(link)).status).toBe(302);
    expect((await projector.get(`/api/v1/rounds/${code}?as=room`)).status).toBe(200);
    for (const [what, response] of [
      ["reveal", await projector.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 })],
      ["the host's view", await projector.get(`/api/v1/rounds/${code}?as=host`)],
      ["answering", await projector.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Mine" })],
      ["deleting", await projector.request(`/api/v1/rounds/${code}`, { method: "DELETE" })],
    ] as const) {
      expect(response.status, what).toBe(404);
      await expectProblem(response, 404, OUT_OF_REACH);
    }
    expect((await projector.get(`/live/${code}/host`)).status).toBe(404);
    // The host's own browser opens it without a key.
    expect((await host.get(`/live/${code}/room`)).status).toBe(200);
    expect((await viewOf(host, code, "host")).status).toBe("open");
  });

  it("checks the timer the host's screen sends and names what is wrong", async () => {
    const host = person();
    const { code } = await round(host);
    const timer = (fields: Record<string, unknown>) => ({
      action: "timer",
      position: 0,
      timer: { totalSeconds: 60, remainingSeconds: 60, running: true, ...fields },
    });
    for (const [body, message] of [
      [{ action: "timer", position: 0 }, 'action "timer" needs a timer: {totalSeconds, remainingSeconds, running}'],
      [timer({ remainingSeconds: 90 }), "timer.remainingSeconds cannot be more than timer.totalSeconds"],
      [timer({ totalSeconds: 99_999 }), "timer.totalSeconds can be at most 3600 seconds"],
      [timer({ remainingSeconds: 1.5 }), "timer.remainingSeconds must be a whole number of seconds"],
      [timer({ running: "yes" }), "timer.running must be true or false"],
      [
        { action: "timer", position: 0, timer: "soon" },
        "timer must be an object with totalSeconds, remainingSeconds and running",
      ],
    ] as const) {
      await expectProblem(await host.postJson(`/api/v1/rounds/${code}/host`, body), 400, message);
    }
    expect((await viewOf(host, code, "host")).timer).toBeNull();
    // Only the host sets it.
    const alice = person();
    await join(alice, code, "Alice");
    await expectProblem(
      await alice.postJson(`/api/v1/rounds/${code}/host`, timer({})),
      403,
      "Only the host of this round can do this",
    );
  });

  it("answers 404, not 500, when the host hides an answer that is not in the round", async () => {
    const host = person();
    const { code } = await round(host);
    const otherHost = person();
    const elsewhere = await round(otherHost);
    const stranger = person();
    await join(stranger, elsewhere.code, "Stranger");
    const foreign = await answer(stranger, elsewhere.code, { position: 0, text: "Not yours" });
    for (const answerId of ["not-an-id", "00000000-0000-4000-8000-000000000000", foreign.id]) {
      const refused = await host.postJson(`/api/v1/rounds/${code}/answers/${answerId}`, { hidden: true });
      expect({ answerId, status: refused.status }).toEqual({ answerId, status: 404 });
      expect((await refused.json()).error).toBe("This answer is not part of this round");
    }
    // The other round's answer is untouched.
    expect((await viewOf(otherHost, elsewhere.code, "host")).answers.map((a) => a.hidden)).toEqual([false]);
  });

  it("refuses to act on a question the screen no longer shows", async () => {
    const host = person();
    const { code } = await round(host);
    const alice = person();
    await join(alice, code, "Alice");
    await act(host, code, "next", 0);
    await expectProblem(
      await host.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 }),
      409,
      "The round has moved on to another question: your screen will catch up",
    );
    await expectProblem(
      await alice.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Late" }),
      409,
      "The host has moved on to another question",
    );
    await expectProblem(
      await host.postJson(`/api/v1/rounds/${code}/host`, { action: "next", position: 1 }),
      409,
      "This is the last question of the round",
    );
    expect((await viewOf(host, code, "host")).position).toBe(1);
  });

  it("takes no answers once locked, and takes them again once unlocked", async () => {
    const host = person();
    const { code } = await round(host);
    const alice = person();
    await join(alice, code, "Alice");
    await act(host, code, "lock", 0);
    await expectProblem(
      await alice.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Too late" }),
      409,
      "The host has locked answers to this question",
    );
    await act(host, code, "unlock", 0);
    expect((await answer(alice, code, { position: 0, text: "Just in time" })).text).toBe("Just in time");
  });

  it("takes nobody new and no answers once ended, and ending twice is ending once", async () => {
    const host = person();
    const { code, recapToken } = await round(host);
    const alice = person();
    await join(alice, code, "Alice");
    await act(host, code, "end", 0);
    await expectProblem(
      await person().postJson(`/api/v1/rounds/${code}/join`, { name: "Late" }),
      404,
      "This round has ended",
    );
    await expectProblem(
      await alice.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Late" }),
      409,
      "This round has ended",
    );
    await expectProblem(
      await host.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 }),
      409,
      "This round has ended",
    );
    expect((await act(host, code, "end", 0)).status).toBe("ended");
    expect((await host.get(`/live/recap/${recapToken}`)).status).toBe(200);
  });

  it("says a full round is full, and lets those inside rejoin", async () => {
    const host = person();
    const { code } = await round(host);
    const alice = person();
    await join(alice, code, "Alice");
    await join(person(), code, "Bob");
    await expectProblem(
      await person().postJson(`/api/v1/rounds/${code}/join`, { name: "Carol" }),
      409,
      "This round is full: it has room for 2 people",
    );
    const again = await alice.postJson(`/api/v1/rounds/${code}/join`, { name: "Alice" });
    expect(again.status).toBe(200);
    expect((await viewOf(host, code, "host")).participantCount).toBe(2);
  });

  it("lets one address try 30 codes that lead nowhere in 10 minutes and answers the next with 429 and Retry-After", async () => {
    const host = person();
    const { code } = await round(host);
    const guesser = person();
    for (let batch = 0; batch < 3; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => guesser.postJson("/api/v1/rounds/QQQQQQ/join", { name: "Guess" })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(404));
    }
    for (const attempt of [
      guesser.postJson("/api/v1/rounds/QQQQQQ/join", { name: "Guess" }),
      guesser.postJson(`/api/v1/rounds/${code}/join`, { name: "Guess" }),
    ]) {
      const limited = await attempt;
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(await limited.json()).toEqual({
        error: `Too many wrong round codes: try again in ${waitPhrase(retryAfter)}`,
        code: "RATE_LIMITED",
        params: { rule: "round-lookups", what: "wrong round codes", retryAfterSeconds: retryAfter },
        retryable: true,
      });
    }
    expect((await person().postJson(`/api/v1/rounds/${code}/join`, { name: "Someone else" })).status).toBe(201);
  });

  it("answers an unknown code and a round without a seat alike when answering, counts both, and refuses the 31st guess with 429", async () => {
    const host = person();
    const { code } = await round(host);
    const network = `198.51.100.${++address}`;
    const seated = new HttpClient(server.url, { "x-forwarded-for": network });
    await join(seated, code, "Sam");
    const guesser = new HttpClient(server.url, { "x-forwarded-for": network });
    const guess = (target: string, cookie?: string) =>
      guesser.request(`/api/v1/rounds/${target}/answer`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ position: 0, text: "Guess" }),
      });
    const seen = async (response: Response) => ({ status: response.status, body: await response.json() });
    const unknown = await seen(await guess("QQQQQQ"));
    const noSeat = await seen(await guess(code));
    const forgedSeat = await seen(await guess(code, `cu_live_${code}=${"A".repeat(43)}`));
    expect(unknown).toEqual({
      status: 404,
      body: { error: OUT_OF_REACH, code: "ROUND_OUT_OF_REACH", params: {}, retryable: false },
    });
    expect(noSeat).toEqual(unknown);
    expect(forgedSeat).toEqual(unknown);
    // Each of the three counted: 27 more guesses use up the address's 30, and the next is refused.
    for (let n = 0; n < 27; n++) expect((await guess("QQQQQQ")).status).toBe(404);
    const limited = await guess("QQQQQQ");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await limited.json()).error).toBe(`Too many wrong round codes: try again in ${waitPhrase(retryAfter)}`);
    // The address is refused on the live round too, seat or not; another network answers as before.
    expect((await guess(code)).status).toBe(429);
    expect((await seated.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Mine" })).status).toBe(429);
    const other = person();
    await join(other, code, "Olga");
    await answer(other, code, { position: 0, text: "Still counted" });
  });

  it("takes 30 answers a minute from a participant and answers the 31st with 429, not the others behind the same address", async () => {
    const host = person();
    const { code } = await round(host);
    const office = `198.51.100.${++address}`;
    const alice = new HttpClient(server.url, { "x-forwarded-for": office });
    const bob = new HttpClient(server.url, { "x-forwarded-for": office });
    await join(alice, code, "Alice");
    await join(bob, code, "Bob");
    for (let n = 1; n <= 30; n++) await answer(alice, code, { position: 0, text: `Answer ${n}` });
    const limited = await alice.postJson(`/api/v1/rounds/${code}/answer`, { position: 0, text: "Answer 31" });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await limited.json()).error).toBe(`Too many answers: try again in ${waitPhrase(retryAfter)}`);
    await answer(bob, code, { position: 0, text: "Mine counts" });
    const hostSees = await viewOf(host, code, "host");
    expect(hostSees.answers.map((a) => a.text)).toEqual(["Answer 30", "Mine counts"]);
  });

  it("refuses every change to a round that comes from another site", async () => {
    const host = person();
    const { code } = await round(host);
    const alice = person();
    await join(alice, code, "Alice");
    const given = await answer(alice, code, { position: 0, text: "Mine" });
    const evil = { origin: "https://evil.example", "content-type": "application/json" };
    const attempts: [HttpClient, string, string, unknown][] = [
      [host, "POST", "/api/v1/rounds", { questionIds: [questions.plain[0]] }],
      [person(), "POST", `/api/v1/rounds/${code}/join`, { name: "Mallory" }],
      [alice, "POST", `/api/v1/rounds/${code}/answer`, { position: 0, text: "Forged" }],
      [host, "POST", `/api/v1/rounds/${code}/host`, { action: "end", position: 0 }],
      [host, "POST", `/api/v1/rounds/${code}/answers/${given.id}`, { hidden: true }],
      [host, "DELETE", `/api/v1/rounds/${code}`, undefined],
    ];
    for (const [client, method, route, body] of attempts) {
      const refused = await client.request(route, {
        method,
        headers: evil,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect({ route, method, status: refused.status }).toEqual({ route, method, status: 403 });
      expect((await refused.json()).code).toBe("FORBIDDEN_ORIGIN");
    }
    const seen = await viewOf(host, code, "host");
    expect(seen).toMatchObject({ status: "open", participantCount: 1 });
    expect(seen.answers.map(answerShape)).toEqual([{ kind: "answer", text: "Mine", choice: null, name: "Alice" }]);
  });

  it("tells open screens of a deleted round, closes them, and forgets its code and recap", async () => {
    const host = person();
    const { code, recapToken } = await round(host);
    const alice = person();
    await join(alice, code, "Alice");
    await answer(alice, code, { position: 0, text: "Soon gone" });
    const hostScreen = await follow(host, code, { host: true });
    const aliceScreen = await follow(alice, code);
    await hostScreen.snapshot();
    await aliceScreen.snapshot();

    const deleted = await host.request(`/api/v1/rounds/${code}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    for (const screen of [hostScreen, aliceScreen]) {
      await screen.event("deleted");
      await screen.closed();
    }
    const gone = OUT_OF_REACH;
    await expectProblem(await alice.get(`/api/v1/rounds/${code}`), 404, gone);
    await expectProblem(await person().postJson(`/api/v1/rounds/${code}/join`, { name: "Late" }), 404, gone);
    await expectProblem(await alice.get(`/api/v1/rounds/${code}/events`), 404, gone);
    await expectProblem(await host.request(`/api/v1/rounds/${code}`, { method: "DELETE" }), 404, gone);
    expect((await alice.get(`/live/recap/${recapToken}`)).status).toBe(404);
    await expectProblem(
      await alice.get(`/live/recap/${recapToken}/export?format=csv`),
      404,
      "This recap does not exist or has been deleted",
    );
  });

  it("logs each refused request with its 4xx, and none of this server's requests with a 5xx", async () => {
    // Requests of its own, so there is something to read when this test runs alone.
    const host = person();
    const { code } = await round(host);
    const refusals: { path: string; body?: string; status: number }[] = [
      { path: "/api/v1/rounds/QQQQQQ", status: 404 },
      { path: `/api/v1/rounds/${code}/join`, body: '{"name": [', status: 400 },
      { path: "/api/v1/rounds", body: "{}", status: 400 },
    ];
    const requestLines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'));
    for (const [n, { path, body, status }] of refusals.entries()) {
      const requestId = `live-refusal-${n}`;
      const headers = { "x-request-id": requestId, "content-type": "application/json" };
      const response = await host.request(path, body === undefined ? { headers } : { method: "POST", headers, body });
      expect(response.status, path).toBe(status);
      // The line is written as the answer goes out: wait for it rather than for a while.
      await expect
        .poll(() => requestLines().find((line) => line.includes(`"requestId":"${requestId}"`)))
        .toMatch(new RegExp(`"status":${status}\\b`));
    }
    expect(requestLines().filter((line) => /"status":5\d\d/.test(line))).toEqual([]);
  });
});
