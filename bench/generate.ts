/**
 * npm run bench:generate — the library path of POST /api/v1/generate-question
 * through HTTP on PostgreSQL with 100,000 questions, beside /api/health of
 * the same server. Goal (issue 4): p50 under 5 ms and at least half the
 * throughput of /api/health.
 */
import autocannon from "autocannon";
import pg from "pg";
import { createDatabase, startThrowawayPostgres } from "../tests/support/postgres";
import { startServer } from "../tests/support/server";

const TOTAL_QUESTIONS = 100_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Concurrency levels to measure: 1 shows the latency of one request, 10 the server under load. */
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? "1,10").split(",").map(Number);

async function fill(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from questions");
  const missing = TOTAL_QUESTIONS - (rows[0]?.n ?? 0);
  // Synthetic questions spread evenly over every context, style, engagement level and category.
  await client.query(
    `insert into questions (text, normalized_text, type, meeting_context, question_style, engagement_level, category_id, source)
     select 'Benchmark question number ' || i || '?', 'benchmark question number ' || i,
            case c when 'check-out' then 'check-out' when 'energizer' then 'energizer' else 'check-in' end,
            c, s, e, (select id from categories order by sort_order offset (i % 7) limit 1), 'curated'
       from generate_series(1, $1::int) as i,
            lateral (select (array['check-in','connection','focus','status','energizer','check-out'])[1 + i % 6] as c,
                            (array['reflective','playful','professional','inspirational'])[1 + (i / 6) % 4] as s,
                            (array['quick','standard','deep'])[1 + (i / 24) % 3] as e) as pick`,
    [missing],
  );
  await client.query("analyze questions");
  if (process.env.BENCH_EXPLAIN) {
    // The library lookup as the server runs it, to see the plan behind the figures.
    const plan = await client.query(
      `explain analyze select id, category_id from questions
        where status = 'published' and meeting_context = 'check-in' and question_style = 'reflective'
          and engagement_level = 'standard'
          and category_id = (select id from categories where slug = 'remote-teams')
        order by random() limit 1`,
    );
    console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  }
  const total = (await client.query<{ n: number }>("select count(*)::int as n from questions")).rows[0]?.n;
  await client.end();
  return total;
}

function run(url: string, options: Partial<autocannon.Options>) {
  return autocannon({ url, duration: DURATION_S, ...options });
}

const postgres = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
const serverUrl = process.env.DATABASE_URL ?? postgres?.url;
if (!serverUrl) throw new Error("Needs PostgreSQL: set DATABASE_URL or install the server binaries");
const databaseUrl = await createDatabase(serverUrl, "circleup_bench");
const server = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" });
try {
  const total = await fill(databaseUrl);
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
  await run(`${server.url}/api/health`, { duration: 2 });
  await run(`${server.url}/api/v1/generate-question`, { duration: 2, ...post });
  const rows: string[] = [];
  const verdicts: string[] = [];
  for (const connections of CONNECTION_LEVELS) {
    const health = await run(`${server.url}/api/health`, { connections });
    const generate = await run(`${server.url}/api/v1/generate-question`, { connections, ...post });
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
  await server.stop();
  await postgres?.stop();
}
