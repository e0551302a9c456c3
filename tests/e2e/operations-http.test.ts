import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { freePort } from "../support/ports";
import { assertBuilt, type RunningServer, startServer } from "../support/server";
import { copyPgliteTemplate } from "../support/templates";

/**
 * What the people who run CircleUp see: numbers for Prometheus at /metrics
 * behind a token, where each API answer's time went (Server-Timing), and a
 * first start that says a few lines instead of the build's hundreds.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const baseUrl = inject("baseUrl");
const TOKEN = "metrics-token-for-the-tests-0123456789";

/** A sample's value in Prometheus' text format: `name{labels} value`, or `name value` without labels. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split("\n").find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

/** Reads until `check` answers something: the server does some of its work (sending mail) after answering. */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("/metrics with METRICS_TOKEN set", () => {
  let server: RunningServer;
  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    server = await startServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.stop());

  it("refuses a scraper without the token, or with another one, and shows it no number", async () => {
    for (const authorization of [undefined, "Bearer not-the-token", `Basic ${TOKEN}`, TOKEN]) {
      const response = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await response.text();
      expect(body).toContain("METRICS_TOKEN");
      expect(body).not.toContain("circleup_");
    }
  });

  it("counts a live stream while a screen follows a round, and the round while it runs", async () => {
    const host = new HttpClient(server.url);
    const list = await (await host.get("/api/v1/questions?sort=newest")).json();
    const questionIds = (list.items as { id: string }[]).slice(0, 2).map((item) => item.id);
    const created = await host.postJson("/api/v1/rounds", { questionIds });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };

    const before = await scrape();
    expect(sample(before, "circleup_live_streams_open")).toBe(0);
    expect(sample(before, "circleup_live_rounds_running")).toBe(1);

    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.get(
        `${server.url}/api/v1/rounds/${code}/events?as=host`,
        { headers: { accept: "text/event-stream", cookie: host.cookieHeader() }, agent: false },
        resolve,
      );
      request.on("error", reject);
    });
    expect(stream.statusCode).toBe(200);
    expect(sample(await scrape(), "circleup_live_streams_open")).toBe(1);
    stream.destroy();
    await eventually(
      async () => (sample(await scrape(), "circleup_live_streams_open") === 0 ? true : undefined),
      "the closed stream to be let go",
    );

    const ended = await host.postJson(`/api/v1/rounds/${code}/host`, { action: "end", position: 0 });
    expect(ended.status).toBe(200);
    const after = await scrape();
    expect(sample(after, "circleup_live_rounds_running")).toBe(0);
    // The round's code is in every address above; the metrics name the routes' patterns only.
    expect(after).not.toContain(code);
  });

  it("times requests by route pattern, method and status class, never by the address with its codes and tokens", async () => {
    // Each answer is read to its end: a request is counted when its answer is.
    await (await fetch(`${server.url}/live/recap/a-recap-token-that-must-not-show`)).text();
    const refused = await fetch(`${server.url}/api/v1/rounds/QWERTY/answer`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: "{}",
    });
    await refused.text();
    await (await fetch(`${server.url}/teams/join/an-invitation-token-that-must-not-show`)).text();
    const text = await scrape();
    /** Requests counted for a route pattern and method, whatever their status. */
    const count = (route: string, method: string) =>
      text
        .split("\n")
        .filter((line) =>
          line.startsWith(`circleup_http_request_duration_seconds_count{route="${route}",method="${method}",status="`),
        )
        .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    expect(count("/live/recap/{token}", "GET")).toBe(1);
    expect(count("/teams/join/{token}", "GET")).toBe(1);
    expect(
      sample(
        text,
        "circleup_http_request_duration_seconds_count",
        'route="/api/v1/rounds/{code}/answer",method="POST",status="4xx"',
      ),
    ).toBe(1);
    expect(
      sample(text, "circleup_http_request_duration_seconds_count", 'route="/api/v1/rounds",method="POST",status="2xx"'),
    ).toBe(1);
    expect(count("/api/v1/rounds/{code}/events", "GET")).toBe(1);
    for (const secret of ["a-recap-token", "an-invitation-token", "QWERTY", TOKEN]) expect(text).not.toContain(secret);
    // The process's own numbers come along.
    expect(text).toContain("process_cpu_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts the mail this server sends, and the mail queue", async () => {
    const text = await scrape();
    expect(sample(text, "circleup_mail_sent_total")).toBe(0);
    expect(sample(text, "circleup_job_queue_depth", 'queue="mail"')).toBe(0);
    const visitor = new HttpClient(server.url);
    const signedUp = await visitor.postForm("/sign-up", {
      fullName: "Grace Hopper",
      email: "grace@example.com",
      password: "correct horse battery",
    });
    expect(signedUp.status).toBe(302);
    const after = await eventually(async () => {
      const now = await scrape();
      return sample(now, "circleup_mail_sent_total") === 1 ? now : undefined;
    }, "the verification mail to be sent");
    expect(sample(after, "circleup_mail_failed_total")).toBe(0);
    expect(sample(after, "circleup_job_queue_failed", 'queue="mail"')).toBe(0);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  it("does not exist", async () => {
    const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("circleup_");
  });
});

describe("Server-Timing on API answers", () => {
  const timings = (response: Response) =>
    Object.fromEntries(
      (response.headers.get("server-timing") ?? "")
        .split(",")
        .map((entry) => entry.trim().split(";"))
        .map(([name, ...params]) => [name, Number(params.find((p) => p.startsWith("dur="))?.slice(4))]),
    );

  it("says the total, the database's and the use case's time of an /api/v1 answer, failures included", async () => {
    const list = timings(await fetch(`${baseUrl}/api/v1/questions?sort=newest`));
    expect(Object.keys(list).sort()).toEqual(["db", "parse", "total", "usecase"]);
    for (const ms of Object.values(list)) expect(ms).toBeGreaterThanOrEqual(0);

    const refused = await fetch(`${baseUrl}/api/v1/rounds/QWERTY`);
    expect(refused.status).toBe(404);
    expect(Object.keys(timings(refused)).sort()).toEqual(["db", "parse", "total", "usecase"]);
  });

  it("says the total and the database's time of the other JSON answers under /api", async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(Object.keys(timings(health)).sort()).toEqual(["db", "total"]);
    const session = await fetch(`${baseUrl}/api/auth/get-session`);
    expect(Object.keys(timings(session))).toContain("total");
  });
});

describe("a first start with npm start", () => {
  let root: string;
  let dataDir: string;
  let child: ChildProcess | undefined;

  /**
   * A fresh clone of the project: no build yet, so `npm start` builds. The
   * build tool here stands in for React Router's: it prints what a real build
   * prints (hundreds of lines and deprecation notices) and puts the run's
   * build in place, so the test costs no second build.
   */
  beforeAll(() => {
    assertBuilt();
    root = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-clone-"));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-first-start-"));
    copyPgliteTemplate("library", dataDir);
    for (const file of ["server.js", "package.json"]) fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
    const bin = path.join(root, "node_modules/.bin");
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(
      path.join(bin, "react-router"),
      [
        "#!/bin/sh",
        'echo "The \\`envFile\\` option is deprecated, please use \\`envDir: false\\` instead." >&2',
        'echo "vite v8 building client environment for production..."',
        'for i in $(seq 1 400); do echo "build/client/assets/chunk-$i.js   1.00 kB"; done',
        'if [ -n "$BUILD_FAILS" ]; then echo "[vite]: Rollup failed to resolve import \\"~/missing\\"" >&2; exit 1; fi',
        `ln -s "${path.join(ROOT, "build")}" build`,
      ].join("\n"),
      { mode: 0o755 },
    );
  });
  afterAll(() => {
    // npm runs the server as its child: the whole group goes.
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function npmStart(env: Record<string, string>) {
    const started = spawn("npm", ["start"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    started.stdout?.on("data", (chunk) => (output += chunk));
    started.stderr?.on("data", (chunk) => (output += chunk));
    return { started, output: () => output };
  }

  it("shows the build's output when the build fails, and stops", async () => {
    const { started, output } = npmStart({ PORT: String(await freePort()), BUILD_FAILS: "1" });
    const code = await new Promise((resolve) => started.once("exit", resolve));
    expect(code).not.toBe(0);
    expect(output()).toContain('Rollup failed to resolve import "~/missing"');
    expect(output()).toContain("No build yet; building (about a minute)... failed.");
  });

  it("builds quietly and prints a few lines, the address among them", async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const run = npmStart({ PORT: String(port) });
    child = run.started;
    await eventually(async () => {
      if (child?.exitCode !== null) throw new Error(`npm start stopped:\n${run.output()}`);
      return run.output().includes("is listening on") ? true : undefined;
    }, "the server to listen");
    const lines = run.output().trimEnd().split("\n");
    expect(lines.length, run.output()).toBeLessThanOrEqual(10);
    expect(run.output()).toContain(`CircleUp is listening on ${url}`);
    expect(run.output()).toMatch(/No build yet; building \(about a minute\)\.\.\. done in \d+ s\./);
    expect(run.output()).not.toContain("deprecated");
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});
