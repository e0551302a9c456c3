// Starts CircleUp: `node server.js` serves the production build (building it
// first when it is missing or older than the sources); `node server.js --dev`
// serves through Vite with hot reload; `--no-build` serves the build as it is
// (tests). Everything else lives in server/app.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
process.env.NODE_ENV ??= dev ? "development" : "production";

const ROOT = path.dirname(new URL(import.meta.url).pathname);
const BUILD_ENTRY = path.join(ROOT, "build/server/index.js");
const SOURCES = [
  "app",
  "server",
  "drizzle",
  "public",
  "content",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
];

/** @param {string} target @returns {number} newest modification time under target */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Builds when the sources are newer than the build. A first start prints one
 * line for it: the build's own output (hundreds of lines, and its
 * deprecation notices) is kept back, and shown only when it fails;
 * `npm run build` shows all of it.
 */
function buildIfNeeded() {
  const built = fs.existsSync(BUILD_ENTRY) ? fs.statSync(BUILD_ENTRY).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built >= sources) return;
  process.stdout.write(
    built ? "Sources changed since the last build; building... " : "No build yet; building (about a minute)... ",
  );
  const started = performance.now();
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.log("failed.");
    console.error(`${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `\n${result.error.message}` : ""}`);
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${Math.round((performance.now() - started) / 1000)} s.`);
}

/** @returns {Promise<typeof import("./server/app.ts") & { vite?: import("vite").ViteDevServer }>} */
async function loadApp() {
  if (!dev) {
    if (!process.argv.includes("--no-build")) buildIfNeeded();
    return import(BUILD_ENTRY);
  }
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = /** @type {typeof import("./server/app.ts")} */ (await vite.ssrLoadModule("./server/app.ts"));
  return { ...mod, vite };
}

let mod;
try {
  mod = await loadApp();
  await mod.prepare();
} catch (error) {
  // Configuration and database problems get one clear line, not a stack.
  const err = /** @type {Error} */ (error);
  console.error(err.name === "ConfigError" ? err.message : `CircleUp could not start: ${err.message}`);
  process.exit(1);
}

const { config, logger, createApp, shutdown, closeStreams, vite } = mod;
const app = createApp({ dev });
const handler = vite
  ? /** @type {import("node:http").RequestListener} */ ((req, res) => vite.middlewares(req, res, () => app(req, res)))
  : app;

const { port, host, publicUrl } = config();
const server = (await import("node:http")).createServer(handler);
server.listen(port, host, () => {
  logger.info(
    { port, url: publicUrl, mode: dev ? "development" : "production" },
    `CircleUp is listening on ${publicUrl}`,
  );
});

let stopping = false;
/** @param {NodeJS.Signals} signal */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: finishing requests in flight");
  // Requests in flight may finish; idle keep-alive sockets are closed at once, and live streams ended.
  closeStreams().catch(() => {});
  server.close(async () => {
    await shutdown();
    await vite?.close();
    logger.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    logger.error("requests still open after 10 s; exiting");
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
