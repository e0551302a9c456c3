import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { launchBrowser, testChromiumPath } from "../support/browser";
import { type ChatCluster, openSeriesRoundNow, startChatCluster, until } from "../support/chat-cluster";
import type { Cluster } from "../support/cluster";
import {
  DISCORD_CHANNEL,
  DISCORD_GUILD,
  DISCORD_INSTALLER,
  type DiscordCall,
  type FakeDiscord,
  sendSignedToApp,
  startFakeDiscord,
} from "../support/fake-discord";
import type { HttpClient } from "../support/http-client";
import { answerOnPhones } from "../support/phones";

const APPLICATION_ID = "800000000000000001";
const chromium = testChromiumPath();

/**
 * Discord against two app servers on one database, with a stand-in for
 * Discord's REST API and OAuth2 page: an owner connects the team's server
 * (the channel comes with the webhook Discord hands out); a series' round
 * opening ahead of its meeting is posted there once; three people answer
 * in Discord's modal and two on their phones in Chromium, in the same
 * round; the reveal puts all five in the summary; forged, stale and foreign
 * interactions change nothing; a 429 is waited out without posting twice;
 * /circleup gives a question and Another another; a deleted webhook and a
 * deauthorization delete the installation.
 */
describe("Discord", () => {
  let discord: FakeDiscord;
  let cluster: Cluster | null = null;
  let chat: ChatCluster | null = null;
  let teamId = "";
  let owner: HttpClient;
  let handle: DatabaseHandle | null = null;

  beforeAll(async () => {
    discord = await startFakeDiscord();
    chat = await startChatCluster(
      "Discord across two servers",
      {
        DISCORD_APPLICATION_ID: APPLICATION_ID,
        DISCORD_PUBLIC_KEY: discord.publicKey,
        DISCORD_CLIENT_SECRET: "discord-client-secret",
        DISCORD_API_URL: discord.apiUrl,
      },
      "198.51.100.20",
    );
    if (!chat) return;
    ({ cluster, teamId, owner } = chat);
    handle = chat.handle;
  }, 180_000);
  afterAll(async () => {
    await chat?.stop();
    await discord?.stop();
  });

  const serverUrl = (i: number) => chat?.serverUrl(i) ?? "";

  const rows = async <T>(query: ReturnType<typeof sql>) => (await chat?.rows<T>(query)) ?? [];

  type Person = { id: string; username: string; global_name: string | null; nick?: string | null };
  const people: Person[] = [
    { id: "930000000000000001", username: "ana_k", global_name: "Ana", nick: "Ana (design)" },
    { id: "930000000000000002", username: "ben_w", global_name: "Ben" },
    { id: "930000000000000003", username: "cai", global_name: null },
  ];
  const shownName = (p: Person) => p.nick ?? p.global_name ?? p.username;

  function interaction(type: number, who: Person, data: object, guild = DISCORD_GUILD.id) {
    return {
      id: `94${Math.floor(Math.random() * 1e15)}`,
      application_id: APPLICATION_ID,
      type,
      token: "interaction-token",
      version: 1,
      guild_id: guild,
      channel_id: DISCORD_CHANNEL,
      member: {
        user: { id: who.id, username: who.username, global_name: who.global_name, discriminator: "0" },
        nick: who.nick ?? null,
        roles: [],
      },
      data,
    };
  }

  const interact = (server: number, payload: object, options: { timestamp?: number; signature?: string } = {}) =>
    sendSignedToApp(`${serverUrl(server)}/chat/discord/interactions`, discord, payload, options);

  const answerCount = async () =>
    Number((await rows<{ n: number }>(sql`select count(*)::int as n from live_answers`))[0]?.n);
  const installations = () => rows<{ workspace_id: string }>(sql`select workspace_id from chat_installations`);
  /** The custom_id of the Answer button on a posted round's message. */
  const answerButton = (call: DiscordCall | undefined) =>
    ((call?.body.components ?? []) as { components: { custom_id?: string; label?: string }[] }[])
      .flatMap((row) => row.components)
      .find((c) => c.label === "Answer")?.custom_id ?? "";
  const roundPosts = () => discord.posts().filter((c) => answerButton(c) !== "");

  /** "Connect Discord" on the settings page, approved on Discord's page, finished on the other server. */
  async function install(): Promise<void> {
    if (!cluster) return;
    const started = await owner.postForm(`/teams/${teamId}/settings`, { intent: "discord-connect" });
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get("location") ?? "");
    expect(authorize.origin + authorize.pathname).toBe(`${discord.url}/oauth2/authorize`);
    expect(authorize.searchParams.get("scope")).toContain("webhook.incoming");
    expect(authorize.searchParams.get("client_id")).toBe(APPLICATION_ID);
    const approved = await fetch(authorize, { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    expect(back.pathname).toBe("/chat/discord/oauth_redirect");
    // A state that was tampered with is refused.
    const tampered = await cluster.client(1).get(`${back.pathname}?code=x&state=${back.searchParams.get("state")}x`);
    expect(tampered.status).toBe(400);
    // Discord sends the owner back to the other server: the state is the app secret's, not a server's.
    const second = cluster.client(1, "198.51.100.20").shareCookiesWith(owner);
    const finished = await second.get(back.pathname + back.search);
    expect(finished.status).toBe(303);
    expect(finished.headers.get("location")).toContain(`/teams/${teamId}/settings?notice=discord-connected`);
  }

  it("answers Discord's PING, and connects through OAuth2 with the channel's webhook", async () => {
    if (!cluster) return;
    const ping = await interact(0, { id: "1", application_id: APPLICATION_ID, type: 1, token: "t", version: 1 });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ type: 1 });

    await install();
    const exchange = discord.calls.filter((c) => c.path === "/oauth2/token");
    expect(exchange).toHaveLength(1);
    expect(exchange[0]?.body.grant_type).toBe("authorization_code");
    const [stored] = await rows<{ workspace_id: string; channel_id: string; bot_token_sealed: string }>(
      sql`select workspace_id, channel_id, bot_token_sealed from chat_installations`,
    );
    expect(stored?.workspace_id).toBe(DISCORD_GUILD.id);
    expect(stored?.channel_id).toBe(DISCORD_CHANNEL);
    expect(stored?.bot_token_sealed).not.toContain(discord.webhook.token);
    const page = (await (await owner.get(`/teams/${teamId}/settings`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Circle Works");
    expect(page).toContain(`https://discord.com/channels/${DISCORD_GUILD.id}/${DISCORD_CHANNEL}`);
    expect(page).toContain("Disconnect Discord");
  }, 60_000);

  let code = "";
  let button = "";

  it("posts a series' round at its opening time, once, with an Answer button and no answers", async () => {
    if (!cluster || !handle) return;
    code = chat ? await openSeriesRoundNow(chat) : "";
    const [posted] = await until(roundPosts, (calls) => calls.length > 0);
    expect(posted?.query.get("wait")).toBe("true");
    expect(posted?.path).toBe(`/webhooks/${discord.webhook.id}/${discord.webhook.token}`);
    expect(String(posted?.body.content)).toContain("0 people answered");
    button = answerButton(posted);
    const [round] = await rows<{ mode: string }>(
      sql`select q.mode from live_rounds r join live_round_questions q on q.round_id = r.id and q.position = 0
          where r.code = ${code}`,
    );
    expect(round?.mode).toBe("text");
    expect(button).toContain(":0");
  }, 60_000);

  const words = ["sunny", "calm", "busy", "tired", "ready"];
  const answerText = (i: number) => `${words[i]} start to the week`;

  /** Clicks Answer as `who` and answers the modal Discord opens; returns the submission's reply. */
  async function answerInDiscord(server: number, who: Person, text: string, customId = button) {
    const clicked = await interact(server, interaction(3, who, { custom_id: customId, component_type: 2 }));
    expect(clicked.status).toBe(200);
    const modal = await clicked.json();
    expect(modal.type).toBe(9);
    const components = modal.data.components as { type: number; component?: { type: number; custom_id: string } }[];
    const field = components.find((c) => c.type === 18)?.component;
    expect(field?.type).toBe(4);
    const sent = await interact(
      (server + 1) % 2,
      interaction(5, who, {
        custom_id: modal.data.custom_id,
        components: [
          { type: 10, id: 1 },
          { type: 18, id: 2, component: { type: 4, id: 3, custom_id: field?.custom_id, value: text } },
        ],
      }),
    );
    expect(sent.status).toBe(200);
    return sent.json();
  }

  it("takes three Discord answers through the modal and two from phones into the same round", async () => {
    if (!cluster) return;
    for (const [i, who] of people.entries()) {
      const reply = await answerInDiscord(i % 2, who, answerText(i));
      expect(reply).toMatchObject({ type: 4, data: { content: "Thanks, your answer is in", flags: 64 } });
    }

    // Two people on their phones, on the other server, through the join link.
    if (!chromium) throw new Error("Chromium is needed for the phones");
    const browser = await launchBrowser(chromium);
    try {
      await answerOnPhones(browser, serverUrl(1), code, [
        { name: "Dee", text: answerText(3) },
        { name: "Eli", text: answerText(4) },
      ]);
    } finally {
      await browser.close();
    }

    const host = await (await owner.get(`/api/v1/rounds/${code}?as=host`)).json();
    expect(host.view.results.answered + host.view.results.hidden).toBe(5);
    const names = host.view.answers.map((a: { name: string }) => a.name);
    expect(names.toSorted()).toEqual(["Ana (design)", "Ben", "Dee", "Eli", "cai"].toSorted());

    // The message counts them, and still shows none of the answers.
    const edits = await until(
      () => discord.edits(),
      (calls) => calls.some((c) => String(c.body.content).includes("5 people answered")),
    );
    for (const call of edits) for (const word of words) expect(String(call.body.content)).not.toContain(word);
    // Answering again from Discord replaces the answer: still five.
    await answerInDiscord(1, people[0] as Person, answerText(0));
    expect(await answerCount()).toBe(5);
  }, 90_000);

  it("posts the revealed answers with their names in a summary linked to the round's message", async () => {
    if (!cluster) return;
    const revealed = await owner.postJson(`/api/v1/rounds/${code}/host`, { action: "reveal", position: 0 });
    expect(revealed.status).toBe(200);
    const [summary] = await until(
      () => discord.posts().filter((c) => answerButton(c) === ""),
      (calls) => calls.length > 0,
    );
    const text = String(summary?.body.content);
    const roundMessage = String(
      (await rows<{ id: string }>(sql`select message_id as id from chat_posts where key = 'round'`))[0]?.id,
    );
    expect(text).toContain(`https://discord.com/channels/${DISCORD_GUILD.id}/${DISCORD_CHANNEL}/${roundMessage}`);
    const writers = [...people.map(shownName), "Dee", "Eli"];
    for (const [i, name] of writers.entries()) {
      expect(text).toContain(`“${answerText(i)}” (${name})`);
    }
    expect(roundPosts()).toHaveLength(1);
  }, 60_000);

  it("refuses a forged signature, a stale timestamp and a guild with no installation, changing nothing", async () => {
    if (!cluster) return;
    const before = await answerCount();
    const eve: Person = { id: "930000000000000009", username: "eve", global_name: "Eve" };
    const submit = (guild?: string) =>
      interaction(
        5,
        eve,
        {
          custom_id: button.replace("circleup:answer:", "circleup:answer-form:"),
          components: [{ type: 18, id: 2, component: { type: 4, custom_id: "answer", value: "sneaky" } }],
        },
        guild,
      );
    const now = Math.floor(Date.now() / 1000);
    const other = await startFakeDiscord();
    try {
      const forged = await interact(0, submit(), { signature: other.sign(JSON.stringify(submit()), now) });
      expect(forged.status).toBe(401);
    } finally {
      await other.stop();
    }
    // Signed right, but the signature was made six minutes ago: a replay.
    const stale = await interact(1, submit(), { timestamp: now - 6 * 60 });
    expect(stale.status).toBe(401);
    const foreign = await interact(0, submit("900000000000000002"));
    expect(foreign.status).toBe(401);
    expect(await answerCount()).toBe(before);
    expect(await rows(sql`select 1 from chat_identities where user_id = ${eve.id}`)).toHaveLength(0);
  }, 60_000);

  it("waits out Discord's retry_after on a 429 and posts once", async () => {
    if (!cluster) return;
    discord.rateLimitOnce(2);
    const before = roundPosts().length;
    const meeting = await owner.postForm(`/teams/${teamId}`, { intent: "start", seriesId: "" });
    const meetingPath = new URL(meeting.headers.get("location") ?? "", cluster.url).pathname;
    const [question] = await rows<{ id: string }>(
      sql`select id from questions where status = 'published' and format = 'open' and team_id is null order by text limit 1 offset 1`,
    );
    const round = await owner.postForm(meetingPath, { intent: "round", questionIds: question?.id ?? "" });
    expect(round.status).toBe(302);
    const posts = await until(roundPosts, (calls) => calls.length > before);
    const limited = discord.calls.find((c) => c.status === 429);
    expect(limited).toBeDefined();
    const after = posts.at(-1);
    expect((after?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(2000);
    // Still one post of the round once its count is updated too.
    const fin: Person = { id: "930000000000000004", username: "fin", global_name: "Fin" };
    await answerInDiscord(0, fin, answerText(0), answerButton(after));
    await until(
      () => discord.edits(),
      (calls) => calls.some((c) => String(c.body.content).includes("1 person answered")),
    );
    expect(roundPosts()).toHaveLength(before + 1);
  }, 60_000);

  it("gives a question for the moment with /circleup (registered by the script), and another with Another", async () => {
    if (!cluster) return;
    const script = path.resolve(import.meta.dirname, "../../scripts/discord-register-commands.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: {
        ...process.env,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
        DISCORD_CLIENT_SECRET: "discord-client-secret",
        DISCORD_API_URL: discord.apiUrl,
      },
    });
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ name: "circleup" })]);
    const put = discord.calls.find((c) => c.method === "PUT");
    expect(put?.path).toBe(`/applications/${APPLICATION_ID}/commands`);

    const asked = await interact(
      0,
      interaction(2, people[1] as Person, { id: "950000000000000001", name: "circleup", type: 1 }),
    );
    expect(asked.status).toBe(200);
    const first = await asked.json();
    expect(first.type).toBe(4);
    expect(first.data.flags).toBe(64);
    expect(first.data.content.length).toBeGreaterThan(5);
    const buttons = first.data.components[0].components as { label: string; custom_id?: string; url?: string }[];
    expect(buttons.find((b) => b.label === "Start a round")?.url).toMatch(/\/q\/[0-9a-f-]{36}\?start=round$/);
    const another = buttons.find((b) => b.label === "Another")?.custom_id ?? "";
    const clicked = await interact(1, interaction(3, people[1] as Person, { custom_id: another, component_type: 2 }));
    expect(clicked.status).toBe(200);
    const next = await clicked.json();
    expect(next.type).toBe(7);
    expect(next.data.content).not.toBe(first.data.content);
  }, 60_000);

  it("deletes the installation when its webhook is gone or the installer deauthorizes the app", async () => {
    if (!cluster) return;
    // The webhook was deleted in Discord: the next update finds it gone and the installation goes.
    discord.deleteWebhook();
    const gus: Person = { id: "930000000000000005", username: "gus", global_name: "Gus" };
    const [latest] = await rows<{ code: string }>(sql`select code from live_rounds order by created_at desc limit 1`);
    const open = roundPosts().at(-1);
    expect(latest?.code).toBeTruthy();
    await answerInDiscord(1, gus, answerText(1), answerButton(open));
    await until(installations, (found) => found.length === 0);
    const before = await answerCount();
    const late = await interact(0, interaction(3, gus, { custom_id: answerButton(open), component_type: 2 }));
    expect(late.status).toBe(401);
    expect(await answerCount()).toBe(before);

    // Connected again, then the installer removes the app from their authorized apps.
    await install();
    expect(await installations()).toHaveLength(1);
    const event = {
      version: 1,
      application_id: APPLICATION_ID,
      type: 1,
      event: {
        type: "APPLICATION_DEAUTHORIZED",
        timestamp: new Date().toISOString(),
        data: { user: { id: DISCORD_INSTALLER, username: "owner" } },
      },
    };
    const forged = await sendSignedToApp(`${serverUrl(0)}/chat/discord/events`, discord, event, {
      signature: "00".repeat(64),
    });
    expect(forged.status).toBe(401);
    expect(await installations()).toHaveLength(1);
    const told = await sendSignedToApp(`${serverUrl(1)}/chat/discord/events`, discord, event);
    expect(told.status).toBe(204);
    expect(await installations()).toHaveLength(0);
    const page = await (await owner.get(`/teams/${teamId}/settings`)).text();
    expect(page).toContain("Connect Discord");
  }, 60_000);
});
