import { sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { openDatabase } from "~/db/database.server";
import { launchBrowser } from "../support/browser";
import { type ChatCluster, openSeriesRoundNow, startChatCluster, until } from "../support/chat-cluster";
import type { Cluster } from "../support/cluster";
import { type ConnectorCall, type FakeTeams, startFakeTeams } from "../support/fake-teams";
import type { HttpClient } from "../support/http-client";
import { answerOnPhones } from "../support/phones";

const APP = { appId: "00000000-0000-4000-8000-00000000c1c1", appPassword: "teams-app-password-of-the-tests" };
const TENANT = "72f988bf-0000-4000-8000-0000000000aa";
const TEAMS_TEAM = { id: "19:teamroot@thread.tacv2", name: "Circle Works" };
const CHANNEL = { id: "19:rounds@thread.tacv2", name: "team-rounds" };
const chromium = inject("chromium");

/**
 * Microsoft Teams against two app servers on one database, with a stand-in
 * for the Bot Framework (token endpoint, OpenID keys, connector): the bot is
 * added to a channel and posts its connect card, an owner follows it; a
 * series' round opened ahead of its meeting is posted there once with its
 * answer form; three people answer in the card (signed invokes) and two on their
 * phones in Chromium, all in the same round; the reveal puts the answers in
 * the thread; forged, expired, unknown-key and foreign activities change
 * nothing; a 429 is waited out without posting twice; "question" gives a
 * question and Another another; removing the bot deletes the installation.
 */
describe("Microsoft Teams", () => {
  let teams: FakeTeams;
  let cluster: Cluster | null = null;
  let chat: ChatCluster | null = null;
  let teamId = "";
  let owner: HttpClient;
  let _db: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let browser: Browser | null = null;

  beforeAll(async () => {
    teams = await startFakeTeams(APP);
    chat = await startChatCluster(
      "Microsoft Teams across two servers",
      {
        TEAMS_APP_ID: APP.appId,
        TEAMS_APP_PASSWORD: APP.appPassword,
        TEAMS_OPENID_URL: teams.openIdUrl,
        TEAMS_LOGIN_URL: teams.loginUrl,
      },
      "198.51.100.40",
    );
    if (!chat) return;
    ({ cluster, teamId, owner } = chat);
    _db = chat.handle;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await chat?.stop();
    await teams?.stop();
  });

  const serverUrl = (i: number) => chat?.serverUrl(i) ?? "";

  const rows = async <T>(query: ReturnType<typeof sql>) => (await chat?.rows<T>(query)) ?? [];

  type Person = { id: string; name: string; aadObjectId: string };
  const person = (n: number, name: string): Person => ({
    id: `29:teams-user-${n}`,
    name,
    aadObjectId: `aad-0000-${n}`,
  });

  /** An activity as Teams sends it from the connected channel (or another team and tenant). */
  function activity(fields: Record<string, unknown>, where: { tenant?: string; team?: string; channel?: string } = {}) {
    const tenant = where.tenant ?? TENANT;
    const team = where.team ?? TEAMS_TEAM.id;
    const channel = where.channel ?? CHANNEL.id;
    return {
      id: `act-${Math.random().toString(36).slice(2)}`,
      timestamp: new Date().toISOString(),
      channelId: "msteams",
      serviceUrl: teams.serviceUrl,
      from: person(9, "Ana Owner"),
      conversation: { id: channel, conversationType: "channel", isGroup: true, tenantId: tenant },
      recipient: { id: `28:${APP.appId}`, name: "CircleUp" },
      channelData: {
        tenant: { id: tenant },
        team: { id: team, name: TEAMS_TEAM.name },
        channel: { id: channel, name: channel === CHANNEL.id ? CHANNEL.name : undefined },
      },
      ...fields,
    };
  }

  /** Sends an activity into CircleUp as the Bot Framework does: a JSON POST with its signed JWT. */
  function deliver(server: number, body: object, token = teams.activityToken({ appId: APP.appId })) {
    return fetch(`${serverUrl(server)}/chat/teams/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }

  /** Presses the round card's Send as `who` with this value (Action.Execute: an adaptiveCard/action invoke). */
  function send(server: number, who: Person, data: object, where: Parameters<typeof activity>[1] = {}) {
    return deliver(
      server,
      activity(
        {
          type: "invoke",
          name: "adaptiveCard/action",
          from: who,
          value: { action: { type: "Action.Execute", verb: "circleup.answer", data }, trigger: "manual" },
        },
        where,
      ),
    );
  }

  type Card = { body: { type: string; text?: string; id?: string }[]; actions?: Record<string, unknown>[] };
  const cardOf = (call: ConnectorCall | undefined) =>
    ((call?.body.attachments as { content: Card }[] | undefined)?.[0]?.content ?? { body: [] }) as Card;
  const cardText = (card: Card) => JSON.stringify(card.body);
  const sendData = (card: Card) =>
    (card.actions?.find((a) => a.title === "Send")?.data ?? {}) as { roundId?: string; position?: number };
  const roundPosts = () =>
    teams.done("POST").filter((c) => c.conversationId === CHANNEL.id && cardText(cardOf(c)).includes("answered"));
  const answerCount = async () =>
    Number((await rows<{ n: number }>(sql`select count(*)::int as n from live_answers`))[0]?.n);
  const installations = () => rows(sql`select 1 from chat_installations where platform = 'teams'`);

  /** The bot is added to the channel: it answers with the connect card, whose link an owner follows. */
  async function connect(): Promise<void> {
    if (!cluster) return;
    const before = teams.done("POST").length;
    const added = await deliver(
      0,
      activity({
        type: "conversationUpdate",
        membersAdded: [{ id: `28:${APP.appId}` }],
      }),
    );
    expect(added.status).toBe(200);
    const [card] = teams.done("POST").slice(before);
    expect(card?.conversationId).toBe(CHANNEL.id);
    const button = cardOf(card).actions?.find((a) => a.title === "Connect to CircleUp");
    const link = new URL(String(button?.url));
    expect(link.pathname).toBe("/chat/connect");
    // The owner follows it on the other server: the link is sealed with the shared key, not a server's.
    const second = cluster.client(1, "198.51.100.40").shareCookiesWith(owner);
    const page = (await (await second.get(link.pathname + link.search)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Platform team");
    const connected = await second.postForm(link.pathname + link.search, { teamId });
    expect(connected.status).toBe(302);
    expect(connected.headers.get("location")).toContain(`/teams/${teamId}/settings?notice=chat-connected`);
  }

  it("posts a connect card when added to a channel, and an owner's click connects the team", async () => {
    if (!cluster) return;
    await connect();
    const [stored] = await rows<{ workspace_id: string; channel_id: string; bot_token_sealed: string }>(
      sql`select workspace_id, channel_id, bot_token_sealed from chat_installations where platform = 'teams'`,
    );
    expect(stored?.workspace_id).toBe(TEAMS_TEAM.id);
    expect(stored?.channel_id).toBe(CHANNEL.id);
    expect(stored?.bot_token_sealed).not.toContain("serviceUrl");
    const page = (await (await owner.get(`/teams/${teamId}/settings`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Microsoft Teams");
    expect(page).toContain(CHANNEL.name);
    expect(page).toContain("Disconnect Microsoft Teams");
    // The bot's own token came from the stand-in's token endpoint, with the app's password.
    expect(teams.tokensIssued()).toBeGreaterThan(0);
  }, 60_000);

  let code = "";
  let target: { roundId?: string; position?: number } = {};
  let rounds = 0;

  /** Starts a meeting and its team round of one free-text question (a new one each time), as the host does. */
  async function startRound(options: { anonymous?: boolean } = {}): Promise<string> {
    const meeting = await owner.postForm(`/teams/${teamId}`, { intent: "start", seriesId: "" });
    const meetingPath = new URL(meeting.headers.get("location") ?? "", cluster?.url).pathname;
    const [question] = await rows<{ id: string }>(
      sql`select id from questions where status = 'published' and format = 'open' and team_id is null order by text limit 1 offset ${rounds++}`,
    );
    const round = await owner.postForm(meetingPath, {
      intent: "round",
      questionIds: question?.id ?? "",
      ...(options.anonymous ? { anonymous: "on" } : {}),
    });
    const started = /\/live\/([A-Z0-9]{6})\/host$/.exec(round.headers.get("location") ?? "")?.[1] ?? "";
    expect(started).not.toBe("");
    return started;
  }

  it("posts a series' round at its opening, once, with the question, its count and the answer form in the card", async () => {
    if (!cluster) return;
    code = chat ? await openSeriesRoundNow(chat) : "";
    const [posted] = await until(roundPosts, (calls) => calls.length > 0);
    const card = cardOf(posted);
    expect(cardText(card)).toContain("0 people answered");
    expect(card.body.some((e) => e.type === "Input.Text")).toBe(true);
    target = sendData(card);
    expect(target.roundId).toMatch(/^[0-9a-f-]{36}$/);
    expect(target.position).toBe(0);
    const [round] = await rows<{ id: string }>(sql`select id from live_rounds where code = ${code}`);
    expect(target.roundId).toBe(round?.id);
  }, 60_000);

  const words = ["sunny", "calm", "busy", "tired", "ready"];
  const answerText = (i: number) => `${words[i]} start to the week`;
  const teamsPeople = [person(1, "Ana Teams"), person(2, "Ben Teams"), person(3, "Cai Teams")];

  async function phoneAnswers(): Promise<void> {
    if (!cluster) return;
    if (!chromium) throw new Error("Chromium is needed for the phones");
    browser ??= await launchBrowser(chromium);
    await answerOnPhones(browser, serverUrl(1), code, [
      { name: "Dee", text: answerText(3) },
      { name: "Eli", text: answerText(4) },
    ]);
  }

  it("takes three answers from the card and two from phones into the same round", async () => {
    if (!cluster) return;
    for (const [i, who] of teamsPeople.entries()) {
      const sent = await send(i % 2, who, { ...target, verb: "circleup.answer", answerText: answerText(i) });
      expect(sent.status).toBe(200);
      const reply = await sent.json();
      expect(reply.type).toBe("application/vnd.microsoft.card.adaptive");
      expect(JSON.stringify(reply.value)).toContain("Thanks, your answer is in");
    }
    await phoneAnswers();
    const host = await (await owner.get(`/api/v1/rounds/${code}?as=host`)).json();
    expect(host.view.results.answered + host.view.results.hidden).toBe(5);
    expect(host.view.answers.map((a: { name: string }) => a.name).toSorted()).toEqual([
      "Ana Teams",
      "Ben Teams",
      "Cai Teams",
      "Dee",
      "Eli",
    ]);
    // The card counts them, and still shows none of the answers.
    const updates = await until(
      () => teams.done("PUT"),
      (calls) => calls.some((c) => cardText(cardOf(c)).includes("5 people answered")),
    );
    for (const call of updates) for (const word of words) expect(cardText(cardOf(call))).not.toContain(word);
    // An empty answer is refused in the card, with the reason.
    const empty = await send(1, teamsPeople[0] as Person, { ...target, verb: "circleup.answer", answerText: "" });
    expect(JSON.stringify((await empty.json()).value)).not.toContain("Thanks");
    expect(await answerCount()).toBe(5);
  }, 120_000);

  it("puts the revealed answers, with their names, in the round's thread", async () => {
    if (!cluster) return;
    const revealed = await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    expect(revealed.status).toBe(200);
    const roundMessage = roundPosts()[0];
    const [summary] = await until(
      () => teams.done("POST").filter((c) => c.conversationId.startsWith(`${CHANNEL.id};messageid=`)),
      (calls) => calls.length > 0,
    );
    expect(summary?.body.replyToId).toBe(summary?.conversationId.split("=")[1]);
    const text = cardText(cardOf(summary));
    for (const [i, name] of ["Ana Teams", "Ben Teams", "Cai Teams", "Dee", "Eli"].entries()) {
      expect(text).toContain(`“${answerText(i)}” (${name})`);
    }
    expect(roundPosts()).toHaveLength(1);
    expect(roundMessage).toBeDefined();
  }, 60_000);

  it("refuses unsigned, forged, expired, unknown-key and foreign activities, changing nothing", async () => {
    if (!cluster) return;
    const before = await answerCount();
    const body = activity({
      type: "invoke",
      name: "adaptiveCard/action",
      from: person(7, "Eve"),
      value: {
        action: {
          type: "Action.Execute",
          verb: "circleup.answer",
          data: { ...target, verb: "circleup.answer", answerText: "sneaky" },
        },
      },
    });
    const token = teams.activityToken({ appId: APP.appId });
    const forged = `${token.slice(0, token.lastIndexOf(".") + 1)}${Buffer.from("forged").toString("base64url")}`;
    const refusals = [
      await deliver(0, body, ""),
      await deliver(1, body, forged),
      // Replayed after its validity (and the five minutes of clock skew the SDK allows).
      await deliver(0, body, teams.activityToken({ appId: APP.appId, issuedSecondsAgo: 3600, expiresInSeconds: 600 })),
      await deliver(1, body, teams.activityToken({ appId: "another-bot-app-id" })),
      await deliver(0, body, teams.activityToken({ appId: APP.appId, rogueKey: true })),
      await deliver(1, body, teams.activityToken({ appId: APP.appId, serviceUrl: "https://elsewhere.example/" })),
    ];
    expect(refusals.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    // Signed, but from a team and tenant that never connected, or from the connected team under another tenant.
    const foreign = await send(
      0,
      person(7, "Eve"),
      { ...target, verb: "circleup.answer", answerText: "sneaky" },
      {
        tenant: "11111111-0000-4000-8000-000000000000",
        team: "19:strangers@thread.tacv2",
      },
    );
    expect(foreign.status).toBe(403);
    const otherTenant = await send(
      1,
      person(7, "Eve"),
      { ...target, verb: "circleup.answer", answerText: "sneaky" },
      {
        tenant: "11111111-0000-4000-8000-000000000000",
      },
    );
    expect(otherTenant.status).toBe(403);
    expect(await answerCount()).toBe(before);
    expect(await rows(sql`select 1 from chat_identities where user_id = 'aad-0000-7'`)).toHaveLength(0);
  }, 60_000);

  it("waits out the connector's Retry-After on a 429 and posts once; an anonymous round's summary names nobody", async () => {
    if (!cluster) return;
    teams.rateLimitOnce("POST", 2);
    const before = roundPosts().length;
    const anonymousCode = await startRound({ anonymous: true });
    const posts = await until(roundPosts, (calls) => calls.length > before);
    const limited = teams.calls.find((c) => c.status === 429);
    expect(limited).toBeDefined();
    expect(teams.calls.filter((c) => c.status === 429)).toHaveLength(1);
    const after = posts.at(-1);
    expect((after?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(2000);
    // The job waited, not the SDK: the connector client sends each call once.
    expect(cluster.servers.map((s) => s.output()).join("")).toContain("chat platform asked to wait");
    const next = sendData(cardOf(after));
    const sent = await send(0, person(4, "Fin Teams"), { ...next, verb: "circleup.answer", answerText: answerText(0) });
    expect(sent.status).toBe(200);
    await until(
      () => teams.done("PUT"),
      (calls) => calls.some((c) => cardText(cardOf(c)).includes("1 person answered")),
    );
    expect(roundPosts()).toHaveLength(before + 1);
    const summaries = () => teams.done("POST").filter((c) => c.conversationId.includes(";messageid="));
    const summariesBefore = summaries().length;
    const revealed = await owner.postJson(`/api/v1/rounds/${anonymousCode}/host`, { action: "reveal", position: 0 });
    expect(revealed.status).toBe(200);
    const [summary] = (await until(summaries, (calls) => calls.length > summariesBefore)).slice(summariesBefore);
    expect(cardText(cardOf(summary))).toContain(`“${answerText(0)}”`);
    expect(cardText(cardOf(summary))).not.toContain("Fin Teams");
  }, 60_000);

  it("gives a question for the moment for “question”, and another with Another", async () => {
    if (!cluster) return;
    const before = teams.done("POST").length;
    const asked = await deliver(
      1,
      activity({ type: "message", text: "<at>CircleUp</at> question", from: person(1, "Ana Teams") }),
    );
    expect(asked.status).toBe(200);
    const [reply] = teams.done("POST").slice(before);
    const card = cardOf(reply);
    const first = card.body[0]?.text ?? "";
    expect(first.length).toBeGreaterThan(5);
    expect(card.actions?.find((a) => a.title === "Start a round")?.url).toMatch(/\/q\/[0-9a-f-]{36}\?start=round$/);
    const another = card.actions?.find((a) => a.title === "Another");
    const pressed = await deliver(
      0,
      activity({
        type: "invoke",
        name: "adaptiveCard/action",
        from: person(1, "Ana Teams"),
        value: { action: { type: "Action.Execute", verb: "circleup.another", data: another?.data } },
      }),
    );
    expect(pressed.status).toBe(200);
    const next = (await pressed.json()).value as Card;
    expect(next.body[0]?.text).toBeTruthy();
    expect(next.body[0]?.text).not.toBe(first);
  }, 60_000);

  it("deletes the installation when the bot is removed from the team, and refuses the team after", async () => {
    if (!cluster) return;
    expect(await installations()).toHaveLength(1);
    const removed = await deliver(
      1,
      activity({ type: "conversationUpdate", membersRemoved: [{ id: `28:${APP.appId}` }] }, { channel: TEAMS_TEAM.id }),
    );
    expect(removed.status).toBe(200);
    expect(await installations()).toHaveLength(0);
    const before = await answerCount();
    const late = await send(0, teamsPeople[1] as Person, { ...target, verb: "circleup.answer", answerText: "late" });
    expect(late.status).toBe(403);
    expect(await answerCount()).toBe(before);
    const page = await (await owner.get(`/teams/${teamId}/settings`)).text();
    expect(page).toContain("Add the CircleUp app to a channel");
  }, 60_000);
});
