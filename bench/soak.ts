/**
 * npm run bench:soak — two app servers on one PostgreSQL under a steady mix
 * of what hosts and visitors do (generate, list, vote, save, page views) for
 * SOAK_SECONDS (120), after a warm-up at the same rate. Prints throughput,
 * p50/p99 per kind, errors (goal: 0) and each server's memory when warm and
 * at the end (goal: growth under 10%).
 */
import { signUpAndVerify } from "../tests/support/accounts";
import { startCluster } from "../tests/support/cluster";
import type { HttpClient } from "../tests/support/http-client";
import { startSmtpServer } from "../tests/support/smtp";
import { percentile, rssMb } from "./measures";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const WARM_UP_SECONDS = Number(process.env.SOAK_WARM_UP_SECONDS ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 40);
const MEMBERS = 10;

type Kind = "generate" | "list" | "vote" | "save" | "page";
/** Out of 20 requests: what a busy day looks like, mostly reading. */
const MIX: Kind[] = [
  ...Array<Kind>(6).fill("generate"),
  ...Array<Kind>(5).fill("list"),
  ...Array<Kind>(5).fill("page"),
  ...Array<Kind>(2).fill("vote"),
  ...Array<Kind>(2).fill("save"),
];
const PAGES = ["/", "/remote-teams", "/team-building", "/plan", "/about"];
const CHOICES = [
  { meetingContext: "check-in", questionStyle: "playful", engagementLevel: "quick" },
  { meetingContext: "status", questionStyle: "professional", engagementLevel: "standard" },
  { meetingContext: "check-out", questionStyle: "reflective", engagementLevel: "deep" },
  { meetingContext: "energizer", questionStyle: "playful", engagementLevel: "quick" },
];

async function main() {
  const smtp = await startSmtpServer();
  const cluster = await startCluster({ env: { SMTP_URL: smtp.url, LOG_LEVEL: "warn" } });
  if (!cluster) throw new Error("Needs PostgreSQL: set DATABASE_URL or install the server binaries");
  try {
    const visitors = [0, 1].map((server) => cluster.client(server, `198.51.100.${server + 1}`));
    const members: HttpClient[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const member = cluster.client(i % 2, `203.0.113.${i + 1}`);
      await signUpAndVerify(member, smtp, `soak${i}@example.com`);
      members.push(member);
    }
    // Members signed in on one server and are then served by either, as behind a load balancer.
    const onOtherServer = members.map((member, i) =>
      cluster.client((i + 1) % 2, `203.0.113.${i + 1}`).shareCookiesWith(member),
    );
    const memberOn = (i: number) => ((i >> 1) % 2 ? members[i % MEMBERS] : onOtherServer[i % MEMBERS]) as HttpClient;
    const listed = await (await visitors[0]?.get("/api/v1/questions?limit=50"))?.json();
    const questionIds: string[] = listed.items.map((q: { id: string }) => q.id);

    // Each kind counts its own requests, so votes and saves rotate over every member and question.
    const sent = new Map<Kind, number>();
    const send = (kind: Kind): Promise<Response> => {
      const i = sent.get(kind) ?? 0;
      sent.set(kind, i + 1);
      const visitor = visitors[i % 2] as HttpClient;
      const question = questionIds[i % questionIds.length];
      switch (kind) {
        case "generate":
          return visitor.postJson("/api/v1/generate-question", CHOICES[i % CHOICES.length]);
        case "list":
          return visitor.get(`/api/v1/questions?limit=25&sort=${["popular", "newest", "trending"][i % 3]}`);
        case "page":
          return visitor.get(PAGES[i % PAGES.length] as string);
        case "vote":
          return memberOn(i).postJson(`/api/v1/questions/${question}/vote`, { direction: i % 3 ? "up" : "down" });
        case "save":
          return memberOn(i).request(`/api/v1/questions/${question}/save`, { method: i % 2 ? "PUT" : "DELETE" });
      }
    };

    /** Open loop: requests start on a fixed clock whether or not earlier ones have finished. */
    const run = async (seconds: number) => {
      const latencies = new Map<Kind, number[]>();
      const errors: string[] = [];
      const inFlight: Promise<void>[] = [];
      const started = performance.now();
      for (let i = 0; i < seconds * RATE; i++) {
        const due = started + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const kind = MIX[i % MIX.length] as Kind;
        const t0 = performance.now();
        inFlight.push(
          send(kind).then(
            async (response) => {
              await response.arrayBuffer();
              if (response.status >= 400) errors.push(`${kind} ${response.status}`);
              latencies.set(kind, [...(latencies.get(kind) ?? []), performance.now() - t0]);
            },
            (error: Error) => {
              errors.push(`${kind} ${error.message}`);
            },
          ),
        );
      }
      await Promise.all(inFlight);
      return { latencies, errors, elapsed: (performance.now() - started) / 1000 };
    };

    console.log(`Warming up for ${WARM_UP_SECONDS} s at ${RATE} requests/s...`);
    await run(WARM_UP_SECONDS);
    const pids = cluster.servers.map((server) => server.process.pid);
    const warm = pids.map(rssMb);
    console.log(`Soak: ${SECONDS} s at ${RATE} requests/s over ${cluster.servers.length} servers`);
    const { latencies, errors, elapsed } = await run(SECONDS);
    const end = pids.map(rssMb);

    const total = [...latencies.values()].reduce((sum, list) => sum + list.length, 0) + errors.length;
    console.log(
      `\nrequests: ${total} in ${elapsed.toFixed(1)} s = ${(total / elapsed).toFixed(1)}/s; errors: ${errors.length}`,
    );
    console.log("| kind | requests | p50 ms | p99 ms |\n|---|---|---|---|");
    for (const [kind, list] of latencies) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${list.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
      );
    }
    console.log("\n| server | RSS warm MB | RSS end MB | growth |\n|---|---|---|---|");
    warm.forEach((start, i) => {
      const growth = ((end[i] as number) / start - 1) * 100;
      console.log(`| ${i + 1} | ${start.toFixed(0)} | ${(end[i] as number).toFixed(0)} | ${growth.toFixed(1)}% |`);
    });
    if (errors.length > 0) {
      const counts = new Map<string, number>();
      for (const error of errors) counts.set(error, (counts.get(error) ?? 0) + 1);
      console.log(`\nerrors: ${[...counts].map(([error, count]) => `${error} x${count}`).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await cluster.stop();
    await smtp.close();
  }
}

await main();
