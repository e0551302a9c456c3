/**
 * npm run bench:preview — how /api/health answers while 40 share-page
 * previews nobody asked for before are drawn at once: health's p50, p99 and
 * worst latency over the whole drawing, and how long the 40 pictures took.
 * Goal: health p99 under 50 ms. A fresh server each run, so nothing is
 * cached; `PREVIEW_BENCH_IMAGES` changes the count. The database is the
 * default embedded PGlite, or PostgreSQL with `PREVIEW_BENCH_ENGINE=postgres`
 * (DATABASE_URL or a throwaway server).
 */

import { startServer } from "../tests/support/server";
import { startBench } from "./fixtures";
import { percentile } from "./measures";

const IMAGES = Number(process.env.PREVIEW_BENCH_IMAGES ?? 40);

async function questionIds(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < count && page <= 20; page++) {
    const list = (await (await fetch(`${url}/api/v1/questions?sort=newest&page=${page}`)).json()) as {
      items: { id: string }[];
    };
    if (list.items.length === 0) break;
    ids.push(...list.items.map((item) => item.id));
  }
  if (ids.length < count) throw new Error(`Only ${ids.length} published questions; the bench needs ${count}`);
  return ids.slice(0, count);
}

/** Fetches every preview at once; fails on anything but a PNG. */
function fetchImages(url: string, ids: string[]): Promise<void> {
  return Promise.all(
    ids.map(async (id) => {
      const response = await fetch(`${url}/q/${id}/image.png`);
      const png = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || png.subarray(1, 4).toString() !== "PNG") {
        throw new Error(`Image ${id}: status ${response.status}`);
      }
    }),
  ).then(() => undefined);
}

/** /api/health's latencies, one request after another, until `work` is done (and at least `minimum` of them). */
async function healthWhile(url: string, work: Promise<void>, minimum = 0): Promise<{ health: number[]; ms: number }> {
  let done = false;
  const started = performance.now();
  const finished = work.finally(() => {
    done = true;
  });
  const health: number[] = [];
  while (!done || health.length < minimum) {
    const sent = performance.now();
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    health.push(performance.now() - sent);
  }
  await finished;
  return { health: health.sort((a, b) => a - b), ms: performance.now() - started };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(what: string, sorted: number[], took: number) {
  const timing = took ? ` (all done in ${ms(took)})` : "";
  console.log(
    `/api/health ${what}${timing}: ${sorted.length} requests, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
  );
}

async function main() {
  const onPostgres = process.env.PREVIEW_BENCH_ENGINE === "postgres";
  const bench = onPostgres ? await startBench("circleup_preview") : null;
  const server = bench?.server ?? (await startServer({ LOG_LEVEL: "warn" }));
  console.log(`database: ${onPostgres ? "PostgreSQL" : "PGlite"}`);
  try {
    const ids = await questionIds(server.url, IMAGES);
    // A warm server: one picture and a few health checks first, so start-up work is not measured.
    await (await fetch(`${server.url}/q/${ids[0]}/image.png?warm`)).arrayBuffer();
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/api/health`)).arrayBuffer();
    const drawIds = await questionIds(server.url, IMAGES + 1).then((all) => all.slice(1));

    const idle = await healthWhile(server.url, Promise.resolve(), 50);
    report("idle", idle.health, 0);
    const uncached = await healthWhile(server.url, fetchImages(server.url, drawIds));
    report(`while ${drawIds.length} new previews are drawn`, uncached.health, uncached.ms);
    const cached = await healthWhile(server.url, fetchImages(server.url, drawIds));
    report(`while the same ${drawIds.length} are sent from the cache`, cached.health, cached.ms);
    const p99 = percentile(uncached.health, 99);
    console.log(
      p99 < 50 ? "goal met: p99 under 50 ms while drawing" : "goal NOT met: p99 is 50 ms or more while drawing",
    );
  } finally {
    if (bench) await bench.stop();
    else await server.stop();
  }
}

await main();
