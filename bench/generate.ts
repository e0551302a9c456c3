/**
 * npm run bench:generate — the library path of POST /api/v1/generate-question
 * through HTTP on PostgreSQL with 100,000 questions, beside /api/health of
 * the same server. Goal (issue 4): p50 under 5 ms and at least half the
 * throughput of /api/health.
 */
import type autocannon from "autocannon";
import { DURATION_S, explain, fillQuestions, load, startBench } from "./fixtures";

const TOTAL_QUESTIONS = 100_000;
/** Concurrency levels to measure: 1 shows the latency of one request, 10 the server under load. */
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? "1,10").split(",").map(Number);

const bench = await startBench("circleup_bench");
const { server } = bench;
try {
  const total = await fillQuestions(bench.client, TOTAL_QUESTIONS);
  if (process.env.BENCH_EXPLAIN) {
    // The library lookup as the server runs it, to see the plan behind the figures.
    console.log(
      await explain(
        bench.client,
        `(select id, random() as draw from questions
           where status = 'published' and source <> 'composed' and meeting_context in ('check-in')
             and question_style in ('reflective') and engagement_level in ('standard')
             and category_id = (select id from categories where slug = 'remote-teams')
          union all
          select id, random() as draw from questions
           where status = 'published' and source <> 'composed' and meeting_context in ('check-in')
             and question_style in ('reflective') and engagement_level in ('standard')
             and id in (select question_id from question_categories
               where category_id = (select id from categories where slug = 'remote-teams')
                 and meeting_context in ('check-in') and question_style in ('reflective')
                 and engagement_level in ('standard')))
          order by draw limit 1`,
      ),
    );
  }
  console.log(`${total} questions in the table; ${DURATION_S} s per run\n`);
  const body = JSON.stringify({
    meetingContext: "check-in",
    questionStyle: "reflective",
    engagementLevel: "standard",
    categorySlug: "remote-teams",
    previousQuestions: ["What is one thing you are looking forward to this week?"],
    seenIds: [],
  });
  const post = { method: "POST" as const, body, headers: { "content-type": "application/json" } };
  // Warm up both paths so the first JIT and connection costs are not measured.
  await load(`${server.url}/api/health`, { duration: 2 });
  await load(`${server.url}/api/v1/generate-question`, { duration: 2, ...post });
  const rows: string[] = [];
  const verdicts: string[] = [];
  for (const connections of CONNECTION_LEVELS) {
    const health = await load(`${server.url}/api/health`, { connections });
    const generate = await load(`${server.url}/api/v1/generate-question`, { connections, ...post });
    const row = (name: string, r: autocannon.Result) =>
      `| ${connections} | ${name} | ${r.latency.p50} | ${r.latency.p99} | ${Math.round(r.requests.average)} | ${r.non2xx} |`;
    rows.push(row("GET /api/health", health), row("POST /api/v1/generate-question (library)", generate));
    const ratio = generate.requests.average / health.requests.average;
    verdicts.push(
      `${connections} connection(s): throughput ratio generate/health ${ratio.toFixed(2)} (goal >= 0.5); generate p50 ${generate.latency.p50} ms (goal < 5)`,
    );
    if (generate.non2xx > 0 || generate.errors > 0) process.exitCode = 1;
  }
  console.log("| connections | endpoint | p50 ms | p99 ms | requests/s | non-2xx |");
  console.log("|---|---|---|---|---|---|");
  console.log(rows.join("\n"));
  console.log(`\n${verdicts.join("\n")}`);
} finally {
  await bench.stop();
}
