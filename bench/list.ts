/**
 * npm run bench:list — GET /api/v1/questions through HTTP on PostgreSQL with
 * 100,000 questions and 1,000,000 votes, beside the original's way of doing
 * it in the same run: a view (`all_questions_with_votes`) that aggregates the
 * votes table on every request, a count over it, then 500 sorted rows of which
 * the page shows 25. Goal (issue 6): p50 under 10 ms and at least 20x the
 * original's throughput.
 */
import http from "node:http";
import type autocannon from "autocannon";
import pg from "pg";
import { DURATION_S, explain, fillQuestions, fillVotes, load, startBench } from "./fixtures";

const TOTAL_QUESTIONS = 100_000;
const TOTAL_VOTES = 1_000_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const PAGE_SIZE = 25;

const ORIGINAL_ORDER: Record<string, string> = {
  popular: "total_votes desc, vote_score desc",
  newest: "created_at desc",
  trending: "vote_score desc, total_votes desc",
};

/**
 * The original's list, served over HTTP from the same PostgreSQL so both
 * sides pay for a request: a view that sums the votes on every read, a
 * count-only request, then up to 500 sorted rows, paged in memory.
 */
async function startOriginal(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(`create or replace view all_questions_with_votes as
    select q.id, q.text as question, q.type, q.meeting_context, q.question_style, q.engagement_level,
           c.slug as category_slug, c.name as category_name, q.source,
           count(v.direction) filter (where v.direction = 'up')::int as upvotes,
           count(v.direction) filter (where v.direction = 'down')::int as downvotes,
           (count(v.direction) filter (where v.direction = 'up') - count(v.direction) filter (where v.direction = 'down'))::int as vote_score,
           count(v.direction)::int as total_votes, q.created_at
      from questions q join categories c on c.id = q.category_id left join votes v on v.question_id = q.id
     where q.status = 'published'
     group by q.id, c.slug, c.name`);
  let inFlight = 0;
  const server = http.createServer(async (req, res) => {
    inFlight++;
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      const sort = ORIGINAL_ORDER[url.searchParams.get("sort") ?? "popular"] ?? ORIGINAL_ORDER.popular;
      const category = url.searchParams.get("category") ?? "all";
      const filter = category === "all" ? "" : "where category_slug = $1";
      const params = category === "all" ? [] : [category];
      const { rows: countRows } = await pool.query(
        `select count(*)::int as n from all_questions_with_votes ${filter}`,
        params,
      );
      const { rows } = await pool.query(
        `select * from all_questions_with_votes ${filter} order by ${sort} limit 500`,
        params,
      );
      const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
      const page = Math.min(Math.max(1, Number(url.searchParams.get("page") ?? 1)), pageCount);
      const items = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ items, page, pageCount, total: countRows[0]?.n ?? 0 }));
    } catch (error) {
      res.writeHead(500).end(String(error));
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Resolves once no request is running: a load run ends while its last slow request still works. */
    async idle() {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

const CASES = [
  "sort=popular&page=1",
  "sort=popular&page=200",
  "sort=newest&page=1",
  "sort=newest&page=200",
  "sort=trending&page=1",
  "sort=trending&page=200",
  "sort=popular&category=remote-teams&page=1",
  "sort=newest&category=remote-teams&page=100",
];

const bench = await startBench("circleup_bench_list");
const original = await startOriginal(bench.databaseUrl);
try {
  const questions = await fillQuestions(bench.client, TOTAL_QUESTIONS);
  const votes = await fillVotes(bench.client, TOTAL_VOTES);
  // A settled table, as autovacuum keeps it in a running deployment: the visibility map lets deep
  // pages read ids from the index alone.
  await bench.client.query("vacuum (analyze) questions");
  await bench.client.query("checkpoint");
  console.log(`${questions} questions, ${votes} votes; ${DURATION_S} s per run, ${CONNECTIONS} connection(s)\n`);
  if (process.env.BENCH_EXPLAIN) {
    // Our deep page (ids from the index, then 25 rows) and the original's request, as each runs it.
    console.log(
      await explain(
        bench.client,
        `select id, text from questions where id in (select id from questions where status = 'published'
           order by total_votes desc, vote_score desc, created_at desc, id limit 25 offset 4975)`,
      ),
    );
    console.log(
      await explain(
        bench.client,
        `select * from all_questions_with_votes order by ${ORIGINAL_ORDER.popular} limit 500`,
      ),
    );
  }
  // Warm both servers so the first JIT and connection costs are not measured.
  await load(`${bench.server.url}/api/v1/questions`, { duration: 2 });
  await load(`${original.url}/?sort=popular`, { duration: 2 });
  await original.idle();
  const rows: string[] = [];
  const results: { ours: autocannon.Result; theirs: autocannon.Result }[] = [];
  for (const query of CASES) {
    await original.idle();
    await load(`${bench.server.url}/api/v1/questions?${query}`, { duration: 1 });
    const ours = await load(`${bench.server.url}/api/v1/questions?${query}`, { connections: CONNECTIONS });
    const theirs = await load(`${original.url}/?${query}`, { connections: CONNECTIONS });
    results.push({ ours, theirs });
    const ratio = ours.requests.average / Math.max(theirs.requests.average, 0.01);
    rows.push(
      `| ${query} | ${ours.latency.p50} | ${ours.latency.p99} | ${Math.round(ours.requests.average)} | ${theirs.latency.p50} | ${theirs.requests.average.toFixed(1)} | ${ratio.toFixed(0)}x |`,
    );
    if (ours.non2xx > 0 || ours.errors > 0 || theirs.non2xx > 0) process.exitCode = 1;
  }
  console.log(
    "| query | ours p50 ms | ours p99 ms | ours req/s | original p50 ms | original req/s | throughput ratio |",
  );
  console.log("|---|---|---|---|---|---|---|");
  console.log(rows.join("\n"));
  const worstP50 = Math.max(...results.map((r) => r.ours.latency.p50));
  const worstRatio = Math.min(
    ...results.map((r) => r.ours.requests.average / Math.max(r.theirs.requests.average, 0.01)),
  );
  console.log(
    `\nworst p50 ${worstP50} ms (goal < 10); lowest throughput ratio ${worstRatio.toFixed(0)}x (goal >= 20x)`,
  );
  console.log("The original only ever sees the first 500 rows: its page 200 is its last page, 20.");
} finally {
  await original.stop();
  await bench.stop();
}
