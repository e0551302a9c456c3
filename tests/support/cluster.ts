import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HttpClient } from "./http-client";
import { skipOrFail } from "./loud-skip";
import { freePort } from "./ports";
import {
  createDatabase,
  findPostgresBin,
  startThrowawayPostgres,
  suitePostgresUrl,
  type ThrowawayPostgres,
} from "./postgres";
import { assertBuilt, type RunningServer, startServer } from "./server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Debian's nginx (apt-get install nginx). */
export const NGINX = "/usr/sbin/nginx";

/** The example proxy configuration people deploy; the harness runs this very file. */
export const NGINX_CONFIG = path.join(ROOT, "deploy/nginx.conf");

export function nginxPath(): string | null {
  return fs.existsSync(NGINX) ? NGINX : null;
}

export type ClusterOptions = {
  /** How many app servers (default 2). */
  servers?: number;
  /** nginx in front, running deploy/nginx.conf; throws when nginx is not installed. */
  proxy?: boolean;
  /** Extra environment for every server (SMTP_URL, AI settings, quotas...). */
  env?: Record<string, string>;
  /**
   * A PostgreSQL server to create the database on; default DATABASE_URL,
   * else the test run's PostgreSQL, else (outside a test run) a throwaway cluster.
   */
  postgresUrl?: string;
  /**
   * An empty database, as on a first deployment: the servers migrate it and
   * import the library themselves. Default: a copy of the run's template,
   * the library already imported.
   */
  emptyDatabase?: boolean;
};

export type ProxyProcess = {
  url: string;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
};

export type Cluster = {
  /** The running app servers, in start order; kill() and restart() replace entries. */
  servers: RunningServer[];
  /** Where people browse: the proxy, or the first server without one. Every server's PUBLIC_URL. */
  url: string;
  /** The database all servers share. */
  databaseUrl: string;
  /** The AUTH_SECRET all servers share. */
  authSecret: string;
  proxy: ProxyProcess | null;
  /**
   * A client talking to one server directly, sending what the proxy would
   * add: the public host and scheme (X-Forwarded-Host/-Proto), the public
   * Origin on posts, and the client address in X-Forwarded-For when given.
   */
  client(index: number, clientIp?: string): HttpClient;
  /** Kills one server (SIGKILL unless told otherwise); its port and DATA_DIR are kept for restart(). */
  kill(index: number, signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts a killed or stopped server again on the same port and DATA_DIR. */
  restart(index: number): Promise<RunningServer>;
  stop(): Promise<void>;
};

/**
 * deploy/nginx.conf for this run: the upstream's server lines become one per
 * app server (keeping the parameters of the first), the listen address is
 * ours; everything else is used as written.
 */
export function renderNginxConfig(template: string, upstreams: string[], listen: string): string {
  const upstreamBlock = /(upstream\s+circleup\s*\{)([^}]*)(\})/;
  const isServerLine = (line: string) => /^\s*server\s/.test(line);
  const listenLine = /^(\s*)listen\s+[^;]+;/m;
  const lines = upstreamBlock.exec(template)?.[2]?.split("\n") ?? [];
  const first = lines.findIndex(isServerLine);
  const parts = /^(\s*)server\s+\S+(.*;)\s*$/.exec(lines[first] ?? "");
  if (!parts || !listenLine.test(template)) {
    throw new Error(`${NGINX_CONFIG} no longer has an "upstream circleup" block with server lines and a listen line`);
  }
  const [, indent, parameters] = parts;
  const body = lines.filter((line) => !isServerLine(line));
  body.splice(first, 0, ...upstreams.map((address) => `${indent}server ${address}${parameters}`));
  return template
    .replace(upstreamBlock, (_, open: string, _old: string, close: string) => `${open}${body.join("\n")}${close}`)
    .replace(listenLine, `$1listen ${listen};`);
}

/**
 * nginx as an unprivileged foreground process in its own folder: the
 * committed config inside a minimal main file that keeps pid, logs and
 * temporary files in that folder.
 */
export async function startNginx(upstreams: string[], port: number): Promise<ProxyProcess> {
  const nginx = nginxPath();
  if (!nginx) throw new Error(`nginx is not installed (${NGINX}); apt-get install nginx`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-nginx-"));
  const site = renderNginxConfig(fs.readFileSync(NGINX_CONFIG, "utf8"), upstreams, `127.0.0.1:${port}`);
  fs.writeFileSync(path.join(dir, "circleup.conf"), site);
  const temp = (name: string) => path.join(dir, "temp", name);
  fs.mkdirSync(path.join(dir, "temp"));
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "worker_processes 1;",
      `error_log ${path.join(dir, "error.log")} warn;`,
      "events { worker_connections 1024; }",
      "http {",
      "    access_log off;",
      `    client_body_temp_path ${temp("body")};`,
      `    proxy_temp_path ${temp("proxy")};`,
      `    fastcgi_temp_path ${temp("fastcgi")};`,
      `    uwsgi_temp_path ${temp("uwsgi")};`,
      `    scgi_temp_path ${temp("scgi")};`,
      `    include ${path.join(dir, "circleup.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(
    nginx,
    [
      "-p",
      dir,
      "-c",
      path.join(dir, "nginx.conf"),
      "-e",
      path.join(dir, "error.log"),
      "-g",
      `daemon off; pid ${path.join(dir, "nginx.pid")};`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let printed = "";
  child.stdout?.on("data", (chunk) => (printed += chunk));
  child.stderr?.on("data", (chunk) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errors = () => {
    const log = fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "";
    return `${printed}${log}`;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${errors()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not answer within 15 s:\n${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    errors,
    stop: async () => {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Several production app servers on one PostgreSQL database, each with its
 * own port and DATA_DIR, sharing AUTH_SECRET and PUBLIC_URL and trusting one
 * proxy hop; optionally nginx in front running deploy/nginx.conf. Resolves
 * to null when no PostgreSQL can be had (no DATABASE_URL, no initdb).
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster | null> {
  assertBuilt();
  const count = options.servers ?? 2;
  if (options.proxy && !nginxPath()) throw new Error(`nginx is not installed (${NGINX}); apt-get install nginx`);

  const serverUrl = options.postgresUrl ?? suitePostgresUrl();
  const postgres: ThrowawayPostgres | null = serverUrl ? null : await startThrowawayPostgres();
  const adminUrl = serverUrl ?? postgres?.url;
  if (!adminUrl) return null;

  const servers: RunningServer[] = [];
  let proxy: ProxyProcess | null = null;
  const dataDirs: string[] = [];
  const stopAll = async () => {
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await postgres?.stop();
  };

  try {
    const databaseUrl = await createDatabase(
      adminUrl,
      "circleup_cluster",
      options.emptyDatabase ? {} : { template: "library" },
    );
    const ports: number[] = [];
    while (ports.length < count) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    let proxyPort: number | null = null;
    while (options.proxy && (proxyPort === null || ports.includes(proxyPort))) proxyPort = await freePort();
    const url = `http://127.0.0.1:${proxyPort ?? ports[0]}`;
    const authSecret = crypto.randomBytes(32).toString("base64url");
    const envFor = (index: number): Record<string, string> => {
      dataDirs[index] ??= fs.mkdtempSync(path.join(os.tmpdir(), `circleup-node${index}-`));
      return {
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: authSecret,
        PUBLIC_URL: url,
        // Behind nginx, or behind the test clients standing in for it.
        TRUST_PROXY: "1",
        ...options.env,
        PORT: String(ports[index]),
        DATA_DIR: dataDirs[index] as string,
      };
    };

    // All at once, as a deployment starts them: one migrates and imports the library, the others wait for it.
    const started = await Promise.allSettled(ports.map((_, index) => startServer(envFor(index))));
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    const upstreams = ports.map((port) => `127.0.0.1:${port}`);
    if (proxyPort) proxy = await startNginx(upstreams, proxyPort);

    const publicHost = new URL(url).host;
    return {
      servers,
      url,
      databaseUrl,
      authSecret,
      proxy,
      client: (index, clientIp) => {
        const server = servers[index];
        if (!server) throw new Error(`No server ${index}`);
        return new HttpClient(server.url, {
          "x-forwarded-host": publicHost,
          "x-forwarded-proto": "http",
          origin: url,
          ...(clientIp ? { "x-forwarded-for": clientIp } : {}),
        });
      },
      kill: (index, signal = "SIGKILL") => {
        const server = servers[index];
        if (!server) throw new Error(`No server ${index}`);
        return server.stop(signal);
      },
      restart: async (index) => {
        const server = servers[index];
        if (server && server.process.exitCode === null && server.process.signalCode === null) {
          throw new Error(`Server ${index} is still running`);
        }
        const restarted = await startServer(envFor(index));
        servers[index] = restarted;
        return restarted;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => {});
    throw error;
  }
}

/**
 * A cluster for a block of tests, or null with the reason said loudly (no
 * DATABASE_URL and no PostgreSQL on this machine, or none would start): the
 * block's tests then skip, and under CI they fail.
 */
export async function startClusterOrSkip(what: string, options: ClusterOptions = {}): Promise<Cluster | null> {
  if (!process.env.DATABASE_URL && !findPostgresBin()) {
    skipOrFail(what, "no DATABASE_URL and no initdb/pg_ctl on this machine");
    return null;
  }
  const cluster = await startCluster(options);
  if (!cluster) skipOrFail(what, "no PostgreSQL could be started");
  return cluster;
}
