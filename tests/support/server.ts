import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MemberSeed } from "./members";
import { freePort } from "./ports";
import { createDatabase, suitePostgresUrl } from "./postgres";
import { copyPgliteTemplate, type TemplateKind } from "./templates";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type RunningServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` first (`npm test` and `npm run test:e2e` do).");
  }
}

/**
 * A server in a test lives for seconds: too short for optimised code of the
 * embedded database to repay its compiling, so V8 keeps its first
 * (Liftoff) code, which costs about a fifth of a server's CPU less. Every
 * test server loads the same modules, so they share Node's compile cache:
 * reading their compiled code back costs about a tenth of a start less than
 * compiling it again (the first start of a run pays a little for writing it).
 * Benchmarks and audits run as production does.
 */
function testRuntime(): { flags: string[]; env: Record<string, string> } {
  if (!process.env.VITEST) return { flags: [], env: {} };
  return {
    flags: ["--liftoff-only"],
    env: { NODE_COMPILE_CACHE: path.join(os.tmpdir(), "circleup-compile-cache") },
  };
}

/**
 * Spawns the production build exactly as `npm start` runs it, on a free port
 * with its own DATA_DIR. A DATA_DIR given in `env` is used as it is (a restart
 * on the same files) and belongs to the caller: stop() leaves it in place.
 */
export function spawnServer(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; dataDir: string; output: () => string }> {
  // A test may pick the port first, when a peer (an OpenID provider) must know the server's address.
  return (env.PORT ? Promise.resolve(Number(env.PORT)) : freePort()).then((port) => {
    const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "circleup-e2e-"));
    const runtime = testRuntime();
    const child = spawn(process.execPath, [...runtime.flags, "server.js", "--no-build"], {
      cwd: ROOT,
      env: {
        ...runtime.env,
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        // Links in e-mails and better-auth's origin check use the address tests browse.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
        PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    return { child, port, dataDir, output: () => output };
  });
}

/**
 * Starts the production build (spawnServer) and resolves once /api/health
 * answers 200.
 */
export type StartOptions = {
  /**
   * What the server's database starts as: a copy of the run's "library"
   * template by default (the library already imported, so it is ready in
   * about a second), the "schema" template, or false for an empty database
   * (a first start as on a new machine: migrations and the whole library
   * import).
   */
  template?: TemplateKind | false;
  /**
   * Where a server given neither DATABASE_URL nor DATA_DIR keeps its data:
   * a database of its own on the run's PostgreSQL when the run has one (the
   * embedded engine's start and its queries in WebAssembly are about a third
   * of a test server's CPU), or "pglite" for the embedded database in a
   * DATA_DIR of its own, as `npm start` runs. A DATA_DIR given in env always
   * means PGlite.
   */
  engine?: "postgres" | "pglite";
  /**
   * Verified members written into the database before the server starts
   * (seedMembers): tests then sign in (signIn) instead of signing up by mail.
   */
  members?: MemberSeed[];
};

export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  assertBuilt();
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDirOfRun = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "circleup-e2e-"));
  const template = options.template ?? "library";
  const databaseUrl = env.DATABASE_URL ?? (await ownPostgresDatabase(env, options, template));
  if (template && !databaseUrl) copyPgliteTemplate(template, dataDirOfRun);
  if (options.members?.length) {
    const { seedMembers } = await import("./members");
    await seedMembers(databaseUrl ? { databaseUrl } : { dataDir: dataDirOfRun }, options.members);
  }
  const serverEnv = { ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), DATA_DIR: dataDirOfRun };
  // Two test processes may be handed the same free port; the one that loses the race tries another.
  let attempt = 0;
  for (;;) {
    try {
      const started = await spawnAndWait(serverEnv);
      const { exited: _exited, ...running } = started;
      return { ...running, stop: stopper(started, ownsDataDir) };
    } catch (error) {
      const lostPort = error instanceof PortTaken && env.PORT === undefined && ++attempt < 5;
      if (!lostPort) throw error;
    }
  }
}

/** The server's own database on the run's PostgreSQL, when options.engine lets it have one (undefined: PGlite). */
async function ownPostgresDatabase(
  env: Record<string, string>,
  options: StartOptions,
  template: TemplateKind | false,
): Promise<string | undefined> {
  const runPostgres = suitePostgresUrl();
  if (!runPostgres || options.engine === "pglite" || env.DATA_DIR !== undefined) return undefined;
  return createDatabase(runPostgres, "server", template ? { template } : {});
}

class PortTaken extends Error {}

type Spawned = Omit<RunningServer, "stop"> & { exited: Promise<number | null> };

async function spawnAndWait(env: Record<string, string>): Promise<Spawned> {
  const { child, port, dataDir, output } = await spawnServer(env);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const logsListening = ["trace", "debug", "info", undefined].includes(env.LOG_LEVEL);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (output().includes("EADDRINUSE")) throw new PortTaken(`Port ${port} was taken`);
      throw new Error(`Server exited with ${child.exitCode}:\n${output()}`);
    }
    // Its own line first (when it logs at info), so another process on the same port is never taken for it.
    const ok =
      (!logsListening || output().includes("is listening on")) &&
      (await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become healthy within 60 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, dataDir, process: child, output, exited };
}

function stopper(server: Spawned, ownsDataDir: boolean): RunningServer["stop"] {
  return async (signal = "SIGTERM") => {
    if (server.process.exitCode === null) server.process.kill(signal);
    const code = await server.exited;
    if (ownsDataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
    return code;
  };
}
