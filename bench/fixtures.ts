/** What the benchmarks share: a PostgreSQL with the production server on it, and synthetic questions. */
import autocannon from "autocannon";
import pg from "pg";
import { createDatabase, startThrowawayPostgres } from "../tests/support/postgres";
import { startServer } from "../tests/support/server";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

/** PostgreSQL (DATABASE_URL or a throwaway cluster), a fresh database and the built server on it. */
export async function startBench(prefix: string) {
  const postgres = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
  const serverUrl = process.env.DATABASE_URL ?? postgres?.url;
  if (!serverUrl) throw new Error("Needs PostgreSQL: set DATABASE_URL or install the server binaries");
  const databaseUrl = await createDatabase(serverUrl, prefix);
  // BENCH_NODE_OPTIONS reaches the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
  const nodeOptions: Record<string, string> = process.env.BENCH_NODE_OPTIONS
    ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS }
    : {};
  const server = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", ...nodeOptions });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    databaseUrl,
    server,
    client,
    async stop() {
      await client.end();
      await server.stop();
      await postgres?.stop();
    },
  };
}

/** Tops the questions table up to `total` synthetic published questions spread over every cell and category. */
export async function fillQuestions(client: pg.Client, total: number): Promise<number> {
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from questions");
  const missing = total - (rows[0]?.n ?? 0);
  await client.query(
    `insert into questions (text, normalized_text, type, meeting_context, question_style, engagement_level, category_id, source, created_at)
     select 'Benchmark question number ' || i || '?', 'benchmark question number ' || i,
            case c when 'check-out' then 'check-out' when 'energizer' then 'energizer' else 'check-in' end,
            c, s, e, (select id from categories order by sort_order offset (i % 7) limit 1), 'curated',
            now() - make_interval(mins => i)
       from generate_series(1, $1::int) as i,
            lateral (select (array['check-in','connection','focus','status','energizer','check-out'])[1 + i % 6] as c,
                            (array['reflective','playful','professional','inspirational'])[1 + (i / 6) % 4] as s,
                            (array['quick','standard','deep'])[1 + (i / 24) % 3] as e) as pick`,
    [Math.max(0, missing)],
  );
  await client.query("vacuum analyze questions");
  // Filled by the trigger that files every question under its own category.
  await client.query("vacuum analyze question_categories");
  return (await client.query<{ n: number }>("select count(*)::int as n from questions")).rows[0]?.n ?? 0;
}

export function load(url: string, options: Partial<autocannon.Options> = {}) {
  return autocannon({ url, duration: DURATION_S, ...options });
}

export async function explain(client: pg.Client, sql: string, params: unknown[] = []): Promise<string> {
  const plan = await client.query(`explain analyze ${sql}`, params);
  return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

/**
 * 10,000 voters with 100 votes each: half spread over the long tail, half on
 * 2,000 favourites, so popularity is skewed as in a real community. The
 * counters on questions are then set from the votes, as castVote keeps them.
 */
export async function fillVotes(client: pg.Client, total: number, voters = 10_000): Promise<number> {
  await client.query(
    `insert into users (name, email, email_verified)
     select 'Bench voter ' || u, 'voter' || u || '@bench.example', true from generate_series(1, $1::int) as u`,
    [voters],
  );
  await client.query(`create temp table numbered as
    select id, (row_number() over (order by created_at, id))::int - 1 as n from questions where status = 'published'`);
  await client.query("create index on numbered (n)");
  await client.query(`create temp table voters as
    select id, (row_number() over (order by id))::int as n from users where email like '%@bench.example'`);
  const perVoter = Math.round(total / voters);
  await client.query(
    `insert into votes (user_id, question_id, direction)
     select v.id, q.id, case when random() < 0.7 then 'up' else 'down' end
       from voters v cross join generate_series(0, $1::int - 1) as k
       join numbered q on q.n = case
         when k < $1::int / 2 then 2000 + (v.n * 7919 + k * 1000) % ((select count(*) from numbered)::int - 2000)
         else (v.n * 13 + k) % 2000 end`,
    [perVoter],
  );
  await client.query(
    `update questions q set upvotes = a.up, downvotes = a.down, vote_score = a.up - a.down, total_votes = a.up + a.down
       from (select question_id, count(*) filter (where direction = 'up')::int as up,
                    count(*) filter (where direction = 'down')::int as down
               from votes group by question_id) as a
      where a.question_id = q.id`,
  );
  await client.query("vacuum analyze questions");
  await client.query("vacuum analyze votes");
  return (await client.query<{ n: number }>("select count(*)::int as n from votes")).rows[0]?.n ?? 0;
}
