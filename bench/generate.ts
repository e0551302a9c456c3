/**
 * npm run bench:generate — the library path of POST /api/v1/generate-question
 * through HTTP on PostgreSQL, beside /api/health of the same server:
 * first for a team that has used 5,000 questions (the library and some AI
 * questions, most of them used), then with 100,000 questions in the table.
 * Goal: p50 under 5 ms and at least half the throughput of /api/health.
 */
import type autocannon from "autocannon";
import { fillPlaceholders } from "drizzle-orm";
import { openDatabase } from "~/db/database.server";
import { prepareStatement } from "~/db/prepared.server";
import { categoryIndex } from "~/domain/categories.server";
import { rankedPickStatement } from "~/domain/questions/library-pick.server";
import { HttpClient } from "../tests/support/http-client";
import { seedMembers, signIn } from "../tests/support/members";
import { DURATION_S, explain, fillQuestions, load, startBench } from "./fixtures";

const TOTAL_QUESTIONS = 100_000;
/** Questions the team has used: more than the curated library holds, so most of what fits is used. */
const TEAM_USES = 5_000;
/** AI questions added to the library first, as a busy server collects them. */
const AI_QUESTIONS = 1_000;
/** Concurrency levels to measure: 1 shows the latency of one request, 10 the server under load. */
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? "1,10").split(",").map(Number);
/** BENCH_CASES=team measures the team case alone (the library path fills 100,000 questions first). */
const CASES = (process.env.BENCH_CASES ?? "team,library").split(",");
/** The team case's endpoints take turns in this many slices of the run (BENCH_SLICES). */
const SLICES = Number(process.env.BENCH_SLICES ?? 5);

const bench = await startBench("circleup_bench");
const { server } = bench;
try {
  if (CASES.includes("team")) await teamCase();
  if (CASES.includes("library")) await libraryCase();
} finally {
  await bench.stop();
}

/** The library path for a visitor, with 100,000 questions in the table, at each level of CONNECTION_LEVELS. */
async function libraryCase() {
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
}

/**
 * A team that has used 5,000 of the ~5,300 published questions (the library
 * and 1,000 AI ones), over two years, generating for a series' choice with
 * its host signed in, at one connection beside /api/health.
 */
async function teamCase() {
  const { client } = bench;
  await client.query(
    `insert into questions (text, normalized_text, type, meeting_context, question_style, engagement_level, category_id, source)
     select 'Generated team question number ' || i || '?', 'generated team question number ' || i,
            case c when 'check-out' then 'check-out' when 'energizer' then 'energizer' else 'check-in' end,
            c, s, e, (select id from categories order by sort_order offset (i % 7) limit 1), 'ai_generated'
       from generate_series(1, $1::int) as i,
            lateral (select (array['check-in','connection','focus','status','energizer','check-out'])[1 + i % 6] as c,
                            (array['reflective','playful','professional','inspirational'])[1 + (i / 6) % 4] as s,
                            (array['quick','standard','deep'])[1 + (i / 24) % 3] as e) as pick`,
    [AI_QUESTIONS],
  );
  const host = "bench-host@example.com";
  await seedMembers({ databaseUrl: bench.databaseUrl }, [{ email: host, name: "Bench Host" }]);
  const { rows } = await client.query<{ team: string; host: string }>(
    `with team as (insert into teams (name) values ('Bench team') returning id),
          member as (insert into team_members (team_id, user_id, role)
                     select team.id, users.id, 'owner' from team, users where users.email = $1 returning team_id, user_id)
     select team_id as team, user_id as host from member`,
    [host],
  );
  const { team: teamId, host: hostId } = rows[0] as { team: string; host: string };
  await client.query(
    `insert into team_question_uses (team_id, question_id, used_by, how, used_at)
     select $1, id, $2, (array['presented','live','asked'])[1 + (n % 3)::int], now() - make_interval(hours => n::int)
       from (select id, row_number() over (order by random()) as n from questions where status = 'published') q
      where n <= $3`,
    [teamId, hostId, TEAM_USES],
  );
  await client.query("vacuum analyze questions");
  await client.query("vacuum analyze team_question_uses");
  const counts = await client.query<{ published: number; used: number }>(
    `select (select count(*)::int from questions where status = 'published') as published,
            (select count(distinct question_id)::int from team_question_uses where team_id = $1) as used`,
    [teamId],
  );
  const { published, used } = counts.rows[0] as { published: number; used: number };
  console.log(`Team case: ${published} published questions, ${used} used by the team\n`);

  const http = new HttpClient(server.url);
  await signIn(http, host);
  const choice = {
    meetingContext: "check-in",
    questionStyle: "reflective",
    engagementLevel: "standard",
    categorySlug: "remote-teams",
  } as const;
  const post = {
    method: "POST" as const,
    body: JSON.stringify({ ...choice, teamId, seenIds: [] }),
    headers: { "content-type": "application/json", cookie: http.cookieHeader() },
  };
  await load(`${server.url}/api/health`, { duration: 2 });
  await load(`${server.url}/api/v1/generate-question`, { duration: 2, ...post });
  if (process.env.BENCH_TIMING) {
    const timings: string[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const r = await fetch(`${server.url}/api/v1/generate-question`, post);
      await r.text();
      timings.push(`${r.headers.get("server-timing")} total=${(performance.now() - t0).toFixed(1)}`);
    }
    console.log(timings.join("\n"));
  }
  // The two endpoints take turns in slices of the run, so a machine whose load changes during the run
  // (other work on the same cores) weighs on both alike; each slice gives one ratio.
  const slice = DURATION_S / SLICES;
  const healths: autocannon.Result[] = [];
  const generates: autocannon.Result[] = [];
  for (let i = 0; i < SLICES; i++) {
    healths.push(await load(`${server.url}/api/health`, { connections: 1, duration: slice }));
    generates.push(await load(`${server.url}/api/v1/generate-question`, { connections: 1, duration: slice, ...post }));
  }
  const rate = (runs: autocannon.Result[]) => runs.reduce((sum, r) => sum + r.requests.total, 0) / DURATION_S;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const row = (name: string, runs: autocannon.Result[]) =>
    `| 1 | ${name} | ${median(runs.map((r) => r.latency.p50))} | ${Math.max(...runs.map((r) => r.latency.p99))} | ${Math.round(rate(runs))} | ${runs.reduce((sum, r) => sum + r.non2xx, 0)} |`;
  console.log(`${SLICES} slices of ${slice} s each, taking turns (p50: median of the slices, p99: the highest)`);
  console.log("| connections | endpoint | p50 ms | p99 ms | requests/s | non-2xx |");
  console.log("|---|---|---|---|---|---|");
  console.log(
    `${row("GET /api/health", healths)}\n${row("POST /api/v1/generate-question (team, 5,000 used)", generates)}`,
  );
  const ratios = generates.map((g, i) => g.requests.total / (healths[i]?.requests.total || 1));
  console.log(`ratio per slice: ${ratios.map((r) => r.toFixed(2)).join(", ")}`);
  if (process.env.BENCH_EXPLAIN) {
    // The pick as the server runs it for this host, after the runs above served them most of what fits.
    const handle = await openDatabase({ databaseUrl: bench.databaseUrl, dataDir: "" });
    const statement = prepareStatement(rankedPickStatement(await categoryIndex(handle.db), choice, true, true));
    const params = fillPlaceholders(statement.params, { seen: "", userId: hostId, teamId, unfit: "" });
    console.log(await explain(client, statement.text, params));
    await handle.close();
  }
  const ratio = rate(generates) / rate(healths);
  console.log(`\nteam case, 1 connection: throughput ratio generate/health ${ratio.toFixed(2)} (goal >= 0.5)\n`);
  if (generates.some((g) => g.non2xx > 0 || g.errors > 0)) process.exitCode = 1;
}
