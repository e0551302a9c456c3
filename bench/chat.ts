/**
 * npm run bench:chat — a team round posted in a Slack channel, answered
 * from Slack by a crowd: one production server on a throwaway PostgreSQL,
 * configured with the Slack stand-in of the tests (its Web API and OAuth
 * pages); the team's owner installs the app through the OAuth flow, picks
 * the channel and starts a meeting's round of one free-text question, which
 * the job queue posts. Then CHAT_BENCH_RATE (50) signed view_submission
 * payloads a second for CHAT_BENCH_SECONDS (60) reach
 * /chat/slack/interactivity, each from a Slack user of its own, on an open
 * loop: every answer leaves at its planned time whether or not the earlier
 * ones were acknowledged, and its latency counts from that planned time, so
 * a stall shows as the answers queued behind it.
 *
 * The round takes 3,000 distinct people: LIVE_MAX_PARTICIPANTS is raised to
 * fit them (2,000 by default), and each person answers once, under Slack's
 * per-user limit.
 *
 * It prints the acknowledgements' p50/p95/p99/max, answers acknowledged,
 * refused (Bolt answers 404 to one not acknowledged within Slack's 3 s)
 * and errored, answers lost (acknowledged but missing from the host's
 * pages of answers), whether the count the host's and the room's screens
 * show is the number of answers taken (stored), and the count the
 * channel's message shows after its debounced update (the last
 * chat.update the stand-in got). Goals: every answer acknowledged, ack p99
 * under 500 ms, none lost, the counts right; PASS or FAIL each, and a
 * non-zero exit on any FAIL. BENCH_NODE_OPTIONS reaches the server only
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
 */
import os from "node:os";
import pg from "pg";
import { startCluster } from "../tests/support/cluster";
import { SLACK_WORKSPACE, type SlackCall, sendSignedToApp, startFakeSlack } from "../tests/support/fake-slack";
import type { HttpClient } from "../tests/support/http-client";
import { signIn } from "../tests/support/members";
import { seedTeamWithPersonas, TEAM_PERSONAS } from "../tests/support/teams";
import { countBy, failureOf, percentile } from "./measures";

const RATE = Number(process.env.CHAT_BENCH_RATE ?? 50);
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 60);
const ANSWERS = Math.round(RATE * SECONDS);
const GOALS = { ackP99Ms: 500 };
const SIGNING_SECRET = "slack-signing-secret-of-the-bench";
/** How long the channel's message may take to show the final count after the last answer: its debounce and a job run. */
const UPDATE_WAIT_MS = 30_000;
const POST_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => value.toFixed(0);
const thousands = (value: number) => value.toLocaleString("en-US");
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, deadline: number): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() > deadline) return value;
    await sleep(200);
  }
}

/** The count a round's message says ("12 people answered"), or null when it says none. */
function shownCount(call: SlackCall | undefined): number | null {
  const match = /(\d[\d,]*) (?:people|person) answered/.exec(JSON.stringify(call?.body.blocks ?? ""));
  return match ? Number(match[1]?.replaceAll(",", "")) : null;
}

const isRoundPost = (c: SlackCall) => c.method === "chat.postMessage" && c.status === 200 && !c.body.thread_ts;

/** The Answer button's value on the round's message: what Slack hands back as the modal's private_metadata. */
function answerButton(call: SlackCall | undefined): string {
  return (
    ((call?.body.blocks ?? []) as { elements?: { action_id?: string; value?: string }[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === "circleup_answer")?.value ?? ""
  );
}

function submission(user: string, privateMetadata: string, text: string): string {
  const payload = {
    type: "view_submission",
    team: { id: SLACK_WORKSPACE.id, domain: "circle" },
    user: { id: user, name: user.toLowerCase(), username: user.toLowerCase(), team_id: SLACK_WORKSPACE.id },
    api_app_id: "A0CIRCLE",
    view: {
      id: "V0MODAL",
      team_id: SLACK_WORKSPACE.id,
      type: "modal",
      callback_id: "circleup_answer_view",
      private_metadata: privateMetadata,
      state: { values: { answer: { value: { type: "plain_text_input", value: text } } } },
    },
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

async function main() {
  const slack = await startFakeSlack();
  const cluster = await startCluster({
    servers: 1,
    env: {
      LOG_LEVEL: "warn",
      LIVE_MAX_PARTICIPANTS: String(Math.max(2000, ANSWERS + 10)),
      SLACK_CLIENT_ID: "1111.2222",
      SLACK_CLIENT_SECRET: "slack-client-secret",
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
  });
  if (!cluster) throw new Error("Needs PostgreSQL: set DATABASE_URL or install the server binaries");
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  const loadAtStart = load();
  try {
    const teamId = await seedTeamWithPersonas({ databaseUrl: cluster.databaseUrl });
    const owner: HttpClient = cluster.client(0, "198.51.100.20");
    await signIn(owner, TEAM_PERSONAS.owner);

    // Connect Slack from the team's settings, approved at once on the stand-in's page, and pick a channel.
    const started = await owner.postForm(`/teams/${teamId}/settings`, { intent: "slack-connect" });
    const approved = await fetch(started.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    const finished = await owner.get(back.pathname + back.search);
    if (finished.status !== 303) throw new Error(`Installing Slack: ${finished.status} ${await finished.text()}`);
    const picked = await owner.postForm(`/teams/${teamId}/settings`, {
      intent: "slack-channel",
      channelId: "C0ROUNDS",
    });
    if (picked.status !== 302) throw new Error(`Picking the channel: ${picked.status}`);

    // A meeting and its round of one free-text question, posted by the job queue.
    const meeting = await owner.postForm(`/teams/${teamId}`, { intent: "start", seriesId: "" });
    const meetingPath = new URL(meeting.headers.get("location") ?? "", cluster.url).pathname;
    const { rows } = await database.query<{ id: string }>(
      "select id from questions where status = 'published' and format = 'open' and team_id is null order by text limit 1",
    );
    const round = await owner.postForm(meetingPath, { intent: "round", questionIds: rows[0]?.id ?? "" });
    const code = /\/live\/([A-Z0-9]{6})\/host$/.exec(round.headers.get("location") ?? "")?.[1];
    if (!code) throw new Error(`Starting the round: ${round.status}`);
    const posts = await until(
      () => slack.calls.filter(isRoundPost),
      (calls) => calls.length > 0,
      performance.now() + POST_WAIT_MS,
    );
    const metadata = answerButton(posts[0]);
    if (!metadata) throw new Error("The round was not posted to the channel");
    console.log(
      `Round ${code} posted to #team-rounds; ${thousands(ANSWERS)} Slack users answering at ${RATE}/s for ${SECONDS} s`,
    );

    const url = `${cluster.servers[0]?.url}/chat/slack/interactivity`;
    const latencies: number[] = [];
    /** Each answer's latency by the second of the run it was due in, to tell a steady queue from stalls. */
    const bySecond: number[][] = Array.from({ length: Math.ceil(SECONDS) }, () => []);
    const acknowledged: string[] = [];
    const refused: string[] = [];
    const errored: string[] = [];
    const refusedTexts: string[] = [];
    const inFlight: Promise<void>[] = [];
    let behind = 0;
    const updatesBefore = slack.done("chat.update").length;
    const startedAt = performance.now();
    for (let i = 0; i < ANSWERS; i++) {
      const due = startedAt + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      else behind = Math.max(behind, -wait);
      const text = `answer number ${i + 1}`;
      const body = submission(`U0BENCH${i + 1}`, metadata, text);
      inFlight.push(
        sendSignedToApp(url, SIGNING_SECRET, body, { contentType: "application/x-www-form-urlencoded" }).then(
          async (response) => {
            const said = await response.text();
            latencies.push(performance.now() - due);
            bySecond[Math.floor(i / RATE)]?.push(performance.now() - due);
            // An empty 200 closes the modal; anything else keeps it open with an error.
            if (response.status === 200 && said === "") acknowledged.push(text);
            else {
              const error = /"errors":\{"[^"]*":"([^"]*)"/.exec(said)?.[1];
              // Bolt answers 404 for a request its listener did not acknowledge within Slack's 3 s.
              const why = response.status === 404 ? "not acknowledged within 3 s" : error;
              refused.push(`${response.status}${why ? ` ${why}` : ""}`);
              refusedTexts.push(text);
            }
          },
          (error: unknown) => {
            latencies.push(performance.now() - due);
            bySecond[Math.floor(i / RATE)]?.push(performance.now() - due);
            errored.push(failureOf(error));
            refusedTexts.push(text);
          },
        ),
      );
    }
    const sendSeconds = (performance.now() - startedAt) / 1000;
    await Promise.all(inFlight);
    const answerSeconds = (performance.now() - startedAt) / 1000;
    const lastAck = performance.now();
    const lastAckAt = Date.now();

    // What the host's and the room's screens count. A request Bolt gave up on (404 after Slack's 3 s) may still be
    // finishing on the server, so the count is read until it holds still.
    const counted = async (as: "host" | "room") => {
      const { view } = await (await owner.get(`/api/v1/rounds/${code}?as=${as}`)).json();
      const results = view?.results as { answered: number; passed: number; hidden: number } | null | undefined;
      return { count: results ? results.answered + results.passed + results.hidden : null, view };
    };
    let host = await counted("host");
    for (let still = 0; still < 4 && performance.now() < lastAck + UPDATE_WAIT_MS; ) {
      await sleep(250);
      const again = await counted("host");
      still = again.count === host.count ? still + 1 : 0;
      host = again;
    }
    const hostCount = host.count;
    const roomCount = (await counted("room")).count;
    const participants = host.view?.participantCount as number | undefined;
    // The answers themselves, page by page: the taken ones, and those acknowledged that are not among them.
    const stored = new Set<string>();
    for (let offset = 0; ; ) {
      const page = await (await owner.get(`/api/v1/rounds/${code}/answers?position=0&offset=${offset}`)).json();
      const answers = (page.answers ?? []) as { text: string | null }[];
      for (const answer of answers) if (answer.text) stored.add(answer.text);
      offset += answers.length;
      if (answers.length === 0 || offset >= (page.total ?? 0)) break;
    }
    const lost = acknowledged.filter((text) => !stored.has(text)).length;
    const takenThoughRefused = refusedTexts.filter((text) => stored.has(text)).length;

    // The channel's message after its debounced update: the last chat.update the stand-in got.
    const updates = await until(
      () => slack.done("chat.update").slice(updatesBefore),
      (calls) => shownCount(calls.at(-1)) === stored.size,
      lastAck + UPDATE_WAIT_MS,
    );
    const channelCount = shownCount(updates.at(-1) ?? posts[0]);
    const lastUpdate = updates.at(-1);
    const updatedAfter = lastUpdate ? (lastUpdate.at - lastAckAt) / 1000 : null;

    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    console.log(
      `\nanswers: ${thousands(ANSWERS)} sent in ${sendSeconds.toFixed(1)} s (at most ${ms(behind)} ms behind schedule), ` +
        `the last acknowledged after ${answerSeconds.toFixed(1)} s; ${thousands(acknowledged.length)} acknowledged ok, ` +
        `${thousands(refused.length)} refused (${countBy(refused)}), ${thousands(errored.length)} errored (${countBy(errored)})`,
    );
    console.log(
      `acknowledgement from the planned send: p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms, ` +
        `p99 ${ms(p99)} ms, max ${ms(sorted.at(-1) ?? 0)} ms`,
    );
    const slowSeconds = bySecond.flatMap((values, second) =>
      Math.max(0, ...values) > GOALS.ackP99Ms ? [`${second}s ${ms(Math.max(...values))}`] : [],
    );
    console.log(
      `seconds of the run with an acknowledgement over ${GOALS.ackP99Ms} ms (its slowest): ${slowSeconds.join(", ") || "none"}`,
    );
    console.log(
      `stored: ${thousands(stored.size)} answers on the host's pages, ${thousands(participants ?? 0)} participants; ` +
        `lost (acknowledged, not stored): ${lost}; refused or errored yet stored: ${takenThoughRefused}`,
    );
    console.log(
      `counts: host's screen ${hostCount ?? "-"}, room's screen ${roomCount ?? "-"}, channel message ${channelCount ?? "-"} ` +
        `(${updates.length} chat.update calls during and after the run` +
        `${updatedAfter === null ? "" : `, the last ${updatedAfter.toFixed(1)} s after the last acknowledgement`}); ` +
        `answers taken: ${stored.size}`,
    );
    // Warnings and errors the server logged (pino levels 40 and up), counted by message.
    const problems: string[] = [];
    for (const line of (cluster.servers[0]?.output() ?? "").split("\n")) {
      const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
      if (level < 40) continue;
      const what = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 120);
      const why = /"error":"([^"]{0,80})/.exec(line)?.[1];
      problems.push(`${level === 40 ? "warning" : "error"}: ${what}${why ? ` (${why})` : ""}`);
    }
    console.log(`server log: ${problems.length} warnings and errors: ${countBy(problems)}`);
    console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);

    const goals: [string, boolean][] = [
      [`every answer acknowledged ok (${acknowledged.length} of ${ANSWERS})`, acknowledged.length === ANSWERS],
      [`ack p99 < ${GOALS.ackP99Ms} ms (${ms(p99)} ms)`, p99 < GOALS.ackP99Ms],
      [`0 lost (${lost})`, lost === 0],
      [
        `the host's and room's screens count the answers taken (${hostCount}, ${roomCount} of ${stored.size})`,
        hostCount === stored.size && roomCount === stored.size,
      ],
      [
        `the channel's message counts them after its update (${channelCount} of ${stored.size})`,
        channelCount === stored.size,
      ],
    ];
    console.log("");
    for (const [goal, met] of goals) console.log(`${met ? "PASS" : "FAIL"}  ${goal}`);
    if (goals.some(([, met]) => !met)) process.exitCode = 1;
  } finally {
    await database.end();
    // A server stopped gently writes its CPU profile when BENCH_NODE_OPTIONS asked for one.
    await cluster.servers[0]?.stop("SIGTERM");
    await cluster.stop();
    await slack.stop();
  }
}

await main();
