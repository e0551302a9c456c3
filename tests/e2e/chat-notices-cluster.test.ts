import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import type { JobName, JobQueue } from "~/domain/jobs/queue.server";
import { type ChatCluster, startChatCluster } from "../support/chat-cluster";
import type { Cluster } from "../support/cluster";
import {
  type FakeSlack,
  SLACK_WORKSPACE,
  type SlackCall,
  sendSignedToApp,
  startFakeSlack,
} from "../support/fake-slack";
import type { HttpClient } from "../support/http-client";
import { startJobQueue } from "../support/jobs";
import { onTeamClock } from "../support/teams";

const SIGNING_SECRET = "slack-signing-secret-of-the-notices";

/**
 * A team's chat notices on two app servers sharing one database, with a
 * stand-in for Slack: a series' reminder waits for its time (the test makes
 * its job due) and is then posted to the channel once and sent by direct
 * message to the person who asked with /circleup remind, however often the
 * job runs, and while the meeting's round takes answers ahead it says how
 * many answered (never what) with the join link; the question of the day
 * goes out on a weekday, not on a
 * Saturday, once a day, and not the same question the next weekday.
 */
describe("chat notices", () => {
  let slack: FakeSlack;
  let cluster: Cluster | null = null;
  let chat: ChatCluster | null = null;
  let handle: DatabaseHandle;
  let queue: JobQueue;
  let teamId = "";
  let owner: HttpClient;

  beforeAll(async () => {
    slack = await startFakeSlack();
    chat = await startChatCluster(
      "chat notices across two servers",
      {
        SLACK_CLIENT_ID: "1111.2222",
        SLACK_CLIENT_SECRET: "slack-client-secret",
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.apiUrl,
      },
      "198.51.100.40",
    );
    if (!chat) return;
    ({ cluster, teamId, owner } = chat);
    handle = chat.handle;
    // Only queues: the servers run what the test makes due.
    queue = await startJobQueue(handle);
    // Connect Slack from the settings page (the stand-in approves at once) and pick the channel.
    const started = await owner.postForm(`/teams/${teamId}/settings`, { intent: "slack-connect" });
    const authorize = new URL(started.headers.get("location") ?? "");
    expect(authorize.searchParams.get("scope")).toContain("im:write");
    const back = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location") ?? "");
    expect((await owner.get(back.pathname + back.search)).status).toBe(303);
    const picked = await owner.postForm(`/teams/${teamId}/settings`, {
      intent: "slack-channel",
      channelId: "C0ROUNDS",
    });
    expect(picked.status).toBe(302);
  }, 180_000);
  afterAll(async () => {
    await queue?.stop();
    await chat?.stop();
    await slack?.stop();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Runs the job now: its copy under a key of its own, so the queue's one-per-key rule does not hide a second run. */
  async function runNow(name: JobName, payload: Record<string, string>, copy: string): Promise<void> {
    await queue.send(handle.db, name, [payload as never], {
      startAfter: new Date(Date.now() - 60_000),
      singletonKey: `test-${copy}`,
    });
    await expect
      .poll(
        async () =>
          (
            await rows<{ state: string }>(
              sql`select state::text as state from pgboss.job where name = ${name} and singleton_key = ${`test-${copy}`}`,
            )
          )[0]?.state,
        { timeout: 30_000, message: `${name} ran` },
      )
      .toBe("completed");
  }

  const posts = (match: (call: SlackCall) => boolean) => slack.done("chat.postMessage").filter(match);
  const textOf = (call: SlackCall | undefined) => String(call?.body.text ?? "");
  const linkOf = (call: SlackCall | undefined) =>
    ((call?.body.blocks ?? []) as { elements?: { url?: string; text?: { text: string } }[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.url);

  function command(text: string, user: string) {
    const body = new URLSearchParams({
      command: "/circleup",
      text,
      team_id: SLACK_WORKSPACE.id,
      team_domain: "circle",
      channel_id: "C0GENERAL",
      user_id: user,
      user_name: user.toLowerCase(),
      response_url: `${slack.url}/response/command`,
      trigger_id: "trigger-command",
      api_app_id: "A0CIRCLE",
    }).toString();
    return sendSignedToApp(`${cluster?.servers[1]?.url}/chat/slack/commands`, SIGNING_SECRET, body, {
      contentType: "application/x-www-form-urlencoded",
    });
  }

  it("lets a Slack user ask for reminders by direct message with /circleup remind, and stop", async (context) => {
    if (!cluster) return context.skip();
    for (const [user, on] of [
      ["U0ANA", true],
      ["U0BEN", true],
      ["U0BEN", false],
    ] as const) {
      const answered = await command("remind", user);
      expect(answered.status).toBe(200);
      const reply = await answered.json();
      expect(reply.response_type).toBe("ephemeral");
      expect(reply.text).toContain(on ? "by direct message. Send /circleup remind again" : "no longer get");
    }
    expect(await rows(sql`select user_id, workspace_id from chat_reminder_opt_ins where team_id = ${teamId}`)).toEqual([
      { user_id: "U0ANA", workspace_id: SLACK_WORKSPACE.id },
    ]);
  });

  let reminder = { seriesId: "", meetingAt: "" };

  /** Creates a weekly series from its form, meeting three hours from now on the team's clock, reminding an hour before. */
  async function newSeries(name: string, opensAhead: string): Promise<string> {
    const { weekday, timeOfDay } = onTeamClock(new Date(Date.now() + 3 * 3_600_000));
    const created = await owner.postForm(`/teams/${teamId}/series/new`, {
      name,
      category: "any",
      meetingContext: "check-in",
      questionStyle: "playful",
      engagementLevel: "quick",
      cadence: "weekly",
      weekday: String(weekday),
      timeOfDay,
      opensAhead,
      reminder: "hour-before",
    });
    expect(created.status).toBe(302);
    return new URL(created.headers.get("location") ?? "", cluster?.url).pathname.split("/").at(-1) ?? "";
  }

  it("posts a series' reminder at its time, once, to the channel and by direct message", async (context) => {
    if (!cluster) return context.skip();
    const form = await (await owner.get(`/teams/${teamId}/series/new`)).text();
    expect(form).toContain('name="reminder"');
    // A meeting three hours from now on the team's clock (Berlin): its reminder, an hour before, is two hours away.
    await newSeries("Design sync", "no");
    const [waiting] = await rows<{ data: typeof reminder; startAfter: string }>(
      sql`select data, start_after as "startAfter" from pgboss.job where name = 'chat.reminder' and state = 'created'`,
    );
    reminder = waiting?.data ?? reminder;
    const due = new Date(waiting?.startAfter ?? 0).getTime();
    expect(due).toBe(new Date(reminder.meetingAt).getTime() - 3_600_000);
    expect(due).toBeGreaterThan(Date.now() + 3_600_000);
    const isReminder = (c: SlackCall) => textOf(c).startsWith("Reminder:");
    expect(posts(isReminder)).toHaveLength(0);

    // Its time comes: the job is due now.
    await handle.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'chat.reminder' and state = 'created'`,
    );
    await expect.poll(() => posts(isReminder).length, { timeout: 30_000 }).toBe(2);
    const [channel] = posts((c) => isReminder(c) && c.body.channel === "C0ROUNDS");
    expect(textOf(channel)).toContain("Design sync");
    expect(textOf(channel)).toContain("Berlin time");
    expect(linkOf(channel)?.url).toContain(`/teams/${teamId}/series/${reminder.seriesId}`);
    expect(slack.done("conversations.open").map((c) => c.body.users)).toEqual(["U0ANA"]);
    const [direct] = posts((c) => isReminder(c) && c.body.channel === "DU0ANA");
    expect(textOf(direct)).toBe(textOf(channel));
    // The next week's reminder waits for its time.
    const next = await rows<{ meetingAt: string }>(
      sql`select data->>'meetingAt' as "meetingAt" from pgboss.job where name = 'chat.reminder' and state = 'created'`,
    );
    expect(next).toEqual([
      { meetingAt: new Date(new Date(reminder.meetingAt).getTime() + 7 * 86_400_000).toISOString() },
    ]);
  }, 60_000);

  it("does not post a reminder twice when its job runs again", async (context) => {
    if (!cluster) return context.skip();
    await runNow("chat.reminder", reminder, "reminder-again");
    await runNow("chat.reminder", reminder, "reminder-third");
    expect(posts((c) => textOf(c).startsWith("Reminder:"))).toHaveLength(2);
    expect(slack.done("conversations.open")).toHaveLength(1);
  }, 60_000);

  it("says in the reminder that answers are open and how many answered, never what, with the join link", async (context) => {
    if (!cluster) return context.skip();
    // Answers open four hours before: already, so the servers open the round now.
    const seriesId = await newSeries("Planning", "hours-before");
    const roundCode = async () =>
      (
        await rows<{ code: string }>(
          sql`select r.code from team_meetings m join live_rounds r on r.id = m.live_round_id where m.series_id = ${seriesId}`,
        )
      )[0]?.code;
    await expect.poll(roundCode, { timeout: 30_000, message: "the round opened ahead" }).toBeTruthy();
    const code = (await roundCode()) ?? "";
    const phone = cluster.client(0, "198.51.100.41");
    const joined = await phone.postJson(`/api/v1/rounds/${code}/join`, { name: "Dee" });
    expect(joined.status).toBe(201);
    const { view } = (await joined.json()) as { view: { position: number; questions: { mode: string }[] } };
    const mode = view.questions[view.position]?.mode;
    const answer = mode === "scale" || mode === "pick" ? { choice: 0 } : { text: "Secretly sleepy" };
    expect((await phone.postJson(`/api/v1/rounds/${code}/answer`, { position: view.position, ...answer })).status).toBe(
      200,
    );

    await handle.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'chat.reminder' and state = 'created' and data->>'seriesId' = ${seriesId}`,
    );
    const isPlanning = (c: SlackCall) => textOf(c).startsWith("Reminder: Planning");
    await expect.poll(() => posts(isPlanning).length, { timeout: 30_000 }).toBe(2);
    const [channel] = posts((c) => isPlanning(c) && c.body.channel === "C0ROUNDS");
    expect(textOf(channel)).toContain("Answers are open: 1 person has answered so far.");
    expect(JSON.stringify(channel?.body)).not.toContain("Secretly sleepy");
    expect(linkOf(channel)?.text?.text).toBe("Answer now");
    expect(linkOf(channel)?.url).toMatch(new RegExp(`/live/${code}$`));
  }, 60_000);

  it("posts the question of the day on a weekday, not on a Saturday, once a day, another the next weekday", async (context) => {
    if (!cluster) return context.skip();
    const page = await (await owner.get(`/teams/${teamId}/settings`)).text();
    expect(page).toContain("Question of the day");
    const saved = await owner.postForm(`/teams/${teamId}/settings`, {
      intent: "question-of-day",
      enabled: "on",
      time: "09:00",
    });
    expect(saved.status).toBe(302);
    expect(await rows(sql`select question_of_day_at from teams where id = ${teamId}`)).toEqual([
      { question_of_day_at: "09:00" },
    ]);
    const isQuestion = (c: SlackCall) => textOf(c).startsWith("Question of the day:");

    // A Friday and the Saturday after it, a week or two ahead: days still to come on the team's calendar.
    const friday = new Date(Date.now() + 7 * 86_400_000);
    while (friday.getUTCDay() !== 5) friday.setUTCDate(friday.getUTCDate() + 1);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const saturday = new Date(friday.getTime() + 86_400_000);
    const monday = new Date(friday.getTime() + 3 * 86_400_000);

    await runNow("chat.question-of-day", { teamId, day: day(saturday) }, "saturday");
    expect(posts(isQuestion)).toHaveLength(0);

    await runNow("chat.question-of-day", { teamId, day: day(friday) }, "friday");
    await runNow("chat.question-of-day", { teamId, day: day(friday) }, "friday-again");
    const [posted] = posts(isQuestion);
    expect(posts(isQuestion)).toHaveLength(1);
    expect(posted?.body.channel).toBe("C0ROUNDS");
    const link = linkOf(posted);
    expect(link?.text?.text).toBe("Start a round");
    expect(link?.url).toMatch(/\/q\/[0-9a-f-]{36}$/);

    // Friday's run queued Monday's, at nine on the team's clock.
    const mondays = await rows<{ startAfter: string }>(
      sql`select start_after as "startAfter" from pgboss.job where name = 'chat.question-of-day'
          and data->>'day' = ${day(monday)} and state = 'created'`,
    );
    expect(mondays).toHaveLength(1);
    const nine = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(mondays[0]?.startAfter ?? 0));
    expect(nine).toBe("Monday 09:00");
    await handle.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'chat.question-of-day' and data->>'day' = ${day(monday)} and state = 'created'`,
    );
    await expect.poll(() => posts(isQuestion).length, { timeout: 30_000 }).toBe(2);
    const [first, second] = posts(isQuestion);
    expect(linkOf(second)?.url).not.toBe(linkOf(first)?.url);
    expect(textOf(second)).not.toBe(textOf(first));
  }, 90_000);
});
