import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { openDatabase } from "~/db/database.server";
import { launchBrowser } from "../support/browser";
import { type ChatCluster, openSeriesRoundNow, startChatCluster, until } from "../support/chat-cluster";
import type { Cluster } from "../support/cluster";
import {
  type FakeSlack,
  SLACK_WORKSPACE,
  type SlackCall,
  sendSignedToApp,
  slackSignature,
  startFakeSlack,
} from "../support/fake-slack";
import type { HttpClient } from "../support/http-client";
import { answerOnPhones } from "../support/phones";

const SIGNING_SECRET = "slack-signing-secret-of-the-tests";
const chromium = inject("chromium");

/**
 * Slack against two app servers on one database, with a stand-in for
 * Slack's Web API and OAuth pages: an owner installs the app and picks a
 * channel; a series' round opened ahead of its meeting is posted there once; three people answer in Slack
 * through the modal and two on their phones, all in the same round; the
 * reveal puts the answers in the thread; forged, stale and foreign requests
 * change nothing; a 429 is waited out without posting twice; /circleup
 * gives a question and Another gives another; uninstalling deletes the token.
 */
describe("Slack", () => {
  let slack: FakeSlack;
  let cluster: Cluster | null = null;
  let chat: ChatCluster | null = null;
  let teamId = "";
  let owner: HttpClient;
  let _db: Awaited<ReturnType<typeof openDatabase>> | null = null;

  beforeAll(async () => {
    slack = await startFakeSlack();
    chat = await startChatCluster(
      "Slack across two servers",
      {
        SLACK_CLIENT_ID: "1111.2222",
        SLACK_CLIENT_SECRET: "slack-client-secret",
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.apiUrl,
      },
      "198.51.100.20",
    );
    if (!chat) return;
    ({ cluster, teamId, owner } = chat);
    _db = chat.handle;
  }, 180_000);
  afterAll(async () => {
    await chat?.stop();
    await slack?.stop();
  });

  const serverUrl = (i: number) => chat?.serverUrl(i) ?? "";

  const rows = async <T>(query: ReturnType<typeof sql>) => (await chat?.rows<T>(query)) ?? [];

  function interact(server: number, payload: object, options: { timestamp?: number; signature?: string } = {}) {
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    return sendSignedToApp(`${serverUrl(server)}/chat/slack/interactivity`, SIGNING_SECRET, body, {
      contentType: "application/x-www-form-urlencoded",
      ...options,
    });
  }

  const person = (id: string, name: string, workspace = SLACK_WORKSPACE.id) => ({
    team: { id: workspace, domain: "circle" },
    user: { id, name, username: name, team_id: workspace },
  });

  /** Clicks Answer on the round's message as `who`, and returns the modal Slack was asked to open. */
  async function openModal(server: number, who: ReturnType<typeof person>, button: string) {
    const before = slack.done("views.open").length;
    const clicked = await interact(server, {
      type: "block_actions",
      ...who,
      api_app_id: "A0CIRCLE",
      trigger_id: `trigger-${who.user.id}`,
      response_url: `${slack.url}/response/${who.user.id}`,
      container: { type: "message" },
      actions: [{ type: "button", action_id: "circleup_answer", block_id: "b", value: button, action_ts: "1" }],
    });
    expect(clicked.status).toBe(200);
    const opened = slack.done("views.open");
    expect(opened.length).toBe(before + 1);
    return opened.at(-1)?.body.view as { private_metadata: string; blocks: { element?: { type: string } }[] };
  }

  function submission(who: ReturnType<typeof person>, view: { private_metadata: string }, value: object) {
    return {
      type: "view_submission",
      ...who,
      api_app_id: "A0CIRCLE",
      view: {
        id: "V0MODAL",
        team_id: who.team.id,
        type: "modal",
        callback_id: "circleup_answer_view",
        private_metadata: view.private_metadata,
        state: { values: { answer: { value } } },
      },
    };
  }

  const answerCount = async () =>
    Number((await rows<{ n: number }>(sql`select count(*)::int as n from live_answers`))[0]?.n);
  /** The Answer button's value on a posted round's message. */
  const answerButton = (call: SlackCall | undefined) =>
    ((call?.body.blocks ?? []) as { elements?: { action_id?: string; value?: string }[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === "circleup_answer")?.value ?? "";
  const roundPosts = (calls: SlackCall[]) => calls.filter((c) => c.method === "chat.postMessage" && !c.body.thread_ts);

  /** "Connect Slack" on the settings page, approved on Slack's page, finished on the other server. */
  async function install(): Promise<void> {
    if (!cluster) return;
    const started = await owner.postForm(`/teams/${teamId}/settings`, { intent: "slack-connect" });
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get("location") ?? "");
    expect(authorize.origin + authorize.pathname).toBe(`${slack.url}/oauth/v2/authorize`);
    expect(authorize.searchParams.get("scope")).toContain("chat:write");
    const approved = await fetch(authorize, { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    // Slack sends the owner back to the other server: the state is the database's and the secret's, not a server's.
    const second = cluster.client(1, "198.51.100.20").shareCookiesWith(owner);
    const finished = await second.get(back.pathname + back.search);
    expect(finished.status).toBe(303);
    expect(finished.headers.get("location")).toContain(`/teams/${teamId}/settings?notice=slack-connected`);
  }

  it("installs through Slack's OAuth from the team's settings and posts to the channel picked", async () => {
    if (!cluster) return;
    await install();
    expect(slack.done("oauth.v2.access")).toHaveLength(1);

    const [stored] = await rows<{ workspace_id: string; bot_token_sealed: string }>(
      sql`select workspace_id, bot_token_sealed from chat_installations`,
    );
    expect(stored?.workspace_id).toBe(SLACK_WORKSPACE.id);
    expect(stored?.bot_token_sealed).not.toContain("xoxb-");

    const page = (await (await owner.get(`/teams/${teamId}/settings`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Circle Works");
    expect(page).toContain("#team-rounds");
    const picked = await owner.postForm(`/teams/${teamId}/settings`, {
      intent: "slack-channel",
      channelId: "C0ROUNDS",
    });
    expect(picked.status).toBe(302);
    const unknown = await owner.postForm(`/teams/${teamId}/settings`, { intent: "slack-channel", channelId: "C0NOPE" });
    expect(unknown.status).toBe(400);
  }, 60_000);

  let code = "";
  let button = "";

  let rounds = 0;

  /** Starts a meeting and its team round of one free-text question (a new one each time). */
  async function startRound(): Promise<string> {
    const meeting = await owner.postForm(`/teams/${teamId}`, { intent: "start", seriesId: "" });
    const meetingPath = new URL(meeting.headers.get("location") ?? "", cluster?.url).pathname;
    const [question] = await rows<{ id: string }>(
      sql`select id from questions where status = 'published' and format = 'open' and team_id is null order by text limit 1 offset ${rounds++}`,
    );
    const round = await owner.postForm(meetingPath, { intent: "round", questionIds: question?.id ?? "" });
    const started = /\/live\/([A-Z0-9]{6})\/host$/.exec(round.headers.get("location") ?? "")?.[1] ?? "";
    expect(started).not.toBe("");
    return started;
  }

  it("posts a series' round at its opening time, once, with an Answer button and no answers", async () => {
    if (!cluster) return;
    code = chat ? await openSeriesRoundNow(chat) : "";
    const [posted] = await until(
      () => roundPosts(slack.done("chat.postMessage")),
      (calls) => calls.length > 0,
    );
    expect(posted?.body.channel).toBe("C0ROUNDS");
    const blocks = JSON.stringify(posted?.body.blocks);
    expect(blocks).toContain("circleup_answer");
    expect(blocks).toContain("0 people answered");
    button = answerButton(posted);
    expect(button).toContain("roundId");
    const [question] = await rows<{ mode: string }>(
      sql`select q.mode from live_round_questions q join live_rounds r on r.id = q.round_id where r.code = ${code} and q.position = 0`,
    );
    expect(question?.mode).toBe("text");
  }, 60_000);

  const words = ["sunny", "calm", "busy", "tired", "ready"];
  const valueFor = (i: number) => ({ type: "plain_text_input", value: `${words[i]} start to the week` });
  const slackPeople = [person("U0ANA", "ana"), person("U0BEN", "ben"), person("U0CAI", "cai")];

  it("takes three Slack answers through the modal and two from phones into the same round", async () => {
    if (!cluster) return;
    for (const [i, who] of slackPeople.entries()) {
      const view = await openModal(i % 2, who, button);
      const input = view.blocks.find((b) => b.element)?.element?.type;
      expect(input).toBe("plain_text_input");
      const sent = await interact((i + 1) % 2, submission(who, view, valueFor(i)));
      expect(sent.status).toBe(200);
      expect(await sent.text()).toBe("");
    }
    // Two people on their phones in Chromium, on the other server, through the join link.
    if (!chromium) throw new Error("Chromium is needed for the phones");
    const browser = await launchBrowser(chromium);
    try {
      await answerOnPhones(browser, serverUrl(1), code, [
        { name: "Dee", text: valueFor(3).value },
        { name: "Eli", text: valueFor(4).value },
      ]);
    } finally {
      await browser.close();
    }
    const host = await (await owner.get(`/api/v1/rounds/${code}?as=host`)).json();
    expect(host.view.results.answered + host.view.results.hidden).toBe(5);
    const names = host.view.answers.map((a: { name: string }) => a.name);
    expect(names.toSorted()).toEqual(["Dee", "Eli", "ana", "ben", "cai"]);

    // The message counts them, and still shows none of the answers.
    const updated = await until(
      () => slack.done("chat.update"),
      (calls) => calls.some((c) => JSON.stringify(c.body.blocks).includes("5 people answered")),
    );
    for (const call of updated)
      for (const word of words) expect(JSON.stringify(call.body.blocks)).not.toContain(`${word}`);
    // Answering again from Slack replaces the answer: still five.
    const again = await openModal(0, slackPeople[0] ?? person("x", "x"), button);
    expect((await interact(1, submission(slackPeople[0] ?? person("x", "x"), again, valueFor(0)))).status).toBe(200);
    expect(await answerCount()).toBe(5);
  }, 60_000);

  it("puts the revealed answers in the message's thread", async () => {
    if (!cluster) return;
    const revealed = await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    expect(revealed.status).toBe(200);
    const [summary] = await until(
      () => slack.done("chat.postMessage").filter((c) => c.body.thread_ts),
      (calls) => calls.length > 0,
    );
    const text = String(summary?.body.text);
    // Each answer with the name its writer gave (Slack's display name, or the phone's).
    for (const [i, name] of ["ana", "ben", "cai", "Dee", "Eli"].entries()) {
      expect(text).toContain(`“${words[i]} start to the week” (${name})`);
    }
    expect(roundPosts(slack.done("chat.postMessage"))).toHaveLength(1);
  }, 60_000);

  it("refuses forged, stale and foreign requests, changing nothing", async () => {
    if (!cluster) return;
    const before = await answerCount();
    const view = { private_metadata: JSON.parse(button) };
    const payload = submission(
      person("U0EVE", "eve"),
      { private_metadata: JSON.stringify(view.private_metadata) },
      valueFor(2),
    );
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const now = Math.floor(Date.now() / 1000);
    const forged = await interact(0, payload, { signature: slackSignature("another-secret", now, body) });
    expect(forged.status).toBe(401);
    const stale = await interact(1, payload, { timestamp: now - 6 * 60 });
    expect(stale.status).toBe(401);
    const foreign = await interact(
      0,
      submission(
        person("U0EVE", "eve", "T0STRANGER"),
        { private_metadata: JSON.stringify(view.private_metadata) },
        valueFor(2),
      ),
    );
    expect(foreign.status).toBe(401);
    expect(await answerCount()).toBe(before);
    expect(await rows(sql`select 1 from chat_identities where user_id = 'U0EVE'`)).toHaveLength(0);
  }, 60_000);

  it("waits out Slack's Retry-After on a 429 and posts once", async () => {
    if (!cluster) return;
    slack.rateLimitOnce("chat.postMessage", 2);
    const before = roundPosts(slack.done("chat.postMessage")).length;
    await startRound();
    const posts = await until(
      () => roundPosts(slack.done("chat.postMessage")),
      (calls) => calls.length > before,
    );
    const limited = slack.calls.find((c) => c.method === "chat.postMessage" && c.status === 429);
    expect(limited).toBeDefined();
    const after = posts.at(-1);
    expect((after?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(2000);
    // Still one post of the round once its count is updated too.
    const button2 = answerButton(after);
    const view = await openModal(0, person("U0FIN", "fin"), button2);
    expect((await interact(1, submission(person("U0FIN", "fin"), view, valueFor(0)))).status).toBe(200);
    await until(
      () => slack.done("chat.update"),
      (calls) => calls.some((c) => JSON.stringify(c.body.blocks).includes("1 person answered")),
    );
    expect(roundPosts(slack.done("chat.postMessage"))).toHaveLength(before + 1);
  }, 60_000);

  it("gives a question for the moment with /circleup, and another with Another", async () => {
    if (!cluster) return;
    const body = new URLSearchParams({
      command: "/circleup",
      text: "",
      team_id: SLACK_WORKSPACE.id,
      team_domain: "circle",
      channel_id: "C0GENERAL",
      user_id: "U0ANA",
      user_name: "ana",
      response_url: `${slack.url}/response/command`,
      trigger_id: "trigger-command",
      api_app_id: "A0CIRCLE",
    }).toString();
    const asked = await sendSignedToApp(`${serverUrl(0)}/chat/slack/commands`, SIGNING_SECRET, body, {
      contentType: "application/x-www-form-urlencoded",
    });
    expect(asked.status).toBe(200);
    const first = await asked.json();
    expect(first.response_type).toBe("ephemeral");
    expect(first.text.length).toBeGreaterThan(5);
    const another = first.blocks[1].elements.find((e: { action_id: string }) => e.action_id === "circleup_another");
    // Start a round leads to the question's page, which offers the live round first.
    const start = first.blocks[1].elements.find((e: { action_id: string }) => e.action_id === "circleup_start_round");
    const offered = await (await fetch(start.url.replace(/^https?:\/\/[^/]+/, serverUrl(0)))).text();
    expect(start.url).toMatch(/\/q\/[0-9a-f-]{36}\?start=round$/);
    expect(offered).toContain("Start a live round");
    const plain = await (await fetch(start.url.replace(/^https?:\/\/[^/]+/, serverUrl(0)).split("?")[0])).text();
    expect(plain).not.toContain("Start a live round");
    const clicked = await interact(1, {
      type: "block_actions",
      ...person("U0ANA", "ana"),
      api_app_id: "A0CIRCLE",
      trigger_id: "trigger-another",
      response_url: `${slack.url}/response/another`,
      container: { type: "message" },
      actions: [{ type: "button", action_id: "circleup_another", block_id: "b", value: another.value, action_ts: "1" }],
    });
    expect(clicked.status).toBe(200);
    const replaced = await until(
      () => slack.responses.filter((r) => r.id === "another"),
      (found) => found.length > 0,
    );
    expect(replaced[0]?.body.replace_original).toBe(true);
    expect(replaced[0]?.body.text).not.toBe(first.text);
  }, 60_000);

  /** Slack tells CircleUp that the workspace is gone for the app, signed as Slack signs. */
  function slackEvent(type: "app_uninstalled" | "tokens_revoked") {
    const event = JSON.stringify({
      token: "unused",
      team_id: SLACK_WORKSPACE.id,
      api_app_id: "A0CIRCLE",
      type: "event_callback",
      event_id: `Ev0${type}`,
      event_time: Math.floor(Date.now() / 1000),
      event: type === "tokens_revoked" ? { type, tokens: { bot: ["U0CIRCLEBOT"] } } : { type },
    });
    return sendSignedToApp(`${serverUrl(1)}/chat/slack/events`, SIGNING_SECRET, event, {
      contentType: "application/json",
    });
  }

  it("deletes the token when its tokens are revoked or the app is uninstalled, and refuses the workspace after", async () => {
    if (!cluster) return;
    for (const type of ["tokens_revoked", "app_uninstalled"] as const) {
      if (type === "app_uninstalled") await install();
      expect(await rows(sql`select 1 from chat_installations`)).toHaveLength(1);
      expect((await slackEvent(type)).status).toBe(200);
      expect(await rows(sql`select 1 from chat_installations`)).toHaveLength(0);
      const before = await answerCount();
      const late = await interact(0, submission(person("U0ANA", "ana"), { private_metadata: button }, valueFor(1)));
      expect(late.status).toBe(401);
      expect(await answerCount()).toBe(before);
    }
    const page = await (await owner.get(`/teams/${teamId}/settings`)).text();
    expect(page).toContain("Connect Slack");
  }, 60_000);
});
