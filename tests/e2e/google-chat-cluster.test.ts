import { sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { launchBrowser } from "../support/browser";
import { type ChatCluster, openSeriesRoundNow, startChatCluster, until } from "../support/chat-cluster";
import type { Cluster } from "../support/cluster";
import { CHAT_SIGNER, type ChatApiCall, type FakeGoogleChat, startFakeGoogleChat } from "../support/fake-google-chat";
import type { HttpClient } from "../support/http-client";
import { answerOnPhones } from "../support/phones";

const chromium = inject("chromium");

/** The Cloud project's number: the audience Chat puts in its bearer tokens. */
const AUDIENCE = "123456789012";
const SPACE = { name: "spaces/AAAAteam", displayName: "Team room", type: "ROOM", spaceType: "SPACE" };
const STRANGER_SPACE = { name: "spaces/BBBBother", displayName: "Elsewhere", type: "ROOM", spaceType: "SPACE" };

/**
 * Google Chat against two app servers on one database, with a stand-in for
 * Google (token endpoint, Chat's signing keys, the Chat API): the app is
 * added to a space and an owner follows its connect link; a series' round
 * opened ahead by its job is posted there once; three people answer through
 * the dialog and two on their phones in Chromium; the reveal puts all five
 * in the room and in the message's thread; forged, expired, misaddressed
 * and foreign events change nothing; a 429 is waited out without posting
 * twice; /circleup gives a question and Another another; removing the app
 * deletes the installation, as does a 404 while posting.
 */
describe("Google Chat", () => {
  let google: FakeGoogleChat;
  let cluster: Cluster | null = null;
  let chat: ChatCluster | null = null;
  let teamId = "";
  let owner: HttpClient;
  let handle: DatabaseHandle | null = null;
  let browser: Browser | null = null;

  beforeAll(async () => {
    google = await startFakeGoogleChat();
    chat = await startChatCluster(
      "Google Chat across two servers",
      {
        GOOGLE_CHAT_AUDIENCE: AUDIENCE,
        GOOGLE_CHAT_SERVICE_ACCOUNT: google.serviceAccountJson,
        GOOGLE_CHAT_API_URL: google.url,
        GOOGLE_CHAT_CERTS_URL: google.certsUrl,
        GOOGLE_CHAT_TOKEN_URL: google.tokenUrl,
      },
      "198.51.100.20",
    );
    if (!chat) return;
    ({ cluster, teamId, owner } = chat);
    handle = chat.handle;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await chat?.stop();
    await google?.stop();
  });

  const serverUrl = (i: number) => chat?.serverUrl(i) ?? "";

  const rows = async <T>(query: ReturnType<typeof sql>) => (await chat?.rows<T>(query)) ?? [];

  /** An event into CircleUp as Chat sends it: JSON with a bearer token Google signed. */
  async function event(server: number, body: object, token = google.eventToken({ aud: AUDIENCE, email: CHAT_SIGNER })) {
    const response = await fetch(`${serverUrl(server)}/chat/google/events`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "user-agent": "Google-Dynamite",
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & Reply };
  }

  type Button = { text: string; onClick: { openLink?: { url: string }; action?: Action } };
  type Action = { function: string; interaction?: string; parameters: { key: string; value: string }[] };
  type Widget = {
    textParagraph?: { text: string };
    buttonList?: { buttons: Button[] };
    textInput?: { name: string };
    selectionInput?: { name: string; items: { value: string }[] };
  };
  type Card = { card: { sections: { widgets: Widget[] }[] } };
  type Reply = {
    text?: string;
    cardsV2?: Card[];
    privateMessageViewer?: { name: string };
    actionResponse?: {
      type: string;
      dialogAction?: {
        dialog?: { body: { sections: { widgets: Widget[] }[]; fixedFooter: { primaryButton: Button } } };
        actionStatus?: { statusCode: string; userFacingMessage: string };
      };
    };
  };

  const widgetsOf = (cards: Card[] | undefined) =>
    (cards ?? []).flatMap((c) => c.card.sections.flatMap((s) => s.widgets));
  const buttonsOf = (cards: Card[] | undefined) => widgetsOf(cards).flatMap((w) => w.buttonList?.buttons ?? []);
  const paramsOf = (action: Action | undefined) =>
    Object.fromEntries((action?.parameters ?? []).map((p) => [p.key, p.value]));

  const person = (id: number, displayName: string) => ({
    name: `users/${id}`,
    displayName,
    type: "HUMAN",
    domainId: "circle.example",
  });

  function clickAnswer(who: ReturnType<typeof person>, action: Action, space = SPACE) {
    return {
      type: "CARD_CLICKED",
      eventTime: new Date().toISOString(),
      space,
      user: who,
      action: { actionMethodName: action.function, parameters: action.parameters },
      common: { invokedFunction: action.function, parameters: paramsOf(action) },
      isDialogEvent: false,
    };
  }

  function submit(who: ReturnType<typeof person>, send: Action, value: string, space = SPACE) {
    return {
      type: "CARD_CLICKED",
      eventTime: new Date().toISOString(),
      space,
      user: who,
      isDialogEvent: true,
      dialogEventType: "SUBMIT_DIALOG",
      action: { actionMethodName: send.function, parameters: send.parameters },
      common: {
        invokedFunction: send.function,
        parameters: paramsOf(send),
        formInputs: { answer: { stringInputs: { value: [value] } } },
      },
    };
  }

  const answerCount = async () =>
    Number((await rows<{ n: number }>(sql`select count(*)::int as n from live_answers`))[0]?.n);
  const installations = () => rows<{ workspace_id: string; channel_id: string }>(sql`select * from chat_installations`);
  const roundCreates = () => google.done("POST").filter((c) => c.query.messageId?.startsWith("client-round-"));
  const answerAction = (call: ChatApiCall | undefined) =>
    buttonsOf(call?.body.cardsV2 as Card[]).find((b) => b.text === "Answer")?.onClick.action;

  /** The app is added to the space (on one server) and the owner follows its link on the other. */
  async function connect(): Promise<void> {
    if (!cluster) return;
    const added = await event(0, { type: "ADDED_TO_SPACE", space: SPACE, user: person(1, "Olga Owner") });
    expect(added.status).toBe(200);
    const button = buttonsOf(added.body.cardsV2).find((b) => b.text === "Connect to CircleUp");
    const link = new URL(button?.onClick.openLink?.url ?? "");
    expect(link.pathname).toBe("/chat/connect");
    const second = cluster.client(1, "198.51.100.20").shareCookiesWith(owner);
    const page = (await (await second.get(link.pathname + link.search)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Team room");
    const connected = await second.postForm(link.pathname + link.search, { teamId });
    expect(connected.status).toBe(302);
    expect(connected.headers.get("location")).toContain(`/teams/${teamId}/settings?notice=chat-connected`);
  }

  it("answers being added to a space with a connect card, which connects the space to the owner's team", async () => {
    if (!cluster) return;
    await connect();
    expect(await installations()).toMatchObject([{ workspace_id: SPACE.name, channel_id: SPACE.name }]);
    const settings = (await (await owner.get(`/teams/${teamId}/settings`)).text()).replaceAll("<!-- -->", "");
    expect(settings).toContain("Connected to the space <strong>Team room</strong>");
    expect(settings).toContain("Disconnect Google Chat");
  }, 60_000);

  let code = "";
  let answer: Action | undefined;
  let roundMessage = "";

  it("posts the series' round, opened ahead at its time, once, with an Answer button and no answers", async () => {
    if (!cluster || !handle) return;
    const opened = chat ? await openSeriesRoundNow(chat) : "";
    const [posted] = await until(roundCreates, (calls) => calls.length > 0);
    expect(posted?.path).toBe(`/v1/${SPACE.name}/messages`);
    expect(JSON.stringify(posted?.body.cardsV2)).toContain("0 people answered");
    answer = answerAction(posted);
    expect(answer?.interaction).toBe("OPEN_DIALOG");
    expect(Object.keys(paramsOf(answer)).toSorted()).toEqual(["position", "roundId"]);
    roundMessage = `${SPACE.name}/messages/${posted?.query.messageId}`;
    const [round] = await rows<{ code: string; mode: string }>(
      sql`select r.code, q.mode from live_rounds r join live_round_questions q on q.round_id = r.id and q.position = 0
          where r.id = ${paramsOf(answer).roundId ?? null}`,
    );
    expect(round?.mode).toBe("text");
    // The message's Answer is the round the series opened.
    expect(round?.code).toBe(opened);
    code = opened;
  }, 60_000);

  const words = ["sunny", "calm", "busy", "tired", "ready"];
  const answerText = (i: number) => `${words[i]} start to the week`;
  const chatPeople = [person(101, "Ana Lima"), person(102, "Ben Okafor"), person(103, "Cai Wen")];

  /** Clicks Answer as `who` and answers the dialog Chat was told to open. */
  async function answerInDialog(who: ReturnType<typeof person>, text: string, servers: [number, number]) {
    const opened = await event(servers[0], clickAnswer(who, answer as Action));
    expect(opened.status).toBe(200);
    expect(opened.body.actionResponse?.type).toBe("DIALOG");
    const dialog = opened.body.actionResponse?.dialogAction?.dialog?.body;
    expect(dialog?.sections.flatMap((s) => s.widgets).some((w) => w.textInput?.name === "answer")).toBe(true);
    const send = dialog?.fixedFooter.primaryButton.onClick.action as Action;
    return event(servers[1], submit(who, send, text));
  }

  it("takes three answers through Chat's dialog and two from phones in Chromium, into the same round", async () => {
    if (!cluster) return;
    for (const [i, who] of chatPeople.entries()) {
      const sent = await answerInDialog(who, answerText(i), [i % 2, (i + 1) % 2]);
      expect(sent.status).toBe(200);
      expect(sent.body.actionResponse?.dialogAction?.actionStatus).toEqual({
        statusCode: "OK",
        userFacingMessage: "Thanks, your answer is in",
      });
    }
    if (!chromium) throw new Error("Chromium is needed for the phones");
    browser = await launchBrowser(chromium);
    await answerOnPhones(browser, serverUrl(1), code, [
      { name: "Dee", text: answerText(3) },
      { name: "Eli", text: answerText(4) },
    ]);
    const room = await (await owner.get(`/api/v1/rounds/${code}?as=room`)).json();
    expect(room.view.results.answered + room.view.results.hidden).toBe(5);
    const host = await (await owner.get(`/api/v1/rounds/${code}?as=host`)).json();
    expect(host.view.answers.map((a: { name: string }) => a.name).toSorted()).toEqual([
      "Ana Lima",
      "Ben Okafor",
      "Cai Wen",
      "Dee",
      "Eli",
    ]);
    // The message counts them, and shows none of the answers.
    const updates = await until(
      () => google.done("PATCH").filter((c) => c.path === `/v1/${roundMessage}`),
      (calls) => calls.some((c) => JSON.stringify(c.body.cardsV2).includes("5 people answered")),
    );
    expect(updates[0]?.query.updateMask).toBe("text,cardsV2");
    for (const call of updates) for (const word of words) expect(JSON.stringify(call.body)).not.toContain(word);
    // Answering again from Chat replaces the answer: still five.
    expect((await answerInDialog(chatPeople[0] as ReturnType<typeof person>, answerText(0), [1, 0])).status).toBe(200);
    expect(await answerCount()).toBe(5);
  }, 90_000);

  it("shows all five in the room after the reveal and in a reply in the message's thread", async () => {
    if (!cluster) return;
    const revealed = await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    expect(revealed.status).toBe(200);
    const room = JSON.stringify(await (await owner.get(`/api/v1/rounds/${code}?as=room`)).json());
    for (const i of words.keys()) expect(room).toContain(answerText(i));
    const [summary] = await until(
      () => google.done("POST").filter((c) => c.query.messageId?.startsWith("client-summary-")),
      (calls) => calls.length > 0,
    );
    expect(summary?.query.messageReplyOption).toBe("REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD");
    const thread = google.messages.get(roundMessage)?.thread.name;
    expect(summary?.body.thread).toEqual({ name: thread });
    const text = String(summary?.body.text);
    for (const [i, name] of ["Ana Lima", "Ben Okafor", "Cai Wen", "Dee", "Eli"].entries())
      expect(text).toContain(`“${answerText(i)}” (${name})`);
    expect(roundCreates()).toHaveLength(1);
  }, 60_000);

  it("refuses forged, expired, misaddressed and foreign events, changing nothing", async () => {
    if (!cluster) return;
    const before = await answerCount();
    const send: Action = {
      function: "circleup_send",
      parameters: [...(answer?.parameters ?? []), { key: "kind", value: "text" }],
    };
    const eve = person(199, "Eve");
    const valid = google.eventToken({ aud: AUDIENCE, email: CHAT_SIGNER });
    const [head, body] = valid.split(".");
    const forged = `${head}.${body}.${Buffer.from("not Google's signature").toString("base64url")}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = google.eventToken({ aud: AUDIENCE, email: CHAT_SIGNER, iat: now - 7200, exp: now - 3600 });
    const misaddressed = google.eventToken({ aud: "999999999999", email: CHAT_SIGNER });
    const otherIssuer = google.eventToken({ aud: AUDIENCE, iss: "someone@example.iam.gserviceaccount.com" });
    for (const [i, token] of [forged, expired, misaddressed, otherIssuer, "garbage"].entries()) {
      expect((await event(i % 2, submit(eve, send, "sneaky"), token)).status).toBe(401);
    }
    const none = await fetch(`${serverUrl(0)}/chat/google/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(submit(eve, send, "sneaky")),
    });
    expect(none.status).toBe(401);
    // A space that never connected: the answer is refused in the dialog, a command gets the connect card.
    const foreign = await event(1, submit(eve, send, "sneaky", STRANGER_SPACE));
    expect(foreign.body.actionResponse?.dialogAction?.actionStatus?.statusCode).toBe("INVALID_ARGUMENT");
    const asked = await event(0, {
      type: "MESSAGE",
      space: STRANGER_SPACE,
      user: eve,
      message: { text: "/circleup", slashCommand: { commandId: "1" } },
    });
    expect(buttonsOf(asked.body.cardsV2).map((b) => b.text)).toEqual(["Connect to CircleUp"]);
    expect(await answerCount()).toBe(before);
    expect(await rows(sql`select 1 from chat_identities where user_id = 'users/199'`)).toHaveLength(0);
    expect(await installations()).toHaveLength(1);
  }, 60_000);

  it("waits out a 429 and posts the round once", async () => {
    if (!cluster) return;
    google.rateLimitOnce(2);
    const before = roundCreates().length;
    const meeting = await owner.postForm(`/teams/${teamId}`, { intent: "start", seriesId: "" });
    const meetingPath = new URL(meeting.headers.get("location") ?? "", cluster.url).pathname;
    const [question] = await rows<{ id: string }>(
      sql`select id from questions where status = 'published' and format = 'open' and team_id is null order by text limit 1 offset 1`,
    );
    const round = await owner.postForm(meetingPath, { intent: "round", questionIds: question?.id ?? "" });
    expect(round.status).toBe(302);
    const posts = await until(roundCreates, (calls) => calls.length > before);
    const limited = google.calls.find((c) => c.method === "POST" && c.status === 429);
    expect(limited?.query.messageId).toBe(posts.at(-1)?.query.messageId);
    expect((posts.at(-1)?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(2000);
    // One answer later the message is updated, never posted again.
    answer = answerAction(posts.at(-1));
    roundMessage = `${SPACE.name}/messages/${posts.at(-1)?.query.messageId}`;
    expect((await answerInDialog(person(104, "Fin"), "fine", [0, 1])).status).toBe(200);
    await until(
      () => google.done("PATCH").filter((c) => c.path === `/v1/${roundMessage}`),
      (calls) => calls.some((c) => JSON.stringify(c.body.cardsV2).includes("1 person answered")),
    );
    expect(roundCreates()).toHaveLength(before + 1);
    expect(google.calls.filter((c) => c.status === 409)).toHaveLength(0);
  }, 60_000);

  it("gives a private question for the moment with /circleup, and another with Another", async () => {
    if (!cluster) return;
    const ana = chatPeople[0] as ReturnType<typeof person>;
    const asked = await event(0, {
      type: "MESSAGE",
      space: SPACE,
      user: ana,
      message: { text: "/circleup", argumentText: "", slashCommand: { commandId: "1" } },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.privateMessageViewer).toEqual({ name: ana.name });
    const buttons = buttonsOf(asked.body.cardsV2);
    expect(buttons.map((b) => b.text)).toEqual(["Another", "Start a round"]);
    expect(buttons[1]?.onClick.openLink?.url).toMatch(/\/q\/[0-9a-f-]{36}\?start=round$/);
    const another = buttons[0]?.onClick.action as Action;
    const clicked = await event(1, {
      type: "CARD_CLICKED",
      space: SPACE,
      user: ana,
      action: { actionMethodName: another.function, parameters: another.parameters },
      common: { invokedFunction: another.function, parameters: paramsOf(another) },
    });
    expect(clicked.body.actionResponse?.type).toBe("UPDATE_MESSAGE");
    expect(clicked.body.text).toBeTruthy();
    expect(clicked.body.text).not.toBe(asked.body.text);
  }, 60_000);

  it("deletes the installation when the app is removed from the space, or Chat says it is gone while posting", async () => {
    if (!cluster) return;
    const removed = await event(1, { type: "REMOVED_FROM_SPACE", space: SPACE, user: person(1, "Olga Owner") });
    expect(removed.status).toBe(200);
    expect(await installations()).toHaveLength(0);
    const before = await answerCount();
    const send: Action = {
      function: "circleup_send",
      parameters: [...(answer?.parameters ?? []), { key: "kind", value: "text" }],
    };
    const late = await event(0, submit(person(105, "Gus"), send, "too late"));
    expect(late.body.actionResponse?.dialogAction?.actionStatus?.statusCode).toBe("INVALID_ARGUMENT");
    expect(await answerCount()).toBe(before);
    const page = await (await owner.get(`/teams/${teamId}/settings`)).text();
    expect(page).toContain("add the CircleUp app to the space");

    // Connected again, then removed while Chat was not telling: the next post's 404 deletes it.
    await connect();
    google.remove(SPACE.name);
    const meeting = await owner.postForm(`/teams/${teamId}`, { intent: "start", seriesId: "" });
    const meetingPath = new URL(meeting.headers.get("location") ?? "", cluster.url).pathname;
    const [question] = await rows<{ id: string }>(
      sql`select id from questions where status = 'published' and format = 'open' and team_id is null order by text limit 1 offset 2`,
    );
    await owner.postForm(meetingPath, { intent: "round", questionIds: question?.id ?? "" });
    await until(installations, (found) => found.length === 0);
    expect(google.calls.some((c) => c.method === "POST" && c.status === 404)).toBe(true);
  }, 60_000);
});
