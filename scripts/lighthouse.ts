/**
 * npm run audit:lighthouse — Lighthouse (mobile profile, Debian's Chromium)
 * on the built app: home, a category page, an article and a live round's
 * participant page (`/live/{code}`: a round is started for it). Prints the four
 * category scores per page and the home page's JavaScript transferred before
 * any interaction: as gzip, which the goal is set in, and as the Brotli
 * Chromium receives. Goals (issue 7): performance 98+, accessibility,
 * best practices and SEO 100, home JavaScript 120 KB or less.
 * The participant page's goals (issue 20): performance 95+, accessibility 100.
 * LIGHTHOUSE_PAGES (comma-separated paths) and LIGHTHOUSE_RUNS (median of,
 * default 5) narrow or widen it.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath } from "../tests/support/browser";
import { freePort } from "../tests/support/ports";
import { startServer } from "../tests/support/server";

/** Stands for the participant page of a round started for the audit. */
const LIVE_PAGE = "/live/{code}";
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? [
  "/",
  "/remote-teams",
  "/articles/team-communication-best-practices",
  LIVE_PAGE,
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 98,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
const JS_BUDGET_KB = 120;
/**
 * What a phone opening a join link must get, on an old phone too. A round's
 * page is kept out of search engines on purpose (noindex), which Lighthouse's
 * SEO score counts against it, so SEO has no goal there.
 */
const LIVE_GOALS: typeof GOALS = { ...GOALS, performance: 95, seo: 0 };

/** Starts a round of three library questions, as a host would, and answers its join code. */
async function startRound(origin: string): Promise<string> {
  const list = (await (await fetch(`${origin}/api/v1/questions`)).json()) as { items: { id: string }[] };
  const response = await fetch(`${origin}/api/v1/rounds`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ questionIds: list.items.slice(0, 3).map((q) => q.id) }),
  });
  if (response.status !== 201)
    throw new Error(`Starting a round answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { code: string }).code;
}

const executable = chromiumPath();
if (!executable) throw new Error("Needs Chromium: apt-get install chromium, or set CHROMIUM_PATH");

// localhost, not 127.0.0.1: browsers treat it as a secure origin, as a real deployment is behind https.
const port = await freePort();
const server = await startServer({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: "warn" });
const chrome = await chromeLauncher.launch({
  chromePath: executable,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
/**
 * Lighthouse's scores move by several points from run to run on a shared
 * 2-core machine; its authors advise taking the median of several runs.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

async function medianRun(url: string) {
  const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"][] = [];
  // A run that fails to record its trace scores 0; it is retried, not counted.
  for (let attempt = 1; runs.length < RUNS && attempt <= RUNS * 2; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (runtimeError) console.log(`  attempt ${attempt} on ${url} failed, retried: ${runtimeError.code}`);
    else runs.push(result.lhr);
  }
  if (runs.length === 0) throw new Error(`Every Lighthouse run on ${url} failed`);
  const performance = (lhr: (typeof runs)[number]) => lhr.categories.performance?.score ?? 0;
  runs.sort((a, b) => performance(a) - performance(b));
  if (RUNS > 1)
    console.log(
      `  ${new URL(url).pathname}: performance over ${runs.length} runs ${runs.map((r) => Math.round(performance(r) * 100)).join(", ")}`,
    );
  return runs[Math.floor(runs.length / 2)]!;
}

/**
 * Body bytes of url as sent to a browser accepting only this encoding: the
 * build's precompressed copy, or the file itself where compressing it would
 * not make it smaller. Both are static files, so Content-Length is set.
 */
async function encodedSize(url: string, encoding: "br" | "gzip") {
  const response = await fetch(url, { headers: { "accept-encoding": encoding } });
  await response.arrayBuffer();
  return Number(response.headers.get("content-length"));
}

let failed = false;
try {
  console.log(`| page | ${CATEGORIES.join(" | ")} |`);
  console.log(`|---|${CATEGORIES.map(() => "---").join("|")}|`);
  let homeScriptKb = 0;
  let servedScriptKb = 0;
  for (const page of PAGES) {
    const origin = `http://localhost:${port}`;
    const path = page === LIVE_PAGE ? `/live/${await startRound(origin)}` : page;
    const goals = page === LIVE_PAGE ? LIVE_GOALS : GOALS;
    const url = `${origin}${path}`;
    // A first visit warms the server's caches, as a running deployment would have them.
    await fetch(url);
    const lhr = await medianRun(url);
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    console.log(`| ${path} | ${scores.join(" | ")} |`);
    CATEGORIES.forEach((c, i) => {
      if ((scores[i] ?? 0) < goals[c]) {
        failed = true;
        const audits = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
          .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
        console.log(`  ${c} below ${goals[c]} on ${path}; audits not passed: ${audits.join(", ")}`);
        if (c === "performance") {
          // The LCP breakdown lists its phases' table and then the element itself.
          const lcp = lhr.audits["lcp-breakdown-insight"]?.details as
            | { items?: { type?: string; snippet?: string }[] }
            | undefined;
          const snippet = lcp?.items?.find((item) => item.type === "node")?.snippet;
          if (snippet) console.log(`  largest contentful paint: ${snippet.slice(0, 160)}`);
        }
      }
    });
    if (path === "/") {
      const requests =
        (
          lhr.audits["network-requests"]?.details as {
            items?: { url?: string; resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === "Script");
      for (const script of scripts) {
        const served = script.transferSize ?? 0;
        const asGzip = served - (await encodedSize(script.url!, "br")) + (await encodedSize(script.url!, "gzip"));
        servedScriptKb += served / 1024;
        homeScriptKb += asGzip / 1024;
        if (process.env.LIGHTHOUSE_LIST_SCRIPTS)
          console.log(
            `  ${(served / 1024).toFixed(1)} KB served, ${(asGzip / 1024).toFixed(1)} KB gzip: ${script.url}`,
          );
      }
    }
  }
  console.log(
    `\nHome page JavaScript transferred before interaction (gzip): ${homeScriptKb.toFixed(1)} KB (goal <= ${JS_BUDGET_KB} KB)`,
  );
  console.log(`As Chromium received it (Brotli): ${servedScriptKb.toFixed(1)} KB`);
  if (homeScriptKb > JS_BUDGET_KB) failed = true;
} finally {
  chrome.kill();
  await server.stop();
}
if (failed) process.exitCode = 1;
