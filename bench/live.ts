/**
 * npm run bench:live — one live round the size of a large meeting over two
 * app servers on one PostgreSQL: the host on the first server,
 * LIVE_BENCH_PARTICIPANTS (2,000) people joining through both from TWO
 * client addresses (an office and a conference network, each behind one
 * address, as the servers see them through the trusted proxy's
 * X-Forwarded-For), each with an event stream open on the server they
 * joined through, then LIVE_BENCH_RATE (200) answers a second for
 * LIVE_BENCH_SECONDS (30), and a reveal. Prints joins and answers refused
 * (goal: none), events lost (goal: 0), the time from sending an answer to
 * the host's stream showing it (goal: p99 under 250 ms), and the reveal's
 * bytes per phone (goal: at most 16 KB) and how long it took to reach
 * every participant (goal: within 1.5 s).
 *
 * Then a capacity run on the next question: the rate starts at
 * LIVE_BENCH_CAPACITY_START (25) answers a second and grows by
 * LIVE_BENCH_CAPACITY_FACTOR (1.5) every LIVE_BENCH_CAPACITY_SECONDS (6)
 * until the p99 passes 500 ms; it prints
 * the highest rate sustained beside /api/health's requests a second at the
 * same concurrency, measured in the same run (goal: at least half).
 * LIVE_BENCH_CAPACITY=0 leaves it out.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { livePaths, type RoundEvent, type RoundView } from "../app/shared/live";
import { startCluster } from "../tests/support/cluster";
import type { HttpClient } from "../tests/support/http-client";
import { openEventStream, type SseFrame, type SseStream } from "./live-sse";
import { countBy, failureOf, percentile, rssMb } from "./measures";

const PARTICIPANTS = Number(process.env.LIVE_BENCH_PARTICIPANTS ?? 2000);
const RATE = Number(process.env.LIVE_BENCH_RATE ?? 200);
const SECONDS = Number(process.env.LIVE_BENCH_SECONDS ?? 30);
const CAPACITY = process.env.LIVE_BENCH_CAPACITY !== "0";
const CAPACITY_START = Number(process.env.LIVE_BENCH_CAPACITY_START ?? 25);
const CAPACITY_FACTOR = Number(process.env.LIVE_BENCH_CAPACITY_FACTOR ?? 1.5);
const CAPACITY_SECONDS = Number(process.env.LIVE_BENCH_CAPACITY_SECONDS ?? 6);
/** The capacity run stops here at the latest, met or not. */
const CAPACITY_MAX_RATE = Number(process.env.LIVE_BENCH_CAPACITY_MAX ?? 3000);
const GOALS = { answerP99Ms: 250, revealBytes: 16 * 1024, revealMs: 1500, capacityP99Ms: 500 };
/** Joins and stream openings in flight at once: a crowd arriving, not one at a time nor all in one millisecond. */
const CONCURRENCY = 50;
/** Longer than a person looking at their phone waits for the answers to appear. */
const REVEAL_WAIT_MS = 10_000;
/** The two networks everyone is behind: an office's and a conference's, one address each. */
const NETWORKS = { office: "203.0.113.10", conference: "198.51.100.20" } as const;
/** How long the host's stream may trail the last answer before what is missing counts as lost. */
const DRAIN_WAIT_MS = 10_000;
const OPEN_WAIT_MS = 30_000;

/** A reveal, told apart without parsing every frame on the machine the servers run on. */
const isReveal = (data: Buffer) => data.includes('"type":"phase"') && data.lastIndexOf('"revealed":true') >= 0;

type Participant = {
  index: number;
  server: number;
  ip: string;
  client: HttpClient;
  id?: string;
  stream?: SseStream;
  endedEarly?: string;
  /** Messages after the snapshot: before the reveal, every event of this round is for the host only. */
  eventsBeforeReveal: number;
  revealedAt?: number;
  revealBytes?: number;
};

/** Half the room on the office's network, half on the conference's; each network reaches both servers. */
function addressOf(index: number): string {
  return Math.floor(index / 2) % 2 === 0 ? NETWORKS.office : NETWORKS.conference;
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean, deadline: number): Promise<boolean> {
  while (!done()) {
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** CPU seconds a process has used, user and system; Linux counts them in hundredths (USER_HZ). */
function cpuSeconds(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const ms = (value: number) => value.toFixed(0);
const thousands = (value: number) => value.toLocaleString("en-US");
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

/** Warnings and errors a server logged (pino levels 40 and up), counted by message. */
function loggedProblems(output: string): { warnings: number; errors: number; messages: string[] } {
  let warnings = 0;
  let errors = 0;
  const messages: string[] = [];
  for (const line of output.split("\n")) {
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level === 40) warnings += 1;
    else if (level >= 50) errors += 1;
    else continue;
    messages.push(/"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200));
  }
  return { warnings, errors, messages };
}

async function main() {
  const cluster = await startCluster({
    env: {
      LOG_LEVEL: "warn",
      LIVE_MAX_PARTICIPANTS: String(Math.max(2000, PARTICIPANTS)),
      // A quarter of the room shares each server and address; a larger room than the default fits needs more.
      LIVE_STREAMS_PER_ADDRESS: String(Math.max(1000, Math.ceil(PARTICIPANTS / 4) + 1)),
    },
  });
  if (!cluster) throw new Error("Needs PostgreSQL: set DATABASE_URL or install the server binaries");
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const streams: SseStream[] = [];
  const publicHost = new URL(cluster.url).host;
  /** What the proxy adds to a stream request; the cluster's clients add the same to theirs. */
  const proxied = (ip: string, cookie: string) => ({
    "x-forwarded-host": publicHost,
    "x-forwarded-proto": "http",
    "x-forwarded-for": ip,
    cookie,
  });
  const serverUrl = (index: number) => cluster.servers[index]?.url as string;
  const pids = cluster.servers.map((server) => server.process.pid);
  const loadAtStart = load();

  try {
    const host = cluster.client(0, "192.0.2.1");
    const listed = await (await host.get("/api/v1/questions?limit=3")).json();
    const questionIds: string[] = listed.items.slice(0, 3).map((q: { id: string }) => q.id);
    const created = await host.postJson("/api/v1/rounds", { questionIds, modes: ["word", "text", "text"] });
    if (created.status !== 201) throw new Error(`Creating the round: ${created.status} ${await created.text()}`);
    const { code } = (await created.json()) as { code: string };

    // The host's screen: every event, numbered without gaps from its snapshot on.
    const sentAt = new Map<string, number>();
    const arrivedAt = new Map<string, number>();
    const hostSeen = { snapshot: false, lastSeq: -1, skipped: 0, repeated: 0, joined: new Set<string>() };
    let revealFrame: { bytes: number; at: number } | null = null;
    const onHostFrame = (frame: SseFrame) => {
      const now = performance.now();
      if (frame.event === "snapshot") {
        hostSeen.snapshot = true;
        hostSeen.lastSeq = (JSON.parse(frame.data.toString()) as RoundView).seq;
        return;
      }
      if (frame.event !== "round") return;
      const seq = Number(frame.id);
      if (seq > hostSeen.lastSeq + 1) hostSeen.skipped += seq - hostSeen.lastSeq - 1;
      if (seq <= hostSeen.lastSeq) hostSeen.repeated += 1;
      hostSeen.lastSeq = Math.max(hostSeen.lastSeq, seq);
      const event = JSON.parse(frame.data.toString()) as RoundEvent;
      if (event.type === "joined") hostSeen.joined.add(event.participant.id);
      else if (event.type === "answer" && event.answer.text && !arrivedAt.has(event.answer.text)) {
        arrivedAt.set(event.answer.text, now);
      } else if (event.type === "phase" && event.revealed) {
        revealFrame = { bytes: frame.data.length, at: now };
      }
    };
    streams.push(
      await openEventStream(
        `${serverUrl(0)}${livePaths.events(code)}?as=host`,
        proxied("192.0.2.1", host.cookieHeader()),
        agent,
        onHostFrame,
      ),
    );
    if (!(await until(() => hostSeen.snapshot, performance.now() + OPEN_WAIT_MS))) {
      throw new Error("The host's stream sent no snapshot");
    }

    const participants: Participant[] = Array.from({ length: PARTICIPANTS }, (_, index) => {
      const server = index % 2;
      const ip = addressOf(index);
      return { index, server, ip, client: cluster.client(server, ip), eventsBeforeReveal: 0 };
    });

    console.log(
      `Round ${code}: ${thousands(PARTICIPANTS)} participants joining over ${cluster.servers.length} servers ` +
        `from two addresses (${NETWORKS.office}, ${NETWORKS.conference})`,
    );
    const joinRefusals: string[] = [];
    const joinLatencies: number[] = [];
    const joinsStarted = performance.now();
    await inParallel(participants, CONCURRENCY, async (p) => {
      const t0 = performance.now();
      try {
        const response = await p.client.postJson(`${livePaths.api(code)}/join`, { name: `Person ${p.index + 1}` });
        const body = await response.json();
        if (response.status === 201) {
          p.id = (body.view as RoundView).me?.participantId;
          joinLatencies.push(performance.now() - t0);
        } else joinRefusals.push(`${response.status} ${body.code ?? ""}`.trim());
      } catch (error) {
        joinRefusals.push(failureOf(error));
      }
    });
    const joinSeconds = (performance.now() - joinsStarted) / 1000;
    const joined = participants.filter((p) => p.id);

    // Joining warms the servers up; what streams add is measured from here.
    await sleep(1000);
    const rssBefore = pids.map(rssMb);
    let revealSentAt: number | null = null;
    const streamFailures: string[] = [];
    const streamsStarted = performance.now();
    await inParallel(joined, CONCURRENCY, async (p) => {
      let snapshot = false;
      try {
        const stream = await openEventStream(
          `${serverUrl(p.server)}${livePaths.events(code)}?as=participant`,
          proxied(p.ip, p.client.cookieHeader()),
          agent,
          (frame) => {
            if (frame.event === "snapshot") snapshot = true;
            else if (revealSentAt === null) p.eventsBeforeReveal += 1;
            else if (p.revealedAt === undefined && isReveal(frame.data)) {
              p.revealedAt = performance.now();
              p.revealBytes = frame.data.length;
            }
          },
        );
        streams.push(stream);
        p.stream = stream;
        void stream.ended.then((why) => {
          p.endedEarly ??= why;
        });
        if (!(await until(() => snapshot, performance.now() + OPEN_WAIT_MS))) streamFailures.push("no snapshot");
      } catch (error) {
        streamFailures.push((error as Error).message.slice(0, 80));
      }
    });
    const streamSeconds = (performance.now() - streamsStarted) / 1000;
    await sleep(1000);
    const rssAfter = pids.map(rssMb);
    const connected = joined.filter((p) => p.stream && !p.endedEarly);
    console.log(
      `Streams open: ${thousands(connected.length + 1)}; answering at ${RATE}/s for ${SECONDS} s on both servers`,
    );

    const answerers = connected.length > 0 ? connected : joined;
    /**
     * Open loop: each answer leaves on a fixed clock, whether or not earlier
     * ones have been answered, from everyone in turn; an answer's latency is
     * from sending it to the host's stream showing it.
     */
    const answerRun = async (rate: number, seconds: number, position: number, prefix: string) => {
      const accepted: string[] = [];
      const refused: string[] = [];
      const inFlight: Promise<void>[] = [];
      let behind = 0;
      let open = 0;
      let openSum = 0;
      const started = performance.now();
      for (let i = 0; i < rate * seconds && answerers.length > 0; i++) {
        const due = started + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        else behind = Math.max(behind, -wait);
        openSum += open;
        const p = answerers[(i + position * 7) % answerers.length] as Participant;
        const text = `${prefix}${i}`;
        sentAt.set(text, performance.now());
        open += 1;
        inFlight.push(
          p.client.postJson(`${livePaths.api(code)}/answer`, { position, text }).then(
            async (response) => {
              open -= 1;
              const body = await response.json().catch(() => ({}));
              if (response.status === 200) accepted.push(text);
              else refused.push(`${response.status} ${body.code ?? ""}`.trim());
            },
            (error: unknown) => {
              open -= 1;
              refused.push(failureOf(error));
            },
          ),
        );
      }
      const sendSeconds = (performance.now() - started) / 1000;
      await Promise.all(inFlight);
      const answerSeconds = (performance.now() - started) / 1000;
      await until(() => accepted.every((text) => arrivedAt.has(text)), performance.now() + DRAIN_WAIT_MS);
      const latencies = sorted(
        accepted.flatMap((text) => {
          const arrived = arrivedAt.get(text);
          return arrived === undefined ? [] : [arrived - (sentAt.get(text) as number)];
        }),
      );
      const missing = accepted.filter((text) => !arrivedAt.has(text)).length;
      const sent = Math.round(rate * seconds);
      return {
        sent,
        accepted,
        refused,
        latencies,
        missing,
        behind,
        sendSeconds,
        answerSeconds,
        /** Requests in flight on average when one was sent: the concurrency this rate needs. */
        concurrency: sent > 0 ? openSum / sent : 0,
      };
    };

    /** Requests a second /api/health answers with `concurrency` requests always in flight, over both servers. */
    const healthRate = async (concurrency: number, seconds: number) => {
      const clients = Array.from({ length: concurrency }, (_, i) => cluster.client(i % 2, addressOf(i)));
      let done = 0;
      let failed = 0;
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        clients.map(async (client) => {
          while (performance.now() < until) {
            const response = await client.get("/api/health").catch(() => null);
            await response?.arrayBuffer();
            if (response?.status === 200) done += 1;
            else failed += 1;
          }
        }),
      );
      return { perSecond: done / seconds, failed };
    };

    /**
     * Raises the answer rate step by step on the round's next question until
     * the p99 passes the goal (or answers are refused or lost), then measures
     * /api/health at the concurrency the highest passing rate needed.
     */
    const capacityRun = async () => {
      const moved = await host.postJson(`${livePaths.api(code)}/host`, { action: "next", position: 0 });
      if (moved.status !== 200) throw new Error(`Moving on for the capacity run: ${moved.status}`);
      console.log(
        `\ncapacity: answers on question 2, ${CAPACITY_SECONDS} s per step, x${CAPACITY_FACTOR} until the p99 passes ` +
          `${GOALS.capacityP99Ms} ms\n| rate /s | accepted /s | p50 ms | p99 ms | refused | lost | in flight |\n|---|---|---|---|---|---|---|`,
      );
      let best: { rate: number; achieved: number; p99: number; concurrency: number } | null = null;
      for (let rate = CAPACITY_START; rate <= CAPACITY_MAX_RATE; rate = Math.round(rate * CAPACITY_FACTOR)) {
        const step = await answerRun(rate, CAPACITY_SECONDS, 1, `c${rate}-`);
        const p99 = percentile(step.latencies, 99);
        const achieved = step.accepted.length / step.answerSeconds;
        console.log(
          `| ${rate} | ${achieved.toFixed(0)} | ${ms(percentile(step.latencies, 50))} | ${ms(p99)} | ` +
            `${step.refused.length ? countBy(step.refused) : 0} | ${step.missing} | ${step.concurrency.toFixed(1)} |`,
        );
        const sustained = step.refused.length === 0 && step.missing === 0 && achieved >= rate * 0.9;
        if (p99 > GOALS.capacityP99Ms || !sustained) break;
        best = { rate, achieved, p99, concurrency: step.concurrency };
      }
      if (!best) {
        console.log(
          `capacity: not even ${CAPACITY_START} answers a second kept the p99 under ${GOALS.capacityP99Ms} ms`,
        );
        return null;
      }
      const concurrency = Math.max(1, Math.round(best.concurrency));
      const health = await healthRate(concurrency, CAPACITY_SECONDS);
      const share = best.achieved / health.perSecond;
      console.log(
        `capacity: ${best.achieved.toFixed(0)} answers a second sustained (p99 ${ms(best.p99)} ms) beside ` +
          `/api/health's ${health.perSecond.toFixed(0)} requests a second at the same concurrency (${concurrency}` +
          `${health.failed ? `, ${health.failed} failed` : ""}): ${(share * 100).toFixed(0)}% ` +
          `(goal at least 50%: ${share >= 0.5 ? "met" : "NOT met"})`,
      );
      return { ...best, health: health.perSecond };
    };

    const run = await answerRun(RATE, SECONDS, 0, "w");
    const { accepted, refused, latencies, behind, sendSeconds, answerSeconds } = run;

    const cpuBefore = { bench: process.cpuUsage(), servers: pids.map(cpuSeconds) };
    const revealStart = performance.now();
    revealSentAt = revealStart;
    const revealRequest = host
      .postJson(`${livePaths.api(code)}/host`, { action: "reveal", position: 0 })
      .then(async (response) => {
        await response.arrayBuffer();
        return { status: response.status, after: performance.now() - revealStart };
      });
    await until(() => connected.every((p) => p.revealedAt !== undefined), revealStart + REVEAL_WAIT_MS);
    const revealAnswer = await revealRequest;
    if (revealAnswer.status !== 200) throw new Error(`Revealing: ${revealAnswer.status}`);
    await until(() => revealFrame !== null, performance.now() + 1000);
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const serverCpu = pids.map((pid, i) => cpuSeconds(pid) - (cpuBefore.servers[i] as number));

    const revealLatencies = sorted(
      connected.flatMap((p) => (p.revealedAt === undefined ? [] : [p.revealedAt - revealStart])),
    );
    const revealedInTime = revealLatencies.filter((latency) => latency <= REVEAL_WAIT_MS).length;
    const missingJoins = joined.filter((p) => !hostSeen.joined.has(p.id as string)).length;
    const missingAnswers = run.missing;
    const withoutReveal = connected.length - revealedInTime;
    const leaked = connected.reduce((sum, p) => sum + p.eventsBeforeReveal, 0);
    const lost = missingJoins + missingAnswers + withoutReveal;
    const dropped = joined.filter((p) => p.endedEarly).map((p) => p.endedEarly as string);
    const joinSorted = sorted(joinLatencies);

    console.log(
      `\njoins: ${thousands(joined.length)} of ${thousands(PARTICIPANTS)} accepted in ${joinSeconds.toFixed(1)} s ` +
        `(p50 ${ms(percentile(joinSorted, 50))} ms, p99 ${ms(percentile(joinSorted, 99))} ms); ` +
        `refused: ${countBy(joinRefusals)}`,
    );
    console.log(
      `streams: ${thousands(connected.length + 1)} open (the host's and ${thousands(connected.length)} participants'), ` +
        `opened in ${streamSeconds.toFixed(1)} s; failed: ${countBy(streamFailures)}; dropped: ${countBy(dropped)}`,
    );
    console.log(
      `answers: ${thousands(run.sent)} sent in ${sendSeconds.toFixed(1)} s ` +
        `(at most ${ms(behind)} ms behind schedule), the last answered after ${answerSeconds.toFixed(1)} s; ` +
        `${thousands(accepted.length)} accepted (200), ${thousands(refused.length)} refused: ${countBy(refused)}; ` +
        `${(accepted.length / answerSeconds).toFixed(1)} accepted a second`,
    );
    const answerP99 = percentile(latencies, 99);
    console.log(
      `answer to host stream: p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(answerP99)} ms ` +
        `(goal < ${GOALS.answerP99Ms} ms: ${answerP99 < GOALS.answerP99Ms ? "met" : "NOT met"}), ` +
        `max ${ms(latencies.at(-1) ?? 0)} ms (${thousands(latencies.length)} answers)`,
    );
    const frame = revealFrame as { bytes: number; at: number } | null;
    const revealBytes = sorted(connected.flatMap((p) => (p.revealBytes === undefined ? [] : [p.revealBytes])));
    const largestReveal = revealBytes.at(-1) ?? 0;
    const lastReveal = revealLatencies.at(-1) ?? Number.POSITIVE_INFINITY;
    const revealMet =
      revealedInTime === connected.length && lastReveal <= GOALS.revealMs && largestReveal <= GOALS.revealBytes;
    console.log(
      `reveal: ${thousands(revealedInTime)} of ${thousands(connected.length)} participant streams within ` +
        `${REVEAL_WAIT_MS / 1000} s (first ${ms(revealLatencies[0] ?? 0)} ms, p50 ${ms(percentile(revealLatencies, 50))} ms, ` +
        `p99 ${ms(percentile(revealLatencies, 99))} ms, last ${ms(revealLatencies.at(-1) ?? 0)} ms); ` +
        `${(largestReveal / 1024).toFixed(1)} KB per phone at most (goal: all within ${GOALS.revealMs / 1000} s, ` +
        `at most ${GOALS.revealBytes / 1024} KB: ${revealMet ? "met" : "NOT met"}); ` +
        `${((frame?.bytes ?? 0) / 1024).toFixed(1)} KB on the host's stream, which had it after ${frame ? ms(frame.at - revealStart) : "-"} ms, its request was ` +
        `answered after ${ms(revealAnswer.after)} ms; CPU meanwhile: this process ` +
        `${((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)} s, servers ${serverCpu.map((s) => s.toFixed(1)).join(" and ")} s`,
    );
    console.log(
      `events lost: ${lost} (host stream: ${missingJoins} joins and ${missingAnswers} answers missing, ` +
        `${hostSeen.skipped} numbers skipped, ${hostSeen.repeated} repeated; ` +
        `participant streams: ${withoutReveal} without the reveal in time, ${leaked} host-only events received)`,
    );

    const capacity = CAPACITY ? await capacityRun() : null;

    console.log("\n| server | streams | RSS before MB | RSS after MB | per connection KB |\n|---|---|---|---|---|");
    rssBefore.forEach((before, i) => {
      const after = rssAfter[i] as number;
      const count = connected.filter((p) => p.server === i).length;
      const perConnection = count > 0 ? ((after - before) * 1024) / count : 0;
      console.log(`| ${i + 1} | ${count} | ${before.toFixed(0)} | ${after.toFixed(0)} | ${perConnection.toFixed(1)} |`);
    });
    cluster.servers.forEach((server, i) => {
      const { warnings, errors, messages } = loggedProblems(server.output());
      console.log(
        `server ${i + 1} log: ${warnings} warnings, ${errors} errors${messages.length ? `: ${countBy(messages)}` : ""}`,
      );
    });
    console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);

    if (
      (CAPACITY && !capacity) ||
      lost > 0 ||
      hostSeen.skipped > 0 ||
      leaked > 0 ||
      refused.length > 0 ||
      joinRefusals.length > 0 ||
      connected.length < PARTICIPANTS
    ) {
      process.exitCode = 1;
    }
  } finally {
    for (const stream of streams) stream.close();
    agent.destroy();
    await cluster.stop();
  }
}

await main();
